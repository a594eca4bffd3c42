/**
 * Every run of the TypeScript sources passes the `source` condition: without it `#src/…` imports
 * resolve to the compiled dist/src/, and a stale build would run beside the sources unnoticed.
 * Child processes take the flags from SOURCE_FLAGS (test/support/spawn-bot.ts), the tsx CLI takes
 * `--conditions=source`.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-bot.js';

/** tsx's loader named by hand (`'--import', 'tsx'` or its resolved URL) instead of SOURCE_FLAGS. */
const LOADER_BY_HAND = /['"]--import['"],\s*['"]tsx['"]|resolve\(\s*['"]tsx['"]\s*\)/;

async function sourceFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(REPO_ROOT, folder), { recursive: true });
  return entries.filter((entry) => entry.endsWith('.ts')).map((entry) => path.join(folder, entry));
}

describe('source runs', () => {
  it('start child processes with SOURCE_FLAGS, and the tsx CLI with --conditions=source', async () => {
    const offenders: string[] = [];
    for (const file of [...(await sourceFiles('test')), ...(await sourceFiles('bench'))]) {
      if (
        file === path.join('test', 'support', 'spawn-bot.ts') ||
        file === path.join('test', 'tooling', 'source-runs.test.ts')
      )
        continue;
      const text = await readFile(path.join(REPO_ROOT, file), 'utf8');
      if (LOADER_BY_HAND.test(text)) offenders.push(`${file}: names tsx's loader instead of SOURCE_FLAGS`);
      // bench/spawn.ts starts the tsx CLI itself, as `npm run dev` does.
      if (text.includes('[TSX_BIN') && !text.includes('--conditions=source'))
        offenders.push(`${file}: starts the tsx CLI without --conditions=source`);
    }
    expect(offenders).toEqual([]);
  });

  it('pass --conditions=source in every npm script that runs tsx', async () => {
    const { scripts } = JSON.parse(await readFile(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const tsxScripts = Object.entries(scripts).filter(([, command]) => /(^|\s)tsx\s/.test(command));
    expect(tsxScripts.map(([name]) => name)).toEqual(expect.arrayContaining(['dev', 'emulator', 'bench']));
    for (const [name, command] of tsxScripts) expect(command, name).toContain('tsx --conditions=source ');
  });
});
