/**
 * Readable logs while developing. `npm run dev` (tsx, src/dev.ts) prints pretty
 * lines, not JSON; and the compose log command the docs give feeds pino-pretty lines it can read:
 * with compose's `kiroku-1  | ` prefix pino-pretty passes a line through untouched, so the documented
 * command must drop it (`--no-log-prefix`).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '#src/logger.js';
import { fakesEnv } from './support/fakes-env.js';
import { type BotProcess, REPO_ROOT, spawnBot, TSX_LOADER } from './support/spawn-bot.js';
import { useFakes } from './support/use-fakes.js';

const PINO_PRETTY = path.join(REPO_ROOT, 'node_modules', '.bin', 'pino-pretty');

describe('npm run dev', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 1 } });
  let bot: BotProcess | undefined;
  let dataDir = '';
  afterAll(async () => {
    bot?.kill();
    await bot?.exited;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs the script npm runs and prints readable lines, not JSON', async () => {
    const script = (
      JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        scripts: { dev: string };
      }
    ).scripts.dev.split(' ');
    expect(script[0]).toBe('tsx');
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-dev-'));
    const env = { PATH: process.env.PATH, ...fakesEnv(discord, emulator), DATA_DIR: dataDir };
    // tsx's CLI is node with tsx's loader: the script's own flags and file, as npm would run them.
    bot = spawnBot(
      [
        '--import',
        TSX_LOADER,
        ...script.slice(1).map((arg) => (arg.endsWith('.ts') ? path.join(REPO_ROOT, arg) : arg)),
      ],
      {
        cwd: dataDir,
        env,
      },
    );
    await bot.waitFor('kiroku is ready', 60_000);
    const ready =
      bot
        .output()
        .split('\n')
        .find((line) => line.includes('kiroku is ready')) ?? '';
    expect(ready).toMatch(/INFO/);
    expect(ready.trimStart().startsWith('{')).toBe(false);
  });
});

describe('the documented compose log command', () => {
  const documented = readFileSync(path.join(REPO_ROOT, 'docs/operations.md'), 'utf8')
    .split('\n')
    .filter((line) => /docker compose logs/.test(line));

  /** One JSON log line as kiroku writes it. */
  function logLine(): string {
    let line = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        line += chunk.toString();
        callback();
      },
    });
    createLogger('info', sink).info({ user: '1' }, 'kiroku is ready');
    return line;
  }
  const pretty = (input: string) =>
    spawnSync(PINO_PRETTY, ['--no-color'], { input, encoding: 'utf8' }).stdout;

  it('drops compose’s prefix, so pino-pretty can read every line', () => {
    expect(documented.length).toBeGreaterThan(0);
    for (const line of documented)
      expect(line).toMatch(/docker compose logs -f --no-log-prefix kiroku \| npx\s*(pino-pretty)?/);
    const json = logLine();
    expect(pretty(json)).toMatch(/INFO.*kiroku is ready/);
    // What compose writes without --no-log-prefix: pino-pretty leaves it as it was.
    expect(pretty(`kiroku-1  | ${json}`)).toContain('{"level":30');
  });
});
