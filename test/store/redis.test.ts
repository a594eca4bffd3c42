import { createClient } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '#src/config.js';
import { openStore, type Store } from '#src/store/index.js';
import { captureLogger } from '../support/log-capture.js';
import { REDIS_MISSING, startRedisServer } from '../support/redis-server.js';
import { describeWithRedis, redisAvailable, useRedis } from '../support/use-servers.js';
import { collectionSuite } from './collection-suite.js';

if (!redisAvailable) console.warn(REDIS_MISSING);

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

const title = 'Redis store (real redis-server on 127.0.0.1)';

describeWithRedis(title, () => {
  const server = useRedis();
  let admin: ReturnType<typeof createClient>;

  beforeAll(async () => {
    admin = createClient({ url: server().url });
    await admin.connect();
  });

  afterAll(async () => {
    await admin?.close();
  });

  collectionSuite(
    'Redis',
    async (logger) => {
      await admin.flushDb();
      return openStore(server().url, { logger });
    },
    { expiresItself: true },
  );

  describe('Redis specifics', () => {
    const open: Store[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((store) => store.close()));
    });

    async function fresh(): Promise<Store> {
      await admin.flushDb();
      const store = await openStore(server().url);
      open.push(store);
      return store;
    }

    it('stores plain <collection>:<key> strings and turns a TTL into a Redis expiry', async () => {
      const store = await fresh();
      const cache = store.collection('cache', z.string());
      await cache.set('k', 'v', 60_000);
      await cache.set('forever', 'v');
      expect(await admin.type('cache:k')).toBe('string');
      const ttl = await admin.pTTL('cache:k');
      expect(ttl).toBeGreaterThan(50_000);
      expect(ttl).toBeLessThanOrEqual(60_000);
      expect(await admin.pTTL('cache:forever')).toBe(-1);
      expect(JSON.parse((await admin.get('cache:forever')) ?? '')).toEqual({ value: 'v' });
    });

    it('lists keys containing "::" and glob characters (keyv-redis would hide or mis-match them)', async () => {
      const store = await fresh();
      const values = store.collection('odd', z.number());
      const keys = ['a::b', '*', 'x?y', '[z]', 'back\\slash', 'ユーザー'];
      for (const [index, key] of keys.entries()) await values.set(key, index);
      await store.collection('odd-other', z.number()).set('a', 99);
      expect((await collect(values.keys())).sort()).toEqual([...keys].sort());
    });

    it('ignores a non-string key under the prefix', async () => {
      const store = await fresh();
      const values = store.collection('mixed', z.number());
      await values.set('good', 1);
      await admin.hSet('mixed:hash', 'field', 'x');
      expect(await collect(values.entries())).toEqual([['good', 1]]);
    });

    it('shares data between two stores over one server (two processes)', async () => {
      const first = await fresh();
      const second = await openStore(server().url);
      open.push(second);
      await first.collection('links', z.number()).set('u', 7);
      expect(await second.collection('links', z.number()).get('u')).toBe(7);
      expect(await second.collection('links', z.number()).delete('u')).toBe(true);
      expect(await first.collection('links', z.number()).get('u')).toBeUndefined();
    });

    it('fails fast with DATABASE_URL in the message, never the password, when Redis is unreachable', async () => {
      const down = await startRedisServer();
      await down.stop();
      const started = Date.now();
      const error = await openStore(`redis://:hunter2-secret@127.0.0.1:${down.port}/0`).catch(
        (caught: unknown) => caught,
      );
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(error).toBeInstanceOf(ConfigError);
      expect(String(error)).toMatch(/DATABASE_URL: cannot connect to Redis at redis:\/\/127\.0\.0\.1:\d+\/0/);
      expect(String(error)).not.toContain('hunter2');
    });

    it('surfaces failures while Redis is down and recovers when it returns', async () => {
      const own = await startRedisServer();
      const log = captureLogger();
      const store = await openStore(own.url, { logger: log.logger });
      open.push(store);
      const values = store.collection('values', z.number());
      await values.set('a', 1);

      await own.stop();
      expect(await store.ping()).toBe(false);
      // No offline queue: the call fails at once instead of hanging until Redis comes back.
      await expect(values.get('a')).rejects.toThrow();
      await expect(values.set('a', 2)).rejects.toThrow();
      expect(log.text()).toContain('redis: connection lost');

      const restarted = await startRedisServer(own.port);
      try {
        const deadline = Date.now() + 8_000;
        while (!(await store.ping()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
        expect(await store.ping()).toBe(true);
        await values.set('a', 3); // the restarted server is empty (no persistence)
        expect(await values.get('a')).toBe(3);
        expect(log.text()).toContain('redis: reconnected');
      } finally {
        await store.close();
        await restarted.stop();
      }
    });
  });
});
