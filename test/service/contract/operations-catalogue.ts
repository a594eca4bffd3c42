/** Contract, the catalogue: works, episodes, people, records and user search. Registered by operations.test.ts. */
import { describe, expect, it } from 'vitest';
import { DEMO_GINGA } from '../../fakes/emulator/seed.js';
import { ids, sortedIds } from './helpers.js';
import { alice, data, episodeIdOf, isSorted, rig, U, W, worksInSeason } from './operations-setup.js';

export function catalogueOperations(): void {
  describe('works', () => {
    it('filter_ids keeps exactly the listed works', async () => {
      const page = await rig.client.works({ filter_ids: [W.soraNote, W.houkagoDragon, 1005, 99999] }, alice);
      expect(sortedIds(page.items)).toEqual([W.soraNote, W.houkagoDragon, 1005]);
      expect(page.totalCount).toBe(3);
      expect(rig.transport.last('works').params.get('filter_ids')).toBe(
        `${W.soraNote},${W.houkagoDragon},1005,99999`,
      );
    });

    it('filter_season takes one season and `YYYY-all`', async () => {
      const spring = await rig.client.works({ filter_season: '2024-spring', per_page: 50 }, alice);
      expect(sortedIds(spring.items)).toEqual(worksInSeason(2024, 'spring'));
      expect(spring.items.length).toBeGreaterThan(0);
      for (const work of spring.items) expect(work.season_name).toBe('2024-spring');

      const year = await rig.client.works({ filter_season: '2024-all', per_page: 50 }, alice);
      expect(sortedIds(year.items)).toEqual(worksInSeason(2024, 'all'));
      expect(year.items.length).toBeGreaterThan(spring.items.length);
      for (const work of year.items) expect(work.season_name).toMatch(/^2024-(winter|spring|summer|autumn)$/);
    });

    it('filter_title matches the title and the kana reading', async () => {
      const byTitle = await rig.client.works({ filter_title: '空色ノート' }, alice);
      expect(sortedIds(byTitle.items)).toEqual([W.soraNote, W.soraNoteMovie]);
      // そらいろ appears only in title_kana.
      const byKana = await rig.client.works({ filter_title: 'そらいろ' }, alice);
      expect(sortedIds(byKana.items)).toEqual([W.soraNote, W.soraNoteMovie]);
      const ginga = await rig.client.works({ filter_title: DEMO_GINGA.fragment, per_page: 1 }, alice);
      expect(ginga.totalCount).toBe(DEMO_GINGA.count);
    });

    it('sort_season asc and desc order by season', async () => {
      const seasoned = [W.soraNote, W.haganeMelody, W.houkagoDragon, W.tsukikage, W.soraNoteMovie];
      const asc = await rig.client.works({ filter_ids: seasoned, sort_season: 'asc' }, alice);
      expect(ids(asc.items)).toEqual([
        W.soraNoteMovie,
        W.houkagoDragon,
        W.haganeMelody,
        W.soraNote,
        W.tsukikage,
      ]);
      const desc = await rig.client.works({ filter_ids: seasoned, sort_season: 'desc' }, alice);
      expect(ids(desc.items)).toEqual([
        W.tsukikage,
        W.soraNote,
        W.haganeMelody,
        W.houkagoDragon,
        W.soraNoteMovie,
      ]);
    });

    it('sort_watchers_count asc and desc order by watchers_count', async () => {
      const handMade = Object.values(W);
      for (const dir of ['asc', 'desc'] as const) {
        const page = await rig.client.works({ filter_ids: handMade, sort_watchers_count: dir }, alice);
        expect(sortedIds(page.items)).toEqual([...handMade].sort((a, b) => a - b));
        const counts = page.items.map((w) => w.watchers_count ?? -1);
        expect(isSorted(counts, dir)).toBe(true);
        for (const work of page.items) {
          expect(work.watchers_count).toBe(data().watchersCount(data().requireWork(work.id)));
        }
      }
    });

    it('sort_id asc and desc, page and per_page', async () => {
      const desc = await rig.client.works({ filter_title: '銀河', sort_id: 'desc', per_page: 5 }, alice);
      expect(ids(desc.items)).toEqual([1120, 1119, 1118, 1117, 1116]);
      const asc = await rig.client.works(
        { filter_title: '銀河', sort_id: 'asc', per_page: 7, page: 2 },
        alice,
      );
      expect(ids(asc.items)).toEqual([1008, 1009, 1010, 1011, 1012, 1013, 1014]);
      expect(asc).toMatchObject({ totalCount: 120, nextPage: 3, prevPage: 1 });
      const last = await rig.client.works(
        { filter_title: '銀河', sort_id: 'asc', per_page: 7, page: 18 },
        alice,
      );
      expect(ids(last.items)).toEqual([1120]);
      expect(last).toMatchObject({ nextPage: null, prevPage: 17 });
      const sent = rig.transport.last('works').params;
      expect([sent.get('page'), sent.get('per_page'), sent.get('sort_id')]).toEqual(['18', '7', 'asc']);
    });

    it('fields narrows the response (id is always asked for)', async () => {
      const page = await rig.client.works({ filter_ids: [W.soraNote], fields: ['title'] }, alice);
      expect(page.items).toEqual([{ id: W.soraNote, title: '空色ノート' }]);
      expect(rig.transport.last('works').params.get('fields')).toBe('title,id');
    });
  });

  describe('episodes', () => {
    it('filter_work_id with sort_sort_number asc/desc', async () => {
      const expected = data()
        .episodesOfWork(W.koshoten)
        .map((e) => e.id);
      const asc = await rig.client.episodes(
        { filter_work_id: W.koshoten, sort_sort_number: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(asc.items)).toEqual(expected);
      // The recap (no number, sort_number 55) sits between episodes 5 and 6, not at the end (its id).
      expect(asc.items.map((e) => e.number)).toEqual([1, 2, 3, 4, 5, null, 6, 7, 8, 9, 10]);
      for (const episode of asc.items) expect(episode.work?.id).toBe(W.koshoten);
      const desc = await rig.client.episodes(
        { filter_work_id: W.koshoten, sort_sort_number: 'desc', per_page: 50 },
        alice,
      );
      expect(ids(desc.items)).toEqual([...expected].reverse());
    });

    it('filter_ids, prev/next episodes, fields, sort_id, page', async () => {
      const [e2, e3, e4] = [2, 3, 4].map((n) => episodeIdOf(W.soraNote, n)) as [number, number, number];
      const page = await rig.client.episodes(
        { filter_ids: [e2, e3, e4], sort_id: 'desc', per_page: 2 },
        alice,
      );
      expect(ids(page.items)).toEqual([e4, e3]);
      expect(page).toMatchObject({ totalCount: 3, nextPage: 2 });
      const third = page.items[1];
      expect(third?.prev_episode?.id).toBe(e2);
      expect(third?.next_episode?.id).toBe(e4);
      const second = await rig.client.episodes(
        { filter_ids: [e2, e3, e4], sort_id: 'desc', per_page: 2, page: 2 },
        alice,
      );
      expect(ids(second.items)).toEqual([e2]);

      const narrowed = await rig.client.episodes(
        { filter_ids: [e3], fields: ['number', 'work.title'] },
        alice,
      );
      expect(narrowed.items[0]).toMatchObject({ id: e3, number: 3, work: { title: '空色ノート' } });
      expect(narrowed.items[0]?.title).toBeUndefined();
      expect(Object.keys(narrowed.items[0]?.work ?? {})).toEqual(['title']);
    });
  });

  describe('people', () => {
    it('filter_name on the name and on the kana reading; filter_ids', async () => {
      const hoshino = [...data().people.values()].find((p) => p.name === '星野あかり')!;
      const byName = await rig.client.people({ filter_name: '星野' }, alice);
      expect(ids(byName.items)).toEqual([hoshino.id]);
      expect(byName.items[0]).toMatchObject({ name: '星野あかり', name_kana: 'ほしのあかり' });
      const byKana = await rig.client.people({ filter_name: 'ほしの' }, alice);
      expect(ids(byKana.items)).toEqual([hoshino.id]);

      const byIds = await rig.client.people({ filter_ids: [2, 3], fields: ['name'], sort_id: 'desc' }, alice);
      expect(byIds.items).toEqual([
        { id: 3, name: data().people.get(3)?.name },
        { id: 2, name: data().people.get(2)?.name },
      ]);
      const paged = await rig.client.people({ per_page: 3, page: 3 }, alice);
      expect(ids(paged.items)).toEqual([7, 8]);
      expect(paged).toMatchObject({ totalCount: data().people.size, nextPage: null, prevPage: 2 });
    });
  });

  describe('records', () => {
    it('filter_episode_id with filter_has_record_comment true and false', async () => {
      const episodeId = episodeIdOf(W.soraNote, 1);
      const onEpisode = [...data().records.values()].filter((r) => r.episodeId === episodeId);
      const all = await rig.client.records({ filter_episode_id: episodeId }, alice);
      expect(sortedIds(all.items)).toEqual(ids(onEpisode).sort((a, b) => a - b));
      for (const record of all.items) expect(record.episode?.id).toBe(episodeId);

      const withComment = await rig.client.records(
        { filter_episode_id: episodeId, filter_has_record_comment: true },
        alice,
      );
      expect(sortedIds(withComment.items)).toEqual(sortedIds(onEpisode.filter((r) => r.comment !== '')));
      for (const record of withComment.items) expect(record.comment).not.toBe('');
      expect(rig.transport.last('records').params.get('filter_has_record_comment')).toBe('true');

      const without = await rig.client.records(
        { filter_episode_id: episodeId, filter_has_record_comment: false },
        alice,
      );
      expect(sortedIds(without.items)).toEqual(sortedIds(onEpisode.filter((r) => r.comment === '')));
      expect(without.items.length).toBeGreaterThan(0);
      for (const record of without.items) expect(record.comment).toBe('');
      expect(rig.transport.last('records').params.get('filter_has_record_comment')).toBe('false');
    });

    it('sort_likes_count asc and desc; filter_ids; nested fields; sort_id; page', async () => {
      for (const dir of ['asc', 'desc'] as const) {
        const page = await rig.client.records({ sort_likes_count: dir, per_page: 50 }, alice);
        expect(page.items.length).toBe(data().records.size);
        expect(
          isSorted(
            page.items.map((r) => r.likes_count ?? 0),
            dir,
          ),
        ).toBe(true);
      }
      const top = await rig.client.records({ sort_likes_count: 'desc', per_page: 1 }, alice);
      const maxLikes = Math.max(...[...data().records.values()].map((r) => r.likesCount));
      expect(top.items[0]?.likes_count).toBe(maxLikes);

      const [first, second] = [...data().records.keys()];
      const byIds = await rig.client.records(
        {
          filter_ids: [first!, second!],
          fields: ['comment', 'rating', 'user.username', 'work.title'],
          sort_id: 'desc',
          page: 1,
        },
        alice,
      );
      expect(ids(byIds.items)).toEqual([second, first]);
      const record = byIds.items[0]!;
      const row = data().records.get(second!)!;
      expect(record).toMatchObject({
        comment: row.comment,
        rating: row.rating,
        user: { username: data().requireUser(row.userId).username },
        work: { title: data().requireWork(row.workId).title },
      });
      expect(Object.keys(record.user ?? {})).toEqual(['username']);
      // Embedded resources stay present under `fields`, possibly empty.
      expect(record.episode).toEqual({});
      expect(record.likes_count).toBeUndefined();
    });
  });

  describe('search_users', () => {
    it('filter_usernames (a list) and filter_ids', async () => {
      const byName = await rig.client.searchUsers({ filter_usernames: ['alice', 'carol', 'nobody'] }, alice);
      expect(sortedIds(byName.items)).toEqual([U.alice.id, U.carol.id]);
      expect(rig.transport.last('search_users').params.get('filter_usernames')).toBe('alice,carol,nobody');
      const byIds = await rig.client.searchUsers(
        { filter_ids: [U.bob.id, U.erin.id], fields: ['username', 'records_count'], sort_id: 'desc' },
        alice,
      );
      expect(byIds.items).toEqual([
        { id: U.erin.id, username: 'erin', records_count: data().userCounts(U.erin.id).records },
        { id: U.bob.id, username: 'bob', records_count: data().userCounts(U.bob.id).records },
      ]);
      const paged = await rig.client.searchUsers({ per_page: 5, page: 2 }, alice);
      expect(ids(paged.items)).toEqual([U.frank.id, U.mallory.id]);
    });
  });
}
