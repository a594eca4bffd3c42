/** CI's dependency audit fails on an advisory and says plainly when it could not check. */
import { spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const script = path.join(root, '.ci', 'audit.mjs');

describe('.ci/audit.mjs', () => {
  let fakeBin: string;
  beforeAll(async () => {
    // A stand-in npm that answers `npm audit --json` with what the test sets.
    fakeBin = await mkdtemp(path.join(tmpdir(), 'kiroku-fake-npm-'));
    const npm = path.join(fakeBin, 'npm');
    await writeFile(npm, '#!/bin/sh\nprintf "%s" "$FAKE_AUDIT_JSON"\nexit "$FAKE_AUDIT_STATUS"\n');
    await chmod(npm, 0o755);
  });
  afterAll(async () => {
    await rm(fakeBin, { recursive: true, force: true });
  });

  function audit(report: unknown, status: number) {
    const run = spawnSync(process.execPath, [script], {
      encoding: 'utf8',
      env: {
        ...process.env,
        PATH: `${fakeBin}${path.delimiter}${process.env.PATH ?? ''}`,
        FAKE_AUDIT_JSON: JSON.stringify(report),
        FAKE_AUDIT_STATUS: String(status),
      },
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  }

  it('passes with no advisories', () => {
    const result = audit({ vulnerabilities: {}, metadata: { vulnerabilities: { total: 0 } } }, 0);
    expect(result.status).toBe(0);
    expect(result.output).toMatch(/no known advisories/);
  });

  it('fails on a real advisory, naming the package', () => {
    const report = {
      vulnerabilities: { undici: { severity: 'high', range: '<6.21.1' } },
      metadata: { vulnerabilities: { high: 1, total: 1 } },
    };
    const result = audit(report, 1);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(/undici \(high\)/);
  });

  it('says plainly that nothing was checked when the advisory endpoint answers 405, and goes on', () => {
    const report = {
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
    };
    const result = audit(report, 1);
    expect(result.status).toBe(0);
    expect(result.output).toMatch(/NOT CHECKED.*405 Method Not Allowed/);
  });

  it('runs in CI', async () => {
    expect(await readFile(path.join(root, '.ci', 'run'), 'utf8')).toMatch(/^node \.ci\/audit\.mjs$/m);
  });
});
