/**
 * The README followed literally on a fresh clone: its set-up commands, then its quick start's shell
 * commands in order, in a copy of the working tree, against the fake Discord and the emulator. The
 * Discord web steps (create the application, invite it) are what the fake Discord starts with: the
 * bot is in one server. The quick start ends where the README says it does: a lookup before linking
 * anything, and a record after linking.
 *
 * Two things stand in: `npm ci` is checked, not run (it already ran before this test, and running it
 * again would reinstall from the registry; the clone links that node_modules), and the fakes' URLs
 * are given in the environment, as in the image test. Everything else runs as written.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOKUP_TOKEN, lookupThenRecord } from '../support/first-hour.js';
import { REPO_ROOT } from '../support/spawn-bot.js';
import { stopChild } from '../support/stop-child.js';
import { useFakes } from '../support/use-fakes.js';
import { readDoc, type ShellLine, section, shellLines } from './markdown.js';

const run = promisify(execFile);

const README = readDoc('README.md');
const SET_UP = shellLines(section(README, 'Set-up commands'));
const QUICK_START = shellLines(section(README, 'Quick start'));

/** The clone: every file git would check out (tracked, or new and not ignored), as in the working tree. */
async function freshClone(root: string): Promise<string> {
  const clone = path.join(root, 'kiroku');
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const file of stdout.split('\0').filter(Boolean)) {
    await mkdir(path.dirname(path.join(clone, file)), { recursive: true });
    await copyFile(path.join(REPO_ROOT, file), path.join(clone, file)).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error; // deleted in the working tree, not yet committed
      },
    );
  }
  return clone;
}

/** `# then set A and B in .env`: the variables the README tells the reader to fill in. */
function variablesToSet(line: ShellLine): string[] {
  return [...(line.comment ?? '').matchAll(/\b([A-Z][A-Z0-9_]+)\b/g)].map((m) => m[1] ?? '');
}

/** What a reader does in an editor: give each named variable its value, uncommenting its line. */
async function fillEnv(file: string, values: Record<string, string>): Promise<void> {
  let text = await readFile(file, 'utf8');
  for (const [name, value] of Object.entries(values)) {
    const line = new RegExp(`^#? ?${name}=.*$`, 'm');
    expect(text, `.env.example has a line for ${name}`).toMatch(line);
    text = text.replace(line, `${name}=${value}`);
  }
  await writeFile(file, text);
}

describe('the README, followed on a fresh clone', () => {
  const { discord, emulator } = useFakes({
    discord: { guilds: 1 },
    emulator: { seed: 'demo', rateLimit: false },
  });
  let root: string;
  let clone: string;
  let bot: ChildProcess | undefined;
  let botOutput = '';

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-readme-'));
    clone = await freshClone(root);
  }, 120_000);

  afterAll(async () => {
    if (bot) await stopChild(bot, { group: true });
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('gives the two set-up commands, and CI runs the test one', async () => {
    expect(SET_UP.map((line) => line.command)).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    const ci = await readFile(path.join(REPO_ROOT, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b/m);
    expect(ci).toMatch(/^npm test$/m);
  });

  it('quick start: Discord’s order (create, invite, register, start) and where the lookup token is made', () => {
    const steps = section(README, 'Quick start');
    const order = ['developers/applications', 'oauth2/authorize', 'deploy-commands', 'npm start'].map(
      (text) => steps.indexOf(text),
    );
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(steps).toContain('SERVICE_TOKEN');
    expect(steps).toContain('https://annict.com/settings/apps');
    expect(steps).toMatch(/Read only/);
  });

  it('quick start: each shell command in order reaches a working lookup and record', async () => {
    const guildId = discord.guildIds[0] ?? '';
    // The stand-ins for Discord and the service; the reader's environment has neither.
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DISCORD_REST_URL: discord.restUrl,
      SERVICE_URL: emulator.url,
    };
    const commands = QUICK_START.map((line) => line.command);
    expect(commands.at(-1)).toBe('npm start');
    for (const line of QUICK_START) {
      const command = line.command.replace('<server id>', guildId);
      expect(command, 'a placeholder left unfilled').not.toMatch(/<[^>]+>/);
      if (command === 'npm ci') {
        await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(clone, 'node_modules'));
        continue;
      }
      if (command === 'npm start') {
        bot = spawn('bash', ['-c', command], { cwd: clone, env, detached: true, stdio: 'pipe' });
        bot.stdout?.on('data', (chunk) => {
          botOutput += String(chunk);
        });
        bot.stderr?.on('data', (chunk) => {
          botOutput += String(chunk);
        });
        continue;
      }
      await run('bash', ['-c', command], { cwd: clone, env, timeout: 240_000 });
      if (command.startsWith('cp .env.example .env')) {
        const named = variablesToSet(line);
        expect(named).toEqual(['DISCORD_TOKEN', 'SERVICE_TOKEN']);
        await fillEnv(path.join(clone, '.env'), {
          DISCORD_TOKEN: discord.botToken,
          SERVICE_TOKEN: LOOKUP_TOKEN,
        });
      }
    }
    expect(discord.registeredCommands(guildId).map((c) => c.name)).toEqual(
      expect.arrayContaining(['work', 'record', 'account', 'help']),
    );
    const deadline = Date.now() + 120_000;
    while (!botOutput.includes('kiroku is ready')) {
      if (bot?.exitCode !== null) throw new Error(`npm start exited:\n${botOutput}`);
      if (Date.now() > deadline) throw new Error(`not ready:\n${botOutput}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(botOutput).not.toContain('no slash commands are registered');
    await lookupThenRecord(discord, emulator);
  }, 420_000);
});
