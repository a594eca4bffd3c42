/**
 * Upgrades lose nothing: the records of every earlier release (fixtures) are read by this one after
 * the start-up upgrade, older ones migrated; a store from a newer kiroku is refused; a record that
 * cannot be read is kept aside with its reason, never dropped. On SQLite and on a real redis-server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UserPreferences } from '#src/accounts/user-preferences.js';
import { PLAIN_RECORD_KINDS, storedRecordKinds } from '#src/app/stored-records.js';
import { FeedCursors } from '#src/jobs/feed/cursors.js';
import { createLogger } from '#src/logger.js';
import { openStore, rawRecords, type Store } from '#src/store/index.js';
import { Quarantine } from '#src/store/quarantine.js';
import { readSchemaVersions, StoreTooNewError } from '#src/store/schema-versions.js';
import { migrateStore, upgradeStore } from '#src/store/upgrade.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import {
  REDIS_MISSING,
  type RedisServer,
  redisServerAvailable,
  startRedisServer,
} from '../support/redis-server.js';
import { fixtureKeyRing, loadFixture, RELEASE_FIXTURES, readFixture } from './store-fixtures.js';

const OWNER = '410000000000000001';
const silent = createLogger('silent');
const options = (version = '9.9.9') => ({
  version,
  logger: silent,
  now: () => new Date('2026-11-25T00:00:00Z'),
});

interface Backend {
  name: string;
  available: boolean;
  open(): Promise<Store>;
  cleanUp(): Promise<void>;
}

function sqliteBackend(): Backend {
  let dir = '';
  return {
    name: 'SQLite',
    available: true,
    async open() {
      dir = await mkdtemp(path.join(tmpdir(), 'kiroku-upgrade-'));
      return openStore(`sqlite://${path.join(dir, 'kiroku.sqlite')}`);
    },
    cleanUp: () => rm(dir, { recursive: true, force: true }),
  };
}

function redisBackend(): Backend {
  let server: RedisServer | undefined;
  let db = 0;
  return {
    name: 'Redis',
    available: redisServerAvailable(),
    async open() {
      server ??= await startRedisServer();
      db += 1;
      return openStore(`${server.url}/${db}`);
    },
    cleanUp: async () => {
      await server?.stop();
      server = undefined;
    },
  };
}

for (const backend of [sqliteBackend(), redisBackend()]) {
  describe.skipIf(!backend.available)(
    `store upgrade on ${backend.name}${backend.available ? '' : `: ${REDIS_MISSING}`}`,
    () => {
      afterAll(() => backend.cleanUp());

      for (const file of RELEASE_FIXTURES) {
        it(`reads every record written by ${file} after the upgrade`, async () => {
          const fixture = readFixture(file);
          const store = await backend.open();
          try {
            await loadFixture(store, fixture);
            const keyring = fixtureKeyRing(fixture);
            const report = await upgradeStore(store, storedRecordKinds(keyring), options());
            expect(report.quarantined).toBe(0);
            expect(report.collections.reduce((n, c) => n + c.checked, 0)).toBe(fixture.records.length);

            const subscriptions = await new Subscriptions(store).all();
            expect(subscriptions.map((s) => s.id).sort()).toEqual(['a1b2c3d4', 'b0b0b0b0', 'e5f6a7b8']);
            expect(subscriptions.find((s) => s.id === 'e5f6a7b8')).toMatchObject({
              state: 'paused',
              stateReason: 'token-refused',
            });
            // The record from before languages existed was migrated: it now says English itself.
            const migrated = await rawRecords(store, 'subscriptions').get('b0b0b0b0');
            expect(migrated?.value).toMatchObject({ language: 'en', ownerId: '410000000000000002' });
            expect(await new TokenVault(store, keyring).get(OWNER)).toMatchObject({
              serviceUserId: 101,
              method: 'oauth',
            });
            expect(await new FeedCursors(store).get(OWNER, 101)).toBe(98765);
            expect(await new UserPreferences(store).localeOf(OWNER)).toBe('ja');
            // Nothing of any collection went missing.
            for (const record of fixture.records)
              expect(
                await rawRecords(store, record.collection).get(record.key),
                `${record.collection}:${record.key}`,
              ).toBeDefined();
            expect((await readSchemaVersions(store))?.collections.subscriptions).toBe(2);

            // A second start finds nothing to do.
            const again = await upgradeStore(store, storedRecordKinds(keyring), options());
            expect(again.collections.reduce((n, c) => n + c.migrated + c.quarantined, 0)).toBe(0);
          } finally {
            await store.close();
          }
        });
      }

      it('migrates an older collection before the bot starts; a current one is checked by the sweep after', async () => {
        const fixture = readFixture(RELEASE_FIXTURES[0]);
        const store = await backend.open();
        try {
          await loadFixture(store, fixture);
          const kinds = storedRecordKinds(fixtureKeyRing(fixture));
          // The first start migrates the release's older records (the subscription before languages).
          const first = await migrateStore(store, kinds, options());
          expect(await rawRecords(store, 'subscriptions').get('b0b0b0b0')).toMatchObject({
            value: { language: 'en' },
          });
          expect(first.migrated.collections.some((c) => c.collection === 'subscriptions')).toBe(true);
          await first.sweep();
          // Broken while the same release runs: a restart reads no record before the bot answers...
          await rawRecords(store, 'subscriptions').insert('dead0003', '{"value": oops');
          const restart = await migrateStore(store, kinds, options());
          expect(restart.migrated.collections).toEqual([]);
          expect(await rawRecords(store, 'subscriptions').get('dead0003')).toBeDefined();
          // ...and its sweep, once the bot answers, checks every record and sets the broken one aside.
          const swept = await restart.sweep();
          expect(swept.collections.reduce((n, c) => n + c.checked, 0)).toBe(fixture.records.length + 1);
          expect(swept.quarantined).toBe(1);
          expect(swept.quarantinedByCollection.get('subscriptions')).toBe(1);
          expect(await rawRecords(store, 'subscriptions').get('dead0003')).toBeUndefined();
        } finally {
          await store.close();
        }
      });

      it('refuses a store written by a newer kiroku, naming both versions, and changes nothing', async () => {
        const store = await backend.open();
        try {
          await upgradeStore(store, PLAIN_RECORD_KINDS, options('5.0.0'));
          const newer = PLAIN_RECORD_KINDS.map((k) =>
            k.collection === 'subscriptions' ? { ...k, version: 7 } : k,
          );
          await upgradeStore(store, newer, options('5.0.0'));
          const refusal = upgradeStore(store, PLAIN_RECORD_KINDS, options('0.2.0'));
          await expect(refusal).rejects.toBeInstanceOf(StoreTooNewError);
          await expect(refusal).rejects.toThrow(
            /written by kiroku 5\.0\.0.*this kiroku 0\.2\.0: subscriptions v7 \(this release reads v2\)/,
          );
          expect((await readSchemaVersions(store))?.writtenBy).toBe('5.0.0');
        } finally {
          await store.close();
        }
      });

      it('keeps unreadable records aside with their reason, the owner and the exact text', async () => {
        const fixture = readFixture(RELEASE_FIXTURES[0]);
        const store = await backend.open();
        try {
          await loadFixture(store, fixture);
          const subs = rawRecords(store, 'subscriptions');
          const broken = JSON.stringify({
            value: { id: 'dead0001', ownerId: '410000000000000003', kind: 'telepathy' },
          });
          await subs.insert('dead0001', broken);
          await subs.insert('dead0002', '{"value": oops');
          const vault = rawRecords(store, 'vault');
          const real = await vault.get(OWNER);
          const sealed = String(real?.value);
          // One changed character in the ciphertext: still an envelope, but it no longer authenticates.
          const last = sealed.at(-1) === 'A' ? 'B' : 'A';
          await vault.insert(
            '410000000000000004',
            JSON.stringify({ value: `${sealed.slice(0, -1)}${last}` }),
          );
          await vault.insert('410000000000000005', JSON.stringify({ value: 'v1.nope' }));
          // Sealed with a key this process lacks: a configuration matter, left where it is.
          const otherKey = KeyRing.fromKeys([{ key: Buffer.alloc(32, 9) }]);
          await new TokenVault(store, otherKey).put('410000000000000006', {
            token: 't',
            scopes: [],
            serviceUserId: 1,
            serviceUsername: 'x',
            method: 'token',
            linkedAt: 'now',
          });

          const report = await upgradeStore(store, storedRecordKinds(fixtureKeyRing(fixture)), options());
          expect(report.quarantined).toBe(4);
          expect(Object.fromEntries(report.quarantinedByCollection)).toEqual({ subscriptions: 2, vault: 2 });
          const kept = await new Quarantine(store).all();
          const byKey = new Map(kept.map((r) => [r.key, r]));
          expect(byKey.get('dead0001')).toMatchObject({
            collection: 'subscriptions',
            text: broken,
            ownerId: '410000000000000003',
            by: '9.9.9',
          });
          expect(byKey.get('dead0001')?.reason).toMatch(
            /does not match the subscriptions schema v2 \(fields: .*kind/,
          );
          expect(byKey.get('dead0002')).toMatchObject({
            reason: 'not a JSON record',
            text: '{"value": oops',
          });
          expect(byKey.get('410000000000000004')?.reason).toMatch(/does not authenticate/);
          expect(byKey.get('410000000000000005')?.reason).toMatch(/malformed/);
          // Moved, not copied: the collections no longer hold them; the good ones and the foreign-key one stay.
          expect(await subs.get('dead0001')).toBeUndefined();
          expect(await vault.get('410000000000000004')).toBeUndefined();
          expect(await vault.get('410000000000000006')).toBeDefined();
          expect(await vault.get(OWNER)).toBeDefined();
          expect((await new Subscriptions(store).all()).length).toBe(3);
        } finally {
          await store.close();
        }
      });
    },
  );
}
