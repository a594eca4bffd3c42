import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeVerdict } from '#src/node-support.js';
import { DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { fakesEnv } from '../support/fakes-env.js';
import { directoryWithEnvExample, FROM_SOURCE } from '../support/spawn-bot.js';
import { useFakes } from '../support/use-fakes.js';

/** stdout without the one warning a runnable but unsupported Node gets at start (src/node-check.ts). */
function withoutNodeWarning(stdout: string): string {
  // The child runs on this same Node (process.execPath).
  const verdict = nodeVerdict();
  const warning = verdict.kind === 'unsupported' ? verdict.warning : undefined;
  return stdout
    .split('\n')
    .filter((line) => line !== '' && !(warning && line.includes(warning)))
    .join('\n');
}

/**
 * `npm start` as a real process: SIGTERM and SIGINT finish the work in flight and exit within 10 s.
 * It runs where the README's first step left a copy of `.env.example` as `.env`.
 */
describe('graceful shutdown of the real process', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 1 }, perTest: true });
  let dataDir: string;
  let bot: ChildProcess | undefined;
  let output = '';

  beforeEach(async () => {
    dataDir = await directoryWithEnvExample('kiroku-stop-');
  });
  afterEach(async () => {
    bot?.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startBot(): Promise<ChildProcess> {
    output = '';
    const child = spawn(process.execPath, FROM_SOURCE, {
      cwd: dataDir,
      env: {
        ...process.env,
        ...fakesEnv(discord, emulator),
        SERVICE_TOKEN: DEMO_TOKENS.carol,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    for (let i = 0; i < 300 && !output.includes('kiroku is ready'); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(output).toContain('kiroku is ready');
    return child;
  }

  const exited = (child: ChildProcess) =>
    new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: answers the interaction in flight, then exits 0 within 10 s`, async () => {
      bot = await startBot();
      emulator.faults.latencyMs = 2_000;
      const pending = await discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(DEMO_WORKS.soraNote) },
      });
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const exit = exited(bot);
      bot.kill(signal);
      const reply = await pending.reply(10_000);
      expect(reply.embeds[0]?.title).toBeTruthy();
      expect(await exit).toBe(0);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(output).toContain('stopping');
    });
  }

  const startFailure = async (env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, FROM_SOURCE, {
      cwd: dataDir,
      env: { ...process.env, DISCORD_TOKEN: 'x', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    const code = await exited(child);
    return { code, stdout, stderr };
  };

  it('a bad configuration stops the start with one message naming the variable', async () => {
    const failure = await startFailure({ DEFAULT_TIMEZONE: 'Nowhere/Else' });
    expect(failure.code).toBe(78);
    expect(failure.stdout).toBe('');
    expect(failure.stderr.trim()).toBe(
      'kiroku cannot start: DEFAULT_TIMEZONE: must be an IANA time zone such as Asia/Tokyo',
    );
  });

  it('a configuration error found later in the start (the store) also prints only the message', async () => {
    const failure = await startFailure({ DATABASE_URL: 'sqlite://' });
    expect(failure.code).toBe(78);
    // On a Node outside the supported range the logger's first line is that warning (node-check.ts).
    expect(withoutNodeWarning(failure.stdout)).toBe('');
    expect(failure.stderr.trim()).toBe(
      'kiroku cannot start: DATABASE_URL: sqlite:// needs a file path, e.g. sqlite://./data/kiroku.sqlite',
    );
  });
});
