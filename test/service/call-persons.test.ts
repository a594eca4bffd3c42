/**
 * Every call made for a person carries the person. The client's entry points for
 * people's calls take the person as a required argument, so the compiler finds a call site that
 * forgets it (the `@ts-expect-error` lines below fail `npm run typecheck` if that ever stops being
 * so), and the calls made for no one are the exceptions listed here.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CallOptions, OAuthCallOptions } from '#src/service/index.js';

/** The calls made for no Discord user, by file: each says why. */
const MADE_FOR_NO_ONE: Readonly<Record<string, string>> = {
  'src/cli/smoke-checks.ts': "the operator's smoke check: no one on Discord waits for it",
  'src/accounts/oauth-confirmations.ts': 'the sweep that revokes expired OAuth links: a job',
};

/** Where calls at the jobs' priorities (announcement, poll) are made: only the jobs. */
const JOBS = 'src/jobs/';

const ROOT = path.resolve(import.meta.dirname, '../..');

async function sources(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function filesMatching(pattern: RegExp): Promise<string[]> {
  const files = [...(await sources('src')), ...(await sources('commands'))];
  const found: string[] = [];
  for (const file of files) if (pattern.test(await readFile(path.join(ROOT, file), 'utf8'))) found.push(file);
  return found.sort();
}

describe('the person a call is made for', () => {
  it('is required by the client at the people priorities and by the OAuth client', () => {
    // @ts-expect-error an interactive call must say whom it is for
    const lookup: CallOptions = { token: 't', priority: 'interactive' };
    // @ts-expect-error so must a write
    const write: CallOptions = { token: 't', priority: 'write' };
    // @ts-expect-error and every OAuth call (the token form's check, the code exchange, a revoke)
    const oauth: OAuthCallOptions = { maxWaitMs: 1 };
    // The jobs' priorities need none.
    const poll: CallOptions = { token: 't', priority: 'poll' };
    const forAlice: CallOptions = { token: 't', priority: 'interactive', person: '310000000000000001' };
    expect([lookup, write, oauth, poll, forAlice]).toHaveLength(5);
  });

  it('is left out (person: null) only where the list of exceptions says why', async () => {
    expect(await filesMatching(/person: null\b/)).toEqual(Object.keys(MADE_FOR_NO_ONE).sort());
  });

  it('is optional only for the jobs, the only code that calls at announcement or poll priority', async () => {
    // A literal priority, not the type that names them (`'announcement' | 'poll'`).
    const found = await filesMatching(/priority: '(announcement|poll)'(?!\s*\|)/);
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((file) => !file.startsWith(JOBS))).toEqual([]);
  });
});
