import { afterEach, describe, expect, it } from 'vitest';
import { smokeCommand } from '#src/cli/smoke.js';
import { runSmoke } from '#src/cli/smoke-checks.js';
import { DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

/** rateLimit: the service's own 4 requests/s per IP. */
async function start(rateLimit = false): Promise<Emulator> {
  emulator = await startEmulator({ rateLimit });
  return emulator;
}

function capture() {
  const chunks: string[] = [];
  return { write: (text: string) => chunks.push(text), text: () => chunks.join('') };
}

function env(emu: Emulator, extra: Record<string, string> = {}): Record<string, string> {
  return { SERVICE_URL: emu.url, SERVICE_RATE_PER_SECOND: '20', ...extra };
}

describe('npm run smoke', () => {
  it('checks every read operation once, within the budget, and prints a table without the token', async () => {
    const emu = await start(true);
    emu.resetStats();
    const out = capture();
    const err = capture();
    // The operator's default budget, 3 requests/s, against the service's limit.
    const code = await smokeCommand(
      [],
      env(emu, { SERVICE_TOKEN: DEMO_TOKENS.alice, SERVICE_RATE_PER_SECOND: '3' }),
      out,
      err,
    );
    expect(err.text()).toBe('');
    expect(code).toBe(0);
    const text = out.text();
    for (const operation of [
      'me',
      'token_info',
      'works',
      'episodes',
      'records',
      'people',
      'search_users',
      'activities',
      'followers',
      'following',
      'following_activities',
      'my_works',
      'my_programs',
    ]) {
      expect(text).toMatch(new RegExp(`^${operation}\\s+200\\s+(\\d+|-)\\s+ok$`, 'm'));
    }
    expect(text).toContain('all 14 responses fit');
    expect(text).not.toContain(DEMO_TOKENS.alice);
    // Read-only, one request per check, no 429 from the service's per-IP limit.
    expect(emu.stats.requests).toBe(14);
    expect(emu.stats.rateLimited).toBe(0);
    expect(emu.data.records.size).toBeGreaterThan(0);
  });

  it('--token overrides SERVICE_TOKEN and is not echoed either', async () => {
    const emu = await start();
    const out = capture();
    const code = await smokeCommand(
      ['--token', DEMO_TOKENS.bob],
      env(emu, { SERVICE_TOKEN: 'nope' }),
      out,
      capture(),
    );
    expect(code).toBe(0);
    expect(out.text()).not.toContain(DEMO_TOKENS.bob);
  });

  it('an item that does not fit is a mismatch naming its path, and exits 1', async () => {
    const emu = await start();
    // The most-watched work's title becomes a number: the works page no longer fits its schema.
    const work = [...emu.data.works.values()].find((w) => w.id === DEMO_WORKS.soraNote);
    if (!work) throw new Error('no demo work');
    (work as unknown as { title: unknown }).title = 42;
    const report = await runSmoke({ baseUrl: emu.url, token: DEMO_TOKENS.alice, ratePerSecond: 20 });
    expect(report.ok).toBe(false);
    const works = report.checks.find((check) => check.operation === 'works');
    expect(works).toMatchObject({ status: 200, result: 'mismatch' });
    expect(works?.detail).toMatch(/^item \d+\.title: invalid_type/);

    const out = capture();
    expect(await smokeCommand([], env(emu, { SERVICE_TOKEN: DEMO_TOKENS.alice }), out, capture())).toBe(1);
    expect(out.text()).toMatch(/^works\s+200\s+\d+\s+mismatch: item \d+\.title/m);
  });

  it('a body that is not the expected shape at all is a mismatch; a refused token is an error', async () => {
    const emu = await start();
    emu.faults.malformed = true;
    const broken = await runSmoke({ baseUrl: emu.url, token: DEMO_TOKENS.alice, ratePerSecond: 20 });
    expect(broken.checks[0]).toMatchObject({ operation: 'me', status: 200, result: 'mismatch' });
    emu.faults.malformed = false;

    const out = capture();
    expect(await smokeCommand(['--token', 'revoked-or-wrong'], env(emu), out, capture())).toBe(1);
    expect(out.text()).toMatch(/^me\s+401\s+-\s+error: /m);
    expect(out.text()).not.toContain('revoked-or-wrong');
  });

  it('without a token it says how to give one', async () => {
    const emu = await start();
    const err = capture();
    expect(await smokeCommand([], env(emu), capture(), err)).toBe(2);
    expect(err.text()).toContain('SERVICE_TOKEN');
  });
});
