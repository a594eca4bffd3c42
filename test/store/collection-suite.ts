import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Logger } from '../../src/logger.js';
import type { Store } from '../../src/store/index.js';
import { StoreError } from '../../src/store/index.js';
import { type CapturedLogger, captureLogger } from './log-capture.js';

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
export function collectionSuite(backendName: string, openTestStore: StoreFactory): void {
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

    it('answers ping while open and not after close', async () => {
      expect(await store.ping()).toBe(true);
      await store.close();
      expect(await store.ping()).toBe(false);
    });
  });
}
