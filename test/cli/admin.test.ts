import { randomBytes } from 'node:crypto';
/**
 * `npm run admin` over a store holding two people's links, subscriptions, preferences, a feed cursor
 * and a quarantined record: on SQLite and on a real redis-server, as the program parses its arguments.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserPreferences } from '#src/accounts/user-preferences.js';
import { ADMIN_HELP, runAdmin } from '#src/cli/admin.js';
import { CliRefusal } from '#src/cli/cli-common.js';
import { type Config, parseConfig } from '#src/config.js';
import { FeedCursors } from '#src/jobs/feed/cursors.js';
import { createLogger } from '#src/logger.js';
import { openStore, type Store } from '#src/store/index.js';
import { Quarantine } from '#src/store/quarantine.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { loadKeyRing, TokenVault } from '#src/vault/index.js';
import { DEMO_OAUTH_CLIENT, DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';
import {
  REDIS_MISSING,
  type RedisServer,
  redisServerAvailable,
  startRedisServer,
} from '../support/redis-server.js';

const ALICE = '510000000000000001';
const BOB = '510000000000000002';
const GUILD = '520000000000000001';
const OTHER_GUILD = '520000000000000002';

async function seed(store: Store, config: Config, oauthToken: string) {
  const keyring = await loadKeyRing(config, createLogger('silent'));
  const vault = new TokenVault(store, keyring);
  const linkedAt = '2026-11-01T00:00:00.000Z';
  await vault.put(ALICE, {
    token: oauthToken,
    scopes: ['read'],
    serviceUserId: DEMO_USERS.alice.id,
    serviceUsername: 'alice',
    method: 'oauth',
    linkedAt,
  });
  await vault.put(BOB, {
    token: 'bob-personal-token',
    scopes: ['read'],
    serviceUserId: DEMO_USERS.bob.id,
    serviceUsername: 'bob',
    method: 'token',
    linkedAt,
  });
  const ids = ['aaaa0001', 'aaaa0002', 'bbbb0001'];
  const subscriptions = new Subscriptions(store, { newId: () => ids.shift() ?? 'ffff0000' });
  const now = new Date('2026-11-02T00:00:00Z');
  await subscriptions.create(
    { kind: 'feed', guildId: GUILD, channelId: '530000000000000001', ownerId: ALICE, feed: { actions: [] } },
    now,
  );
  await subscriptions.create(
    {
      kind: 'feed',
      guildId: OTHER_GUILD,
      channelId: '530000000000000002',
      ownerId: ALICE,
      feed: { actions: [] },
    },
    now,
  );
  await subscriptions.create(
    { kind: 'feed', guildId: GUILD, channelId: '530000000000000003', ownerId: BOB, feed: { actions: [] } },
    now,
  );
  await new UserPreferences(store).rememberLocale(ALICE, 'ja', async () => true);
  await new FeedCursors(store).set(ALICE, DEMO_USERS.alice.id, 42, now);
  await new Quarantine(store).put({
    collection: 'subscriptions',
    key: 'dead0001',
    reason: 'test',
    text: '{}',
    quarantinedAt: now.toISOString(),
    by: '0.2.0',
    ownerId: ALICE,
  });
}

function backends() {
  let dir = '';
  let redis: RedisServer | undefined;
  return [
    {
      name: 'SQLite',
      available: true,
      async url() {
        dir = await mkdtemp(path.join(tmpdir(), 'kiroku-admin-'));
        return { url: `sqlite://${path.join(dir, 'kiroku.sqlite')}`, dataDir: dir };
      },
      cleanUp: () => rm(dir, { recursive: true, force: true }),
    },
    {
      name: 'Redis',
      available: redisServerAvailable(),
      async url() {
        redis = await startRedisServer();
        dir = await mkdtemp(path.join(tmpdir(), 'kiroku-admin-'));
        return { url: `${redis.url}/3`, dataDir: dir };
      },
      cleanUp: async () => {
        await redis?.stop();
        await rm(dir, { recursive: true, force: true });
      },
    },
  ];
}

for (const backend of backends()) {
  describe.skipIf(!backend.available)(
    `npm run admin on ${backend.name}${backend.available ? '' : `: ${REDIS_MISSING}`}`,
    () => {
      let emulator: Emulator;
      let config: Config;
      let oauthToken: string;
      let lines: string[] = [];
      const admin = async (...argv: string[]) => {
        lines = [];
        await runAdmin(argv, { config, logger: createLogger('silent'), out: (line) => lines.push(line) });
        return lines.join('\n');
      };

      beforeAll(async () => {
        emulator = await startEmulator({ seed: 'demo' });
        const { url, dataDir } = await backend.url();
        config = parseConfig({
          DATABASE_URL: url,
          DATA_DIR: dataDir,
          SERVICE_URL: emulator.url,
          SERVICE_CLIENT_ID: DEMO_OAUTH_CLIENT.id,
          SERVICE_CLIENT_SECRET: DEMO_OAUTH_CLIENT.secret,
          // A shared store needs a configured key (a generated one would open nothing elsewhere).
          VAULT_KEY: randomBytes(32).toString('base64'),
        });
        oauthToken = emulator.data.issueToken(DEMO_USERS.alice.id, ['read'], {
          applicationUid: DEMO_OAUTH_CLIENT.id,
        });
        const store = await openStore(url);
        await seed(store, config, oauthToken);
        await store.close();
      });
      afterAll(async () => {
        await emulator?.close();
        await backend.cleanUp();
      });

      it('--help and bad usage', async () => {
        expect(await admin('--help')).toBe(ADMIN_HELP);
        await expect(admin('launch')).rejects.toBeInstanceOf(CliRefusal);
        await expect(admin('pause')).rejects.toThrow(/needs a subscription id/);
        await expect(admin('forget', 'alice')).rejects.toThrow(/not a Discord user id/);
        await expect(admin('status', '--bogus')).rejects.toMatchObject({
          exitCode: 2,
          message: 'unknown option --bogus (see --help)',
        });
        await expect(admin('status', 'extra')).rejects.toThrow(/status takes no argument/);
      });

      it('status and subscriptions show servers, links, subscriptions and quarantined records', async () => {
        const text = await admin('status');
        expect(text).toMatch(new RegExp(`store: ${backend.name === 'SQLite' ? 'sqlite' : 'redis'}`));
        expect(text).toContain('servers: 2');
        expect(text).toContain('linked users: 2');
        expect(text).toContain('subscriptions: 3 (3 active)');
        expect(text).toContain('quarantined records: 1 (subscriptions: 1)');
        const listed = await admin('subscriptions', '--guild', GUILD);
        expect(lines).toHaveLength(2);
        expect(listed).toMatch(
          /aaaa0001 {2}server 520000000000000001 {2}channel 530000000000000001 {2}feed {2}owner 510000000000000001 {2}active {2}last post never/,
        );
        expect(listed).not.toContain('aaaa0002');
      });

      it('an operator pause keeps its own reason until the operator resumes it; remove deletes', async () => {
        expect(await admin('pause', 'bbbb0001')).toContain('paused subscription bbbb0001');
        expect(await admin('subscriptions')).toContain('paused (operator)');
        const store = await openStore(config.databaseUrl);
        expect(await new Subscriptions(store).get('bbbb0001')).toMatchObject({
          state: 'paused',
          stateReason: 'operator',
        });
        await store.close();
        expect(await admin('resume', 'bbbb0001')).toContain(
          'resumed subscription bbbb0001 (was paused: operator)',
        );
        await expect(admin('remove', 'nope0000')).rejects.toThrow(/there is no subscription nope0000/);
      });

      it('export gives everything stored for a person but the token; forget removes it all and revokes', async () => {
        const exported = JSON.parse(await admin('export', ALICE)) as {
          link: unknown;
          stored: Record<string, Array<{ key: string; value: unknown }>>;
        };
        expect(exported).toMatchObject({
          discordUserId: ALICE,
          link: { linked: true, serviceUsername: 'alice', method: 'oauth' },
          stored: {
            'user-preferences': [{ key: ALICE, value: { locale: 'ja' } }],
            'feed-cursor': [{ key: ALICE, value: { lastId: 42 } }],
            vault: [{ key: ALICE, value: '[withheld]' }],
            quarantine: [{ value: { collection: 'subscriptions', key: 'dead0001', text: '[withheld]' } }],
          },
        });
        expect(exported.stored.subscriptions?.map((row) => row.key).sort()).toEqual(['aaaa0001', 'aaaa0002']);
        expect(JSON.stringify(exported)).not.toContain(oauthToken);

        const said = await admin('forget', ALICE);
        expect(said).toContain('token: revoked at the service and deleted');
        expect(said).toContain('pending OAuth links: none');
        expect(said).toContain('subscriptions removed: 2 (aaaa0001, aaaa0002)');
        expect(said).toMatch(/other stored rows deleted: .*user-preferences 1/);
        expect(said).toMatch(/other stored rows deleted: .*feed-cursor 1/);
        expect(said).toMatch(/other stored rows deleted: .*quarantine 1/);
        expect(emulator.data.tokens.get(oauthToken)?.revoked).toBe(true);
        const after = JSON.parse(await admin('export', ALICE)) as {
          stored: Record<string, unknown[]>;
        };
        expect(after).toMatchObject({ link: { linked: false } });
        for (const [collection, rows] of Object.entries(after.stored)) expect(rows, collection).toEqual([]);
        // Bob's data is untouched.
        expect(await admin('status')).toContain('linked users: 1');
      });
    },
  );
}
