import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Logger } from '#src/logger.js';
import type { Store } from '#src/store/index.js';
import { StoreError } from '#src/store/index.js';
import { type CapturedLogger, captureLogger } from '../support/log-capture.js';

/** Opens a fresh, empty store for one test; the suite closes it afterwards. */
export type StoreFactory = (logger: Logger) => Promise<Store>;

const link = z.object({
  serviceUserId: z.number().int(),
  username: z.string(),
  tags: z.array(z.string()).default([]),
});

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/**
 * The behaviour every backend must share. Runs against SQLite now; call it again with a Redis or
 * PostgreSQL factory when those adapters arrive.
 */
export function collectionSuite(
  backendName: string,
  openTestStore: StoreFactory,
  /** Redis drops expired keys on its own (real) clock, so a sweep has nothing to purge there. */
  { expiresItself = false }: { expiresItself?: boolean } = {},
): void {
  describe(`Collection on ${backendName}`, () => {
    let store: Store;
    let log: CapturedLogger;

    beforeEach(async () => {
      log = captureLogger();
      store = await openTestStore(log.logger);
    });

    afterEach(async () => {
      await store.close();
    });

    it('round-trips JSON values and reports absent keys as undefined', async () => {
      const links = store.collection('links', link);
      const value = { serviceUserId: 42, username: 'アリス :colon', tags: ['a', ':b'] };
      await links.set('123456789012345678', value);
      expect(await links.get('123456789012345678')).toEqual(value);
      expect(await links.get('missing')).toBeUndefined();
      expect(await links.read('missing')).toEqual({ status: 'absent' });
    });

    it('overwrites, deletes and reports whether something was deleted', async () => {
      const links = store.collection('links', link);
      await links.set('u', { serviceUserId: 1, username: 'a', tags: [] });
      await links.set('u', { serviceUserId: 2, username: 'b', tags: [] });
      expect(await links.get('u')).toMatchObject({ serviceUserId: 2 });
      expect(await links.delete('u')).toBe(true);
      expect(await links.delete('u')).toBe(false);
      expect(await links.get('u')).toBeUndefined();
    });

    it('keeps keys that contain colons or look like another prefix apart', async () => {
      const values = store.collection('kv', z.number());
      await values.set('x', 1);
      await values.set('kv:x', 2);
      await values.set('a:b:c', 3);
      expect(await values.get('x')).toBe(1);
      expect(await values.get('kv:x')).toBe(2);
      expect(await values.get('a:b:c')).toBe(3);
      expect((await collect(values.entries())).sort()).toEqual([
        ['a:b:c', 3],
        ['kv:x', 2],
        ['x', 1],
      ]);
    });

    it('isolates collections, including names that share a prefix', async () => {
      const a = store.collection('sub', z.string());
      const b = store.collection('subscriptions', z.string());
      const c = store.collection('sub-x', z.string());
      await a.set('1', 'from sub');
      await b.set('1', 'from subscriptions');
      await c.set('1', 'from sub-x');
      expect(await a.get('1')).toBe('from sub');
      expect(await b.get('1')).toBe('from subscriptions');
      expect(await collect(a.entries())).toEqual([['1', 'from sub']]);
      expect(await collect(b.entries())).toEqual([['1', 'from subscriptions']]);
      expect(await collect(c.keys())).toEqual(['1']);
      await a.delete('1');
      expect(await b.get('1')).toBe('from subscriptions');
    });

    it('treats a record that does not match the schema as absent and logs it without its content', async () => {
      const secret = 'do-not-log-me-9f8e7d';
      await store.collection('links', z.object({ username: z.string() })).set('u1', { username: secret });
      const links = store.collection('links', link);
      expect(await links.get('u1')).toBeUndefined();
      expect(await links.read('u1')).toEqual({ status: 'invalid', reason: 'schema' });
      expect(await links.getMany(['u1'])).toEqual([undefined]);
      expect(await collect(links.entries())).toEqual([]);
      // keys() still lists it, so a caller can tell it is there (the vault relies on this).
      expect(await collect(links.keys())).toEqual(['u1']);
      const warnings = log
        .records()
        .filter((record) => record.msg === 'store: ignoring a record that does not match its schema');
      expect(warnings.length).toBeGreaterThan(0);
      expect(warnings[0]).toMatchObject({ collection: 'links', key: 'u1', reason: 'schema' });
      expect(log.text()).not.toContain(secret);
    });

    it('validates values on write and names only the fields', async () => {
      const links = store.collection('links', link);
      const bad = { serviceUserId: 'not-a-number', username: 'secret-value' } as unknown as z.infer<
        typeof link
      >;
      const error = await links.set('u', bad).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(StoreError);
      expect(String(error)).toContain('serviceUserId');
      expect(String(error)).not.toContain('secret-value');
      await expect(links.set('u', { serviceUserId: 1, username: 'x', tags: [] }, 0)).rejects.toThrow(
        StoreError,
      );
      await expect(links.set('', { serviceUserId: 1, username: 'x', tags: [] })).rejects.toThrow(StoreError);
    });

    it('rejects collection names that could collide with the key separator', () => {
      expect(() => store.collection('a:b', z.string())).toThrow(StoreError);
      expect(() => store.collection('', z.string())).toThrow(StoreError);
    });

    it('expires values after their TTL, in get, getMany and entries', async () => {
      // Only Date is faked: keyv stamps and checks expiry with Date.now(), on every backend.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        const cache = store.collection('cache', z.string());
        await cache.set('short', 'gone soon', 60_000);
        await cache.set('short2', 'also gone', 60_000);
        await cache.set('short3', 'gone too', 60_000);
        await cache.set('long', 'stays', 3_600_000);
        await cache.set('forever', 'stays too');
        expect(await cache.get('short')).toBe('gone soon');
        vi.setSystemTime(Date.now() + 61_000);
        expect(await cache.get('short')).toBeUndefined();
        expect(await cache.read('short')).toEqual({ status: 'absent' });
        expect(await cache.getMany(['short2', 'long', 'nope', 'forever'])).toEqual([
          undefined,
          'stays',
          undefined,
          'stays too',
        ]);
        expect((await collect(cache.entries())).sort()).toEqual([
          ['forever', 'stays too'],
          ['long', 'stays'],
        ]);
        expect((await collect(cache.keys())).sort()).toEqual(['forever', 'long']);
      } finally {
        vi.useRealTimers();
      }
    });

    it('iterates every entry of a large collection, even when entries are deleted during the walk', async () => {
      const items = store.collection('items', z.number());
      const keys = Array.from({ length: 1234 }, (_, index) => `k${String(index).padStart(4, '0')}`);
      await Promise.all(keys.map((key, index) => items.set(key, index)));
      const seen: string[] = [];
      for await (const [key] of items.entries()) {
        seen.push(key);
        await items.delete(key);
      }
      expect(seen.sort()).toEqual(keys);
      expect(await collect(items.keys())).toEqual([]);
    });

    it('getMany keeps order and handles an empty list', async () => {
      const values = store.collection('values', z.number());
      await values.set('a', 1);
      await values.set('c', 3);
      expect(await values.getMany(['c', 'b', 'a'])).toEqual([3, undefined, 1]);
      expect(await values.getMany([])).toEqual([]);
    });

    it('setIfAbsent writes once: concurrent callers for one key get exactly one true', async () => {
      const claims = store.collection('claims', z.string());
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, index) => claims.setIfAbsent('episode-1', `caller ${index}`)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect(await claims.get('episode-1')).toBe(`caller ${winner}`);
      expect(await claims.setIfAbsent('episode-1', 'late')).toBe(false);
      expect(await claims.get('episode-1')).toBe(`caller ${winner}`);
      await expect(claims.setIfAbsent('x', 'v', -1)).rejects.toThrow(StoreError);
    });

    it('setIfAbsent treats an expired record as absent', async () => {
      const claims = store.collection('claims', z.string());
      if (expiresItself) {
        // Redis drops the key on its own clock.
        expect(await claims.setIfAbsent('k', 'first', 30)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 120));
        expect(await claims.setIfAbsent('k', 'third', 60_000)).toBe(true);
        expect(await claims.get('k')).toBe('third');
        return;
      }
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        expect(await claims.setIfAbsent('k', 'first', 60_000)).toBe(true);
        expect(await claims.setIfAbsent('k', 'second', 60_000)).toBe(false);
        vi.setSystemTime(Date.now() + 61_000);
        // The expired row is still in the table: it must count as absent.
        expect(await claims.setIfAbsent('k', 'third', 60_000)).toBe(true);
        expect(await claims.get('k')).toBe('third');
      } finally {
        vi.useRealTimers();
      }
    });

    it('update loses no concurrent change (compare-and-set with retries)', async () => {
      const counters = store.collection('counters', z.number());
      await counters.set('n', 0);
      await Promise.all(Array.from({ length: 10 }, () => counters.update('n', (n) => (n ?? 0) + 1)));
      expect(await counters.get('n')).toBe(10);
    });

    it('update never revives a record deleted between its read and its write', async () => {
      const items = store.collection('items', link);
      await items.set('s1', { serviceUserId: 1, username: 'a', tags: [] });
      const [updated] = await Promise.all([
        items.update('s1', (current) => current && { ...current, username: 'b' }),
        items.delete('s1'),
      ]);
      expect(await items.get('s1')).toBeUndefined();
      expect(updated === undefined || updated.username === 'b').toBe(true);
      // Absent: `change` sees undefined and writing nothing leaves it absent.
      expect(await items.update('s1', (current) => current && { ...current, username: 'c' })).toBeUndefined();
      expect(await items.get('s1')).toBeUndefined();
      // Returning a value for an absent key creates it.
      expect(await items.update('s2', () => ({ serviceUserId: 2, username: 'new', tags: [] }))).toMatchObject(
        {
          username: 'new',
        },
      );
    });

    it('update leaves an unreadable record alone', async () => {
      await store.collection('links', z.object({ other: z.string() })).set('u', { other: 'x' });
      const links = store.collection('links', link);
      expect(await links.update('u', () => ({ serviceUserId: 1, username: 'y', tags: [] }))).toBeUndefined();
      expect(await store.collection('links', z.object({ other: z.string() })).get('u')).toEqual({
        other: 'x',
      });
    });

    it('take hands a record to exactly one of several concurrent callers', async () => {
      const states = store.collection('states', z.string());
      await states.set('state-1', 'alice', 60_000);
      const taken = await Promise.all(Array.from({ length: 6 }, () => states.take('state-1')));
      expect(taken.filter((value) => value === 'alice')).toHaveLength(1);
      expect(await states.get('state-1')).toBeUndefined();
      expect(await states.take('missing')).toBeUndefined();
    });

    it('purgeExpired deletes expired records of every collection and keeps live ones', async () => {
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start });
      try {
        const outbox = store.collection('outbox', z.string());
        const pager = store.collection('pager', z.string());
        await outbox.set('old', 'x', 60_000);
        await pager.set('old', 'x', 60_000);
        await outbox.set('live', 'y', 3_600_000);
        await outbox.set('forever', 'z');
        // A row that is not a keyv record must not break the sweep.
        await store.collection('raw', z.unknown()).set('weird', '{"expires":1}');
        await store.collection('raw', z.unknown()).set('nested', { expires: 1 });
        vi.setSystemTime(start + 61_000);
        const purged = await store.purgeExpired();
        expect(purged).toBe(expiresItself ? 0 : 2);
        if (!expiresItself) {
          // Back before the expiry: a row the sweep missed would read as live again.
          vi.setSystemTime(start);
          expect(await outbox.get('old')).toBeUndefined();
          expect(await pager.get('old')).toBeUndefined();
        }
        expect(await outbox.get('live')).toBe('y');
        expect(await outbox.get('forever')).toBe('z');
        expect(await store.collection('raw', z.unknown()).get('weird')).toBe('{"expires":1}');
        expect(await store.collection('raw', z.unknown()).get('nested')).toEqual({ expires: 1 });
      } finally {
        vi.useRealTimers();
      }
    });

    it('answers ping while open and not after close', async () => {
      expect(await store.ping()).toBe(true);
      await store.close();
      expect(await store.ping()).toBe(false);
    });
  });
}
