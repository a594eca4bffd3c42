import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../discord/fake-discord.js';
import { DEMO_TOKENS, DEMO_WORKS } from '../emulator/seed.js';
import { type Emulator, startEmulator } from '../emulator/server.js';

/** `npm start` as a real process: SIGTERM and SIGINT finish the work in flight and exit within 10 s. */
describe('graceful shutdown of the real process', () => {
  let discord: FakeDiscord;
  let emulator: Emulator;
  let dataDir: string;
  let bot: ChildProcess | undefined;
  let output = '';

  beforeEach(async () => {
    discord = await startFakeDiscord({ guilds: 1 });
    emulator = await startEmulator({ seed: 'demo' });
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-stop-'));
  });
  afterEach(async () => {
    bot?.kill('SIGKILL');
    await discord.close();
    await emulator.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startBot(): Promise<ChildProcess> {
    output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        DISCORD_TOKEN: discord.botToken,
        DISCORD_REST_URL: discord.restUrl,
        SERVICE_URL: emulator.url,
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

  it('a bad configuration stops the start with one message naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, DISCORD_TOKEN: 'x', DEFAULT_TIMEZONE: 'Nowhere/Else', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += String(chunk);
    });
    expect(await exited(child)).not.toBe(0);
    expect(stderr.trim()).toBe(
      'kiroku cannot start: DEFAULT_TIMEZONE: must be an IANA time zone such as Asia/Tokyo',
    );
  });
});
