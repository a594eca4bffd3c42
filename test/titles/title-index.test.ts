/** The English title index: its matcher, and its stored entries read back with their schema. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '#src/bot/context.js';
import { recentSeasons } from '#src/jobs/titles/seasons.js';
import { noteTitles } from '#src/lookups/works.js';
import { openStore, rawRecords, type Store } from '#src/store/index.js';
import { foldTitle, isLatinQuery } from '#src/titles/match.js';
import { TITLE_INDEX_COLLECTION, TitleIndex } from '#src/titles/title-index.js';

describe('the title matcher', () => {
  it('folds case and accents', () => {
    expect(foldTitle('  Seaside CAFÉ Lumina ')).toBe('seaside cafe lumina');
    expect(foldTitle('Pokémon')).toContain(foldTitle('pokemon'));
  });

  it('takes Latin-script text only (Japanese goes to the service)', () => {
    expect(isLatinQuery('Frieren')).toBe(true);
    expect(isLatinQuery('SPY×FAMILY 2')).toBe(true);
    expect(isLatinQuery('Café')).toBe(true);
    expect(isLatinQuery('フリーレン')).toBe(false);
    expect(isLatinQuery('葬送のFrieren')).toBe(false);
    expect(isLatinQuery('2024')).toBe(false);
  });

  it('reads this, the coming and the two previous seasons in Japan time', () => {
    // 00:30 on 1 April in Japan is still 31 March in UTC: already spring there.
    expect(recentSeasons(new Date('2026-04-01T00:30:00+09:00'))).toEqual([
      '2026-spring',
      '2026-summer',
      '2026-winter',
      '2025-autumn',
    ]);
  });
});

describe('the title index', () => {
  let store: Store | undefined;
  afterEach(async () => store?.close());

  const work = (id: number, title_en: string, watchers: number, season = '2024-summer') => ({
    id,
    title: `作品${id}`,
    title_en,
    season_name: season,
    season_name_text: season,
    watchers_count: watchers,
  });

  it('matches a part of the English title, most watched first, narrowed by season or year', async () => {
    store = await openStore('sqlite://:memory:');
    const index = new TitleIndex(store, () => new Date());
    await index.note([
      work(1, 'Frieren: Beyond Journey’s End', 10),
      work(2, 'The Journey Home', 50, '2023-autumn'),
      work(3, '', 99),
    ]);
    expect((await index.match('JOURNEY', 5)).map((entry) => entry.id)).toEqual([2, 1]);
    expect((await index.match('journey', 5, '2024-summer')).map((entry) => entry.id)).toEqual([1]);
    expect((await index.match('journey', 5, '2023-all')).map((entry) => entry.id)).toEqual([2]);
    expect(await index.match('journey', 1)).toHaveLength(1);
    // A work without an English title is not kept.
    expect(await index.match('作品3', 5)).toEqual([]);
  });

  it('skips one malformed stored entry and reads the rest; another process sees the store', async () => {
    store = await openStore('sqlite://:memory:');
    await new TitleIndex(store, () => new Date()).note([work(1, 'Frieren', 10), work(2, 'Frieren 2', 5)]);
    const raw = rawRecords(store, TITLE_INDEX_COLLECTION);
    const second = await raw.get('2');
    expect(second).toBeDefined();
    if (second) expect(await raw.replace(second, { id: 2, titleEn: 42 })).toBe(true);
    const other = new TitleIndex(store, () => new Date());
    expect((await other.match('frieren', 5)).map((entry) => entry.id)).toEqual([1]);
  });

  it('says its first refresh is pending until it is made, and never where no refresh will come', async () => {
    store = await openStore('sqlite://:memory:');
    const index = new TitleIndex(store, () => new Date());
    expect(await index.firstRefreshPending()).toBe(true);
    // No operator token, no refresh: an English reader is never told to wait for one.
    const unrefreshed = new TitleIndex(store, () => new Date(), { refreshed: false });
    expect(await unrefreshed.firstRefreshPending()).toBe(false);
    await index.markRefreshed();
    expect(await index.firstRefreshPending()).toBe(false);
  });

  it('is bounded: beyond it pages people open add nothing, the refresh still adds', async () => {
    store = await openStore('sqlite://:memory:');
    const index = new TitleIndex(store, () => new Date(), { maxWorks: 2 });
    expect(await index.note([work(1, 'Alpha', 1), work(2, 'Beta', 1), work(3, 'Gamma', 1)])).toBe(2);
    expect(await index.match('gamma', 5)).toEqual([]);
    // A known work is still updated.
    await index.note([work(1, 'Alpha', 7)]);
    expect((await index.match('alpha', 5))[0]?.watchers).toBe(7);
    expect(await index.note([work(4, 'Delta', 1)], { refresh: true })).toBe(1);
    expect((await index.match('delta', 5)).map((entry) => entry.id)).toEqual([4]);
  });

  it("has a page's works in this process at once; the store's writes end by `settled`", async () => {
    const opened = await openStore('sqlite://:memory:');
    store = opened;
    // The title index's writes wait here until released, as on a store that is busy.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Store = new Proxy(opened, {
      get(target, property, receiver) {
        if (property !== 'collection') return Reflect.get(target, property, receiver);
        return (...args: Parameters<Store['collection']>) => {
          const records = target.collection(...args);
          return {
            ...records,
            get: records.get.bind(records),
            entries: records.entries.bind(records),
            set: async (...setArgs: Parameters<typeof records.set>) => {
              await gate;
              return records.set(...setArgs);
            },
          };
        };
      },
    });
    const index = new TitleIndex(held, () => new Date());
    const noting = index.note([work(1, 'Frieren', 10)]);
    const settled = index.settled().then(() => 'settled');
    expect((await index.match('frieren', 5)).map((entry) => entry.id)).toEqual([1]);
    expect(await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 20, 'waiting'))])).toBe(
      'waiting',
    );
    release();
    expect(await noting).toBe(1);
    await index.settled();
    // Written: another process (a copy of its own) reads it from the store.
    expect(
      (await new TitleIndex(opened, () => new Date()).match('frieren', 5)).map((entry) => entry.id),
    ).toEqual([1]);
  });
});

describe("a lookup's titles noted", () => {
  it('does not hold the answer for the store, and logs a write that failed', async () => {
    let fail: (error: Error) => void = () => undefined;
    const note = vi.fn(
      () =>
        new Promise<number>((_, reject) => {
          fail = reject;
        }),
    );
    const warn = vi.fn();
    const ctx = { titles: { note }, logger: { warn } } as unknown as Context;
    // Returns at once (nothing to await) while the write is still pending.
    expect(noteTitles(ctx, [])).toBeUndefined();
    expect(note).toHaveBeenCalledTimes(1);
    expect(warn).not.toHaveBeenCalled();
    fail(new Error('SQLITE_BUSY'));
    await vi.waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(warn.mock.calls[0]?.[1]).toBe('titles: could not keep English titles');
  });
});
