/**
 * Safe operator commands, each run as the operator runs it (a child process).
 * `--help` prints the usage with no usable configuration and touches nothing; a typo such as
 * `--gild 123` stops with exit code 2 and one line naming it, before anything is registered, rotated
 * or written; `deploy-commands --clear` removes what is registered; `vault:rotate` shows its plan
 * and changes nothing without `--yes`.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openStore } from '#src/store/index.js';
import { KeyRing, type StoredToken, TokenVault, VAULT_COLLECTION } from '#src/vault/index.js';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { REPO_ROOT, SOURCE_FLAGS } from '../support/spawn-bot.js';

const SCRIPTS = ['admin', 'backup', 'restore', 'deploy-commands', 'vault-rotate', 'smoke'] as const;

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<Outcome> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...SOURCE_FLAGS, path.join(REPO_ROOT, 'src/cli', `${script}.ts`), ...args],
      { cwd, env: { PATH: process.env.PATH, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: unknown }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

const token = (value: string): StoredToken => ({
  token: value,
  scopes: ['read'],
  serviceUserId: 1,
  serviceUsername: 'someone',
  method: 'token',
  linkedAt: '2026-11-25T00:00:00.000Z',
});

describe('operator commands parse strictly and change nothing unless asked', () => {
  let discord: FakeDiscord;
  let root: string;
  beforeAll(async () => {
    discord = await startFakeDiscord({ guilds: 1 });
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-cli-'));
  });
  afterAll(async () => {
    await discord?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  /** Settings a typo must never get to use, and that --help must never read: LOG_LEVEL is not valid. */
  const unusable = () => ({
    DISCORD_TOKEN: discord.botToken,
    DISCORD_REST_URL: discord.restUrl,
    DATA_DIR: path.join(root, 'untouched'),
    LOG_LEVEL: 'not-a-level',
  });

  it.each(SCRIPTS)('%s --help prints its usage without configuration and touches nothing', async (script) => {
    const result = await runScript(script, ['--help'], unusable(), root);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).toMatch(/^Usage: npm run /);
    expect(result.stdout).toContain(`node dist/src/cli/${script}.js`);
    expect(existsSync(path.join(root, 'untouched'))).toBe(false);
    expect(discord.registeredCommands()).toEqual([]);
  });

  it.each(SCRIPTS)('%s --gild 123 stops with exit code 2 and one line naming it', async (script) => {
    const result = await runScript(script, ['--gild', '123'], unusable(), root);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--gild');
    expect(existsSync(path.join(root, 'untouched'))).toBe(false);
    expect(discord.registeredCommands()).toEqual([]);
  });

  it('deploy-commands --clear removes the commands registered in a server, or globally', async () => {
    const env = { DISCORD_TOKEN: discord.botToken, DISCORD_REST_URL: discord.restUrl };
    const guildId = discord.guildIds[0] ?? '';
    await runScript('deploy-commands', ['--guild', guildId], env, root);
    await runScript('deploy-commands', [], env, root);
    expect(discord.registeredCommands(guildId).length).toBeGreaterThan(10);
    const inGuild = await runScript('deploy-commands', ['--guild', guildId, '--clear'], env, root);
    expect(inGuild.stdout).toMatch(new RegExp(`^Removed \\d+ commands registered in guild ${guildId}\\.`));
    expect(discord.registeredCommands(guildId)).toEqual([]);
    expect(discord.registeredCommands().length).toBeGreaterThan(10);
    const global = await runScript('deploy-commands', ['--clear'], env, root);
    expect(global.stdout).toMatch(/^Removed \d+ commands registered globally\./);
    expect(discord.registeredCommands()).toEqual([]);
  });

  it('vault:rotate shows what it would re-seal and needs --yes to do it', async () => {
    const dataDir = path.join(root, 'vault');
    const [keyA, keyB] = [randomBytes(32), randomBytes(32)];
    const store = await openStore(`sqlite://${path.join(dataDir, 'kiroku.sqlite')}`);
    const envelopes = store.collection(VAULT_COLLECTION, z.string());
    await new TokenVault(store, KeyRing.fromKeys([{ kid: 'a', key: keyA }])).put(
      '100000000000000001',
      token('t'),
    );
    const before = await envelopes.get('100000000000000001');
    const env = {
      DATA_DIR: dataDir,
      VAULT_KEYS: `b:${keyB.toString('base64')},a:${keyA.toString('base64')}`,
    };
    const planned = await runScript('vault-rotate', [], env, root);
    expect(planned.code).toBe(1);
    expect(planned.stdout).toContain('to re-seal with it: 1 (1 sealed with key a)');
    expect(planned.stdout).toContain('Run again with --yes');
    expect(await envelopes.get('100000000000000001')).toBe(before);
    const done = await runScript('vault-rotate', ['--yes'], env, root);
    expect(done).toMatchObject({
      code: 0,
      stdout: 'vault rotation: 1 re-sealed, 0 already current, 0 failed\n',
    });
    expect(await envelopes.get('100000000000000001')).not.toBe(before);
    await store.close();
  });
});
