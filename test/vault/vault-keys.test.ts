/**
 * A shared store needs a configured vault key, and kiroku refuses to start when stored
 * tokens name a key id no configured key has (saying which); a merely corrupt envelope does not stop it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Closers } from '#src/app/closers.js';
import { openInfrastructure } from '#src/app/infrastructure.js';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import { ConfigError, parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { loadKeyRing, TokenVault } from '#src/vault/index.js';

const logger = createLogger('silent');
const key = () => randomBytes(32).toString('base64');

describe('vault keys and shared stores', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-vault-keys-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it.each(['redis://127.0.0.1:6379/0', 'postgresql://kiroku@127.0.0.1/kiroku'])(
    'requires VAULT_KEY or VAULT_KEYS with %s, and generates no key file',
    async (url) => {
      const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: url });
      const refused = await loadKeyRing(config, logger).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ConfigError);
      expect(String(refused)).toMatch(/VAULT_KEY: required when DATABASE_URL is a shared/);
      expect(await readdir(dataDir)).toEqual([]);
      const configured = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: url, VAULT_KEY: key() });
      expect((await loadKeyRing(configured, logger)).kids).toHaveLength(1);
    },
  );

  it('still generates a key for the embedded SQLite store', async () => {
    const config = parseConfig({ DATA_DIR: dataDir });
    expect((await loadKeyRing(config, logger)).kids).toHaveLength(1);
    expect(await readdir(dataDir)).toContain('vault.key');
  });

  async function start(env: Record<string, string>): Promise<unknown> {
    const config = parseConfig({ DATA_DIR: dataDir, ...env });
    const closers = new Closers(logger);
    try {
      await openInfrastructure(
        { config, logger, now: () => new Date(), interactionLimits: DEFAULT_INTERACTION_LIMITS },
        closers,
      );
      return 'started';
    } catch (error) {
      return error;
    } finally {
      await closers.closeAll();
    }
  }

  it('refuses to start when stored tokens carry a key id no configured key has, naming it', async () => {
    const oldKey = key();
    const newKey = key();
    const databaseUrl = `sqlite://${path.join(dataDir, 'kiroku.sqlite')}`;
    const config = parseConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      VAULT_KEYS: `old-key:${oldKey}`,
    });
    const store = await openStore(databaseUrl);
    await new TokenVault(store, await loadKeyRing(config, logger)).put('42', {
      token: 'sealed-under-old-key',
      scopes: ['read'],
      serviceUserId: 1,
      serviceUsername: 'one',
      method: 'token',
      linkedAt: new Date().toISOString(),
    });
    await store.close();

    const refused = await start({ DATABASE_URL: databaseUrl, VAULT_KEYS: `new-key:${newKey}` });
    expect(refused).toBeInstanceOf(ConfigError);
    expect(String(refused)).toMatch(/VAULT_KEYS: .*key id old-key/);
    expect(
      await start({ DATABASE_URL: databaseUrl, VAULT_KEYS: `new-key:${newKey},old-key:${oldKey}` }),
    ).toBe('started');
  });

  it('a corrupt envelope is no reason to stop', async () => {
    const databaseUrl = `sqlite://${path.join(dataDir, 'kiroku.sqlite')}`;
    const store = await openStore(databaseUrl);
    await store.collection('vault', z.string()).set('43', 'not-an-envelope');
    await store.close();
    expect(await start({ DATABASE_URL: databaseUrl, VAULT_KEY: key() })).toBe('started');
  });
});
