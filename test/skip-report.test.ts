import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/skip-report/', import.meta.url));
const VITEST = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));

/** Runs the fixture project (one skipped suite, one passing test) with or without CI set. */
async function runFixture(ci: boolean): Promise<{ code: number; stdout: string }> {
  const { CI: _ci, ...env } = process.env;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [VITEST, 'run', '--config', 'vitest.config.ts', '--color=false'],
      { cwd: FIXTURE, env: { ...env, NO_COLOR: '1', ...(ci ? { CI: 'true' } : {}) } },
    );
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

describe('skipped tests in the summary', () => {
  it('are listed with the reason their suite gives', async () => {
    const { code, stdout } = await runFixture(false);
    expect(code).toBe(0);
    expect(stdout).toContain('Skipped 1 test:');
    expect(stdout).toContain('skipping.fixture.ts (1): a server suite: the-server is not installed here');
  });

  it('fail the run under CI', async () => {
    const { code, stdout } = await runFixture(true);
    expect(code).toBe(1);
    expect(stdout).toContain('a skipped test fails the run');
  });
});
