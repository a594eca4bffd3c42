import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { rotateVault } from '#src/cli/vault-rotate.js';
import { parseConfig } from '#src/config.js';
import { openStore, type Store } from '#src/store/index.js';
import {
  KeyRing,
  loadKeyRing,
  type StoredToken,
  TokenVault,
  VAULT_COLLECTION,
  VaultError,
} from '#src/vault/index.js';
import { captureLogger } from '../support/log-capture.js';

const alice = '111111111111111111';
const bob = '222222222222222222';

function token(secret: string, overrides: Partial<StoredToken> = {}): StoredToken {
  return {
    token: secret,
    scopes: ['read', 'write'],
    serviceUserId: 7,
    serviceUsername: 'alice',
    method: 'token',
    linkedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const base64Key = () => randomBytes(32).toString('base64');

let dataDir: string;
let store: Store;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-vault-'));
  store = await openStore(`sqlite://${path.join(dataDir, 'kiroku.sqlite')}`);
});

afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function vaultErrorOf(promise: Promise<unknown>): Promise<VaultError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(VaultError);
  return error as VaultError;
}

describe('TokenVault', () => {
  it('round-trips a token record per user; has/delete/userIds', async () => {
    const vault = new TokenVault(store, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    expect(await vault.get(alice)).toBeUndefined();
    expect(await vault.has(alice)).toBe(false);
    await vault.put(alice, token('alice-secret'));
    await vault.put(bob, token('bob-secret', { method: 'oauth', serviceUserId: 8, scopes: ['read'] }));
    expect(await vault.get(alice)).toEqual(token('alice-secret'));
    expect((await vault.get(bob))?.method).toBe('oauth');
    expect(await vault.has(alice)).toBe(true);
    const ids: string[] = [];
    for await (const id of vault.userIds()) ids.push(id);
    expect(ids.sort()).toEqual([alice, bob]);
    expect(await vault.delete(alice)).toBe(true);
    expect(await vault.delete(alice)).toBe(false);
    expect(await vault.get(alice)).toBeUndefined();
  });

  it('refuses to store an invalid record and does not echo it', async () => {
    const vault = new TokenVault(store, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    const bad = { ...token('secret-in-bad-record'), method: 'password' } as unknown as StoredToken;
    const error = await vaultErrorOf(vault.put(alice, bad));
    expect(error.reason).toBe('invalid-content');
    expect(error.message).toContain('method');
    expect(error.message).not.toContain('secret-in-bad-record');
  });

  it('throws (never "absent") for an envelope moved to another user, and leaves it in place', async () => {
    const vault = new TokenVault(store, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    await vault.put(alice, token('alice-secret'));
    const envelopes = store.collection(VAULT_COLLECTION, z.string());
    const aliceEnvelope = await envelopes.get(alice);
    await envelopes.set(bob, aliceEnvelope ?? '');
    const error = await vaultErrorOf(vault.get(bob));
    expect(error.reason).toBe('auth-failed');
    expect(error.message).not.toContain('alice-secret');
    expect(await vault.has(bob)).toBe(true);
    expect(await envelopes.get(bob)).toBe(aliceEnvelope);
  });

  it('throws for a record that is not an envelope at all', async () => {
    const vault = new TokenVault(store, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    await store.collection(VAULT_COLLECTION, z.number()).set(alice, 12);
    expect((await vaultErrorOf(vault.get(alice))).reason).toBe('unreadable-record');
    await store.collection(VAULT_COLLECTION, z.string()).set(alice, 'v1.garbage');
    expect((await vaultErrorOf(vault.get(alice))).reason).toBe('malformed');
  });

  it('fails closed under the wrong key', async () => {
    await new TokenVault(store, KeyRing.fromKeys([{ kid: 'k1', key: randomBytes(32) }])).put(
      alice,
      token('s3cr3t'),
    );
    const sameId = new TokenVault(store, KeyRing.fromKeys([{ kid: 'k1', key: randomBytes(32) }]));
    expect((await vaultErrorOf(sameId.get(alice))).reason).toBe('auth-failed');
    const otherId = new TokenVault(store, KeyRing.fromKeys([{ kid: 'k2', key: randomBytes(32) }]));
    const error = await vaultErrorOf(otherId.get(alice));
    expect(error.reason).toBe('unknown-key');
    expect(error.message).toContain('"k1"');
  });

  it('rotates from key A to B: afterwards everything opens with B alone; failures are counted and left untouched', async () => {
    const logger = captureLogger().logger;
    const keyA = base64Key();
    const keyB = base64Key();
    const ringA = await loadKeyRing({ vaultKey: keyA, vaultKeys: undefined, dataDir }, logger);
    const users = Array.from({ length: 25 }, (_, index) => String(100000000000000000n + BigInt(index)));
    const vaultA = new TokenVault(store, ringA);
    for (const user of users) await vaultA.put(user, token(`secret-${user}`));

    // An envelope under a key nobody has any more: it must survive rotation byte for byte.
    const stray = KeyRing.fromKeys([{ kid: 'lost', key: randomBytes(32) }]);
    await new TokenVault(store, stray).put(bob, token('lost-secret'));
    const envelopes = store.collection(VAULT_COLLECTION, z.string());
    const strayEnvelope = await envelopes.get(bob);

    const ringBA = await loadKeyRing(
      { vaultKey: undefined, vaultKeys: `b:${keyB},a:${keyA}`, dataDir },
      logger,
    );
    const vaultBA = new TokenVault(store, ringBA, { logger });
    expect(await vaultBA.rotate()).toEqual({ rotated: users.length, unchanged: 0, failed: 1 });
    expect(await envelopes.get(bob)).toBe(strayEnvelope);
    expect(await vaultBA.rotate()).toEqual({ rotated: 0, unchanged: users.length, failed: 1 });

    const ringB = await loadKeyRing({ vaultKey: undefined, vaultKeys: `b:${keyB}`, dataDir }, logger);
    const vaultB = new TokenVault(store, ringB);
    for (const user of users) expect((await vaultB.get(user))?.token).toBe(`secret-${user}`);
    for await (const [, envelope] of envelopes.entries()) {
      if (envelope !== strayEnvelope) expect(envelope.startsWith('v1.b.')).toBe(true);
    }
  });

  it('rotation never overwrites a link that lands between its read and its write', async () => {
    const keyA = base64Key();
    const keyB = base64Key();
    const ringA = KeyRing.fromKeys([{ kid: 'a', key: Buffer.from(keyA, 'base64') }]);
    const ringBA = KeyRing.fromKeys([
      { kid: 'b', key: Buffer.from(keyB, 'base64') },
      { kid: 'a', key: Buffer.from(keyA, 'base64') },
    ]);
    const bot = new TokenVault(store, ringA);
    await bot.put(alice, token('old-token'));

    // The running bot links alice again just as the rotation is about to write her envelope.
    let raced = false;
    const raceOnce = async () => {
      if (raced) return;
      raced = true;
      await bot.put(alice, token('new-token'));
    };
    const racing: Store = {
      collection(name, schema) {
        const inner = store.collection(name, schema);
        return new Proxy(inner, {
          get(target, property) {
            if (property === 'set' || property === 'update')
              return async (...args: unknown[]) => {
                await raceOnce();
                return (Reflect.get(target, property) as (...a: unknown[]) => unknown).apply(target, args);
              };
            const value: unknown = Reflect.get(target, property);
            return typeof value === 'function' ? value.bind(target) : value;
          },
        });
      },
      purgeExpired: () => store.purgeExpired(),
      ping: () => store.ping(),
      close: () => store.close(),
    };
    const result = await new TokenVault(racing, ringBA).rotate();
    expect(raced).toBe(true);
    expect(result.rotated).toBe(0);
    expect((await new TokenVault(store, ringBA).get(alice))?.token).toBe('new-token');
  });

  it('leaves no token bytes in the SQLite files (database, WAL, journal)', async () => {
    const secret = 'KNOWN-TOKEN-e3b0c44298fc1c149afbf4c8996fb924';
    const vault = new TokenVault(store, KeyRing.fromKeys([{ key: randomBytes(32) }]));
    await vault.put(alice, token(secret, { serviceUsername: 'alice-the-user' }));
    await vault.put(bob, token(secret));
    expect((await vault.get(alice))?.token).toBe(secret);

    const needles = [
      secret,
      Buffer.from(secret).toString('base64'),
      Buffer.from(secret).toString('base64url'),
      'alice-the-user',
    ];
    const files = (await readdir(dataDir)).filter((name) => name.startsWith('kiroku.sqlite'));
    expect(files).toContain('kiroku.sqlite');
    let scanned = 0;
    for (const name of files) {
      const bytes = await readFile(path.join(dataDir, name));
      scanned += bytes.length;
      for (const needle of needles) {
        expect(bytes.includes(Buffer.from(needle, 'utf8'))).toBe(false);
        expect(bytes.includes(Buffer.from(needle, 'utf16le'))).toBe(false);
      }
    }
    expect(scanned).toBeGreaterThan(0);
    // Sanity: the scan would see the records; the envelopes' key prefix is there in the clear.
    const all = Buffer.concat(await Promise.all(files.map((name) => readFile(path.join(dataDir, name)))));
    expect(all.includes(Buffer.from(`${VAULT_COLLECTION}:${alice}`))).toBe(true);
  });
});

describe('rotateVault (npm run vault:rotate)', () => {
  it('rotates with the configured keys and reports the counts', async () => {
    const keyA = base64Key();
    const keyB = base64Key();
    const url = `sqlite://${path.join(dataDir, 'kiroku.sqlite')}`;
    const ringA = await loadKeyRing(
      { vaultKey: keyA, vaultKeys: undefined, dataDir },
      captureLogger().logger,
    );
    await new TokenVault(store, ringA).put(alice, token('a'));
    await new TokenVault(store, ringA).put(bob, token('b'));

    const config = parseConfig({ DATA_DIR: dataDir, DATABASE_URL: url, VAULT_KEYS: `b:${keyB},a:${keyA}` });
    const log = captureLogger();
    expect(await rotateVault(config, log.logger)).toEqual({ rotated: 2, unchanged: 0, failed: 0 });
    expect(log.text()).not.toContain(keyA);
    expect(log.text()).not.toContain(keyB);

    const empty = await mkdtemp(path.join(tmpdir(), 'kiroku-vault-empty-'));
    try {
      const noKey = parseConfig({ DATA_DIR: empty });
      await expect(rotateVault(noKey, log.logger)).rejects.toThrow(/VAULT_KEY: not set/);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }

    const onlyB = KeyRing.fromKeys([{ kid: 'b', key: Buffer.from(keyB, 'base64') }]);
    expect((await new TokenVault(store, onlyB).get(alice))?.token).toBe('a');
  });
});

/** The store, with every vault read counted and optionally held after it has read (to race a write). */
function watchedStore(inner: Store) {
  let reads = 0;
  let gate: Promise<void> | undefined;
  const store: Store = {
    collection(name, schema) {
      const collection = inner.collection(name, schema);
      return new Proxy(collection, {
        get(target, property) {
          if (property === 'read')
            return async (key: string) => {
              reads += 1;
              const result = await target.read(key);
              await gate;
              return result;
            };
          const value: unknown = Reflect.get(target, property);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    purgeExpired: () => inner.purgeExpired(),
    ping: () => inner.ping(),
    close: () => inner.close(),
  };
  return {
    store,
    reads: () => reads,
    /** Reads from now on return what they read only after the returned function is called. */
    holdReads(): () => void {
      let release: () => void = () => undefined;
      gate = new Promise((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
  };
}

describe('TokenVault read cache (a store this process alone writes)', () => {
  const cached = (s: Store, keyring = KeyRing.fromKeys([{ key: randomBytes(32) }])) =>
    new TokenVault(s, keyring, { exclusive: { cacheEntries: 100 } });

  it('knows the linked users: an unlinked one, or a repeated read, never waits for the store', async () => {
    const keyring = KeyRing.fromKeys([{ key: randomBytes(32) }]);
    await new TokenVault(store, keyring).put(alice, token('linked-before-start'));
    const watched = watchedStore(store);
    const vault = cached(watched.store, keyring);
    await vault.warm();
    expect(await vault.get(bob)).toBeUndefined();
    expect(watched.reads()).toBe(0);
    expect((await vault.get(alice))?.token).toBe('linked-before-start');
    expect(watched.reads()).toBe(1);
    expect((await vault.get(alice))?.token).toBe('linked-before-start');
    expect(await vault.get('333333333333333333')).toBeUndefined();
    expect(watched.reads()).toBe(1);
  });

  it('writes through: link after a remembered absence, relink and unlink are seen at once', async () => {
    const vault = cached(store);
    expect(await vault.get(alice)).toBeUndefined();
    await vault.put(alice, token('first'));
    expect((await vault.get(alice))?.token).toBe('first');
    await vault.put(alice, token('second'));
    expect((await vault.get(alice))?.token).toBe('second');
    expect(await vault.delete(alice)).toBe(true);
    expect(await vault.get(alice)).toBeUndefined();
  });

  it('never remembers a read that overlapped a write', async () => {
    const keyring = KeyRing.fromKeys([{ key: randomBytes(32) }]);
    await new TokenVault(store, keyring).put(alice, token('old'));
    const watched = watchedStore(store);
    const vault = cached(watched.store, keyring);
    await vault.warm();
    const release = watched.holdReads();
    const racing = vault.get(alice); // reads "old" from the store, then waits
    await new Promise((resolve) => setTimeout(resolve, 20));
    await vault.put(alice, token('relinked-meanwhile'));
    release();
    expect((await racing)?.token).toBe('old');
    expect((await vault.get(alice))?.token).toBe('relinked-meanwhile');
  });

  it('does not remember an unreadable record: once repaired, it opens', async () => {
    const keyring = KeyRing.fromKeys([{ key: randomBytes(32) }]);
    const vault = cached(store, keyring);
    await store.collection(VAULT_COLLECTION, z.string()).set(alice, 'not an envelope');
    await vaultErrorOf(vault.get(alice));
    // Repaired by another writer (say, an operator restoring a backup).
    await new TokenVault(store, keyring).put(alice, token('restored'));
    expect((await vault.get(alice))?.token).toBe('restored');
  });
});
