/** The `airing` subscription kind is additive: records stored before it still parse. */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openStore } from '#src/store/index.js';
import { MAX_AIRING_WORKS, Subscriptions, subscriptionSchema } from '#src/subscriptions/model.js';

const fixture = new URL('../fixtures/subscriptions/stored-before-airing.json', import.meta.url);

describe('subscription kind airing', () => {
  it('parses the records stored before it, unchanged (the old schedule record reads as English)', async () => {
    const stored: unknown[] = JSON.parse(await readFile(fixture, 'utf8'));
    const parsed = stored.map((record) => subscriptionSchema.parse(record));
    expect(parsed.map((s) => [s.kind, s.state, s.language])).toEqual([
      ['feed', 'active', 'ja'],
      ['schedule', 'paused', 'en'],
    ]);
    expect(parsed[1]?.schedule).toMatchObject({ alertMinutes: 10 });
    expect(parsed.every((s) => s.airing === undefined)).toBe(true);
  });

  it('stores the followed works, changes them with compare-and-set, and refuses more than the cap', async () => {
    const store = await openStore('sqlite://:memory:');
    try {
      const subscriptions = new Subscriptions(store);
      const created = await subscriptions.create(
        {
          kind: 'airing',
          guildId: '100000000000000001',
          channelId: '200000000000000001',
          ownerId: '310000000000000001',
          airing: { works: [{ id: 4, title: '海辺のカフェ・ルミナ' }] },
        },
        new Date('2026-01-01T00:00:00Z'),
      );
      const both = await Promise.all([
        subscriptions.changeAiringWorks(created.id, (works) => [...works, { id: 1, title: '空色ノート' }]),
        subscriptions.changeAiringWorks(created.id, (works) => [...works, { id: 2, title: '鋼の旋律' }]),
      ]);
      expect(both.every(Boolean)).toBe(true);
      const read = await subscriptions.get(created.id);
      expect(read?.airing?.works.map((w) => w.id).sort()).toEqual([1, 2, 4]);
      const tooMany = Array.from({ length: MAX_AIRING_WORKS + 1 }, (_, i) => ({ id: i + 1, title: `w${i}` }));
      expect(subscriptionSchema.safeParse({ ...read, airing: { works: tooMany } }).success).toBe(false);
      // Not an airing subscription: nothing changes.
      const feed = await subscriptions.create(
        { kind: 'feed', guildId: '1', channelId: '2', ownerId: '3', feed: { actions: [] } },
        new Date(),
      );
      expect(await subscriptions.changeAiringWorks(feed.id, () => [])).toBeUndefined();
      expect((await subscriptions.get(feed.id))?.airing).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
