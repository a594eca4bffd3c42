/** Contract, the caller's own lists (my_works, my_programs) and a work's scoped episodes. Registered by operations.test.ts. */
import { describe, expect, it } from 'vitest';
import type { StatusKind, WatchStatusFilter } from '#src/service/index.js';
import { inUnwatchedBacklog } from '../../fakes/emulator/chosen-channels.js';
import type { ProgramRow } from '../../fakes/emulator/model.js';
import { DEMO_CHANNELS, DEMO_GINGA, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { ids, sortedIds } from './helpers.js';
import {
  alice,
  data,
  episodeIdOf,
  isSorted,
  rig,
  seasonKey,
  U,
  W,
  worksInSeason,
} from './operations-setup.js';

export function myOperations(): void {
  describe('my_works', () => {
    const aliceStatuses = () => data().statuses.get(U.alice.id) ?? new Map<number, StatusKind>();

    it('filter_status: each of the five values', async () => {
      const kinds: WatchStatusFilter[] = ['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching'];
      for (const kind of kinds) {
        const page = await rig.client.myWorks({ filter_status: kind, per_page: 50 }, alice);
        const expected = [...aliceStatuses()].filter(([, k]) => k === kind).map(([id]) => id);
        expect(sortedIds(page.items)).toEqual(expected.sort((a, b) => a - b));
        expect(page.items.length).toBeGreaterThan(0);
        for (const work of page.items) expect(work.status?.kind).toBe(kind);
      }
    });

    it('filter_ids, filter_season (incl. -all), filter_title (title and kana)', async () => {
      const mine = [...aliceStatuses().keys()];
      const byIds = await rig.client.myWorks(
        { filter_ids: [W.soraNote, W.sakurazaka, W.houkagoDragon] },
        alice,
      );
      // sakurazaka has no status for alice: not one of her works.
      expect(sortedIds(byIds.items)).toEqual([W.soraNote, W.houkagoDragon]);

      const spring = await rig.client.myWorks({ filter_season: '2024-spring' }, alice);
      expect(sortedIds(spring.items)).toEqual(worksInSeason(2024, 'spring', mine));
      const year = await rig.client.myWorks({ filter_season: '2024-all' }, alice);
      expect(sortedIds(year.items)).toEqual(worksInSeason(2024, 'all', mine));
      expect(year.items.length).toBeGreaterThan(spring.items.length);

      const byTitle = await rig.client.myWorks({ filter_title: 'カフェ' }, alice);
      expect(ids(byTitle.items)).toEqual([W.cafeLumina]);
      const byKana = await rig.client.myWorks({ filter_title: 'そらいろ' }, alice);
      // The movie shares the kana but alice has no status for it.
      expect(ids(byKana.items)).toEqual([W.soraNote]);
    });

    it('sort_season, sort_watchers_count, sort_id, page, per_page, fields', async () => {
      const mine = [...aliceStatuses().keys()].filter((id) => data().requireWork(id).season !== null);
      for (const dir of ['asc', 'desc'] as const) {
        const bySeason = await rig.client.myWorks(
          { filter_ids: mine, sort_season: dir, per_page: 50 },
          alice,
        );
        expect(bySeason.items.length).toBe(mine.length);
        expect(isSorted(bySeason.items.map(seasonKey), dir)).toBe(true);
        const byWatchers = await rig.client.myWorks({ sort_watchers_count: dir, per_page: 50 }, alice);
        expect(byWatchers.items.length).toBe(aliceStatuses().size);
        expect(
          isSorted(
            byWatchers.items.map((w) => w.watchers_count ?? 0),
            dir,
          ),
        ).toBe(true);
      }
      const all = [...aliceStatuses().keys()].sort((a, b) => b - a);
      const page = await rig.client.myWorks(
        { sort_id: 'desc', per_page: 3, page: 2, fields: ['title'] },
        alice,
      );
      expect(ids(page.items)).toEqual(all.slice(3, 6));
      expect(page.totalCount).toBe(all.length);
      expect(page.items[0]?.title).toBe(data().requireWork(all[3]!).title);
      expect(page.items[0]?.watchers_count).toBeUndefined();
    });
  });

  describe('my_programs', () => {
    /** alice's schedule per the data: programs of works she marked wanna_watch or watching. */
    function schedule(filter: (p: ProgramRow) => boolean = () => true): ProgramRow[] {
      const mine = data().statuses.get(U.alice.id);
      return [...data().programs.values()]
        .filter((p) => {
          const kind = mine?.get(p.workId);
          return kind === 'wanna_watch' || kind === 'watching';
        })
        .filter(filter)
        .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime() || a.id - b.id);
    }
    const idsOf = (rows: ProgramRow[]) => rows.map((p) => p.id);

    it('sort_started_at asc and desc cover the schedule', async () => {
      const expected = schedule();
      expect(expected.length).toBeGreaterThan(5);
      const asc = await rig.client.myPrograms({ sort_started_at: 'asc', per_page: 50 }, alice);
      expect(ids(asc.items)).toEqual(idsOf(expected));
      expect(asc.items.map((p) => p.started_at)).toEqual(expected.map((p) => p.startedAt.toISOString()));
      const desc = await rig.client.myPrograms({ sort_started_at: 'desc', per_page: 50 }, alice);
      const descTimes = desc.items.map((p) => Date.parse(p.started_at ?? ''));
      expect(isSorted(descTimes, 'desc')).toBe(true);
      expect(sortedIds(desc.items)).toEqual(idsOf(expected).sort((a, b) => a - b));
    });

    it('filter_ids, filter_channel_ids, filter_work_ids', async () => {
      const [a, b] = schedule();
      const byIds = await rig.client.myPrograms({ filter_ids: [a!.id, b!.id] }, alice);
      expect(sortedIds(byIds.items)).toEqual([a!.id, b!.id].sort((x, y) => x - y));

      const channels: number[] = [DEMO_CHANNELS.tokyoMx, DEMO_CHANNELS.atx];
      const byChannel = await rig.client.myPrograms(
        { filter_channel_ids: channels, sort_started_at: 'asc' },
        alice,
      );
      expect(ids(byChannel.items)).toEqual(idsOf(schedule((p) => channels.includes(p.channelId))));
      for (const program of byChannel.items) expect(channels).toContain(program.channel?.id);

      const byWork = await rig.client.myPrograms(
        { filter_work_ids: [W.soraNote, W.tsukikage], sort_started_at: 'asc' },
        alice,
      );
      expect(ids(byWork.items)).toEqual(
        idsOf(schedule((p) => p.workId === W.soraNote || p.workId === W.tsukikage)),
      );
      expect(rig.transport.last('my_programs').params.get('filter_work_ids')).toBe(
        `${W.soraNote},${W.tsukikage}`,
      );
    });

    it('filter_started_at_gt and _lt compare strictly (Date and string values)', async () => {
      const rows = schedule();
      const pivot = rows[Math.floor(rows.length / 2)]!;
      const t = pivot.startedAt.getTime();
      const after = await rig.client.myPrograms(
        { filter_started_at_gt: pivot.startedAt, sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(after.items)).toEqual(idsOf(schedule((p) => p.startedAt.getTime() > t)));
      expect(ids(after.items)).not.toContain(pivot.id);
      expect(rig.transport.last('my_programs').params.get('filter_started_at_gt')).toBe(
        pivot.startedAt.toISOString(),
      );
      const justBefore = await rig.client.myPrograms(
        { filter_started_at_gt: new Date(t - 1000).toISOString(), sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(justBefore.items)).toContain(pivot.id);

      const before = await rig.client.myPrograms(
        { filter_started_at_lt: pivot.startedAt, sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(before.items)).toEqual(idsOf(schedule((p) => p.startedAt.getTime() < t)));
      expect(ids(before.items)).not.toContain(pivot.id);
      const justAfter = await rig.client.myPrograms(
        { filter_started_at_lt: new Date(t + 1000), sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(justAfter.items)).toContain(pivot.id);

      const window = await rig.client.myPrograms(
        {
          filter_started_at_gt: new Date(t - 1000),
          filter_started_at_lt: new Date(t + 1000),
        },
        alice,
      );
      expect(ids(window.items)).toEqual(idsOf(schedule((p) => Math.abs(p.startedAt.getTime() - t) < 1000)));
    });

    it('filter_unwatched and filter_rebroadcast true/false', async () => {
      const unwatched = await rig.client.myPrograms(
        { filter_unwatched: true, sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      // Only the channel each entry chose, and only episodes alice has not recorded (SERVICE.md).
      const expectedUnwatched = schedule((p) => inUnwatchedBacklog(data(), p, U.alice.id));
      expect(ids(unwatched.items)).toEqual(idsOf(expectedUnwatched));
      expect(expectedUnwatched.every((p) => !data().isProgramWatched(p, U.alice.id))).toBe(true);
      expect(unwatched.items.some((p) => p.channel?.id !== DEMO_CHANNELS.tokyoMx)).toBe(true);
      expect(
        unwatched.items.every(
          (p) => p.work?.id !== DEMO_WORKS.soraNote || p.channel?.id === DEMO_CHANNELS.tokyoMx,
        ),
      ).toBe(true);
      // Some of alice's programs are watched (she recorded 空色ノート #3 and ルミナ #1).
      expect(expectedUnwatched.length).toBeLessThan(schedule().length);
      // false is not a filter: the whole schedule (the public service behaves the same way).
      const notFiltered = await rig.client.myPrograms(
        { filter_unwatched: false, sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(notFiltered.items)).toEqual(idsOf(schedule()));
      expect(rig.transport.last('my_programs').params.get('filter_unwatched')).toBe('false');

      const rebroadcasts = await rig.client.myPrograms(
        { filter_rebroadcast: true, sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(rebroadcasts.items)).toEqual(idsOf(schedule((p) => p.isRebroadcast)));
      expect(rebroadcasts.items.length).toBeGreaterThan(0);
      for (const program of rebroadcasts.items) expect(program.is_rebroadcast).toBe(true);
      const firstRuns = await rig.client.myPrograms(
        { filter_rebroadcast: false, sort_started_at: 'asc', per_page: 50 },
        alice,
      );
      expect(ids(firstRuns.items)).toEqual(idsOf(schedule((p) => !p.isRebroadcast)));
      for (const program of firstRuns.items) expect(program.is_rebroadcast).toBe(false);
    });

    it('nested fields, sort_id, page, per_page', async () => {
      const all = idsOf(schedule()).sort((a, b) => b - a);
      const page = await rig.client.myPrograms(
        { sort_id: 'desc', per_page: 3, page: 2, fields: ['started_at', 'channel.name', 'work.title'] },
        alice,
      );
      expect(ids(page.items)).toEqual(all.slice(3, 6));
      const program = page.items[0]!;
      const row = data().programs.get(program.id)!;
      expect(program.channel).toEqual({ name: data().channels.get(row.channelId)?.name });
      expect(program.work).toEqual({ title: data().requireWork(row.workId).title });
      expect(program.is_rebroadcast).toBeUndefined();
      expect(program.started_at).toBe(row.startedAt.toISOString());
    });
  });

  describe('scoped work episodes', () => {
    it('client.work(id).episodes sends filter_work_id with the other parameters', async () => {
      const expected = data()
        .episodesOfWork(W.soraNote)
        .map((e) => e.id);
      const desc = await rig.client
        .work(W.soraNote)
        .episodes({ sort_sort_number: 'desc', per_page: 5, page: 1, fields: ['number'] }, alice);
      // Embedded resources (work, prev/next episode) stay present, narrowed to {} (or null).
      expect(desc.items.map((e) => ({ id: e.id, number: e.number }))).toEqual(
        [...expected]
          .reverse()
          .slice(0, 5)
          .map((id) => ({ id, number: data().episodes.get(id)?.number })),
      );
      expect(desc.totalCount).toBe(expected.length);
      expect(rig.transport.last('episodes').params.get('filter_work_id')).toBe(String(W.soraNote));

      const picked = await rig.client
        .work(W.soraNote)
        .episodes(
          { filter_ids: [expected[0]!, expected[1]!, episodeIdOf(W.haganeMelody, 1)], sort_id: 'desc' },
          alice,
        );
      // An episode of another work is filtered out by the scope.
      expect(ids(picked.items)).toEqual([expected[1], expected[0]]);
    });

    it('client.work(id).episodeByNumber finds by number, by number_text, or gives undefined', async () => {
      const third = await rig.client.work(W.soraNote).episodeByNumber(3, alice);
      expect(third?.id).toBe(episodeIdOf(W.soraNote, 3));
      expect(third?.number).toBe(3);
      expect(await rig.client.work(W.soraNote).episodeByNumber(13, alice)).toBeUndefined();
      const seventh = await rig.client.work(W.yoakeSignal).episodeByNumber(7, alice);
      expect(seventh).toMatchObject({ id: episodeIdOf(W.yoakeSignal, 7), number_text: '#7' });
      const galaxy = await rig.client.work(DEMO_GINGA.firstId).episodeByNumber(2, alice);
      expect(galaxy?.title).toBe('第2駅');
    });
    it('episodeByNumber on a long work numbered from 101 (guessed page past the end, then a walk)', async () => {
      const work = data().createWork({ title: '長編テスト', titleKana: 'ちょうへんてすと' });
      for (let n = 101; n <= 160; n += 1) data().createEpisode({ workId: work.id, number: n, sortNumber: n });
      const before = rig.transport.sent.length;
      const found = await rig.client.work(work.id).episodeByNumber(155, alice);
      expect(found).toMatchObject({ id: episodeIdOf(work.id, 155), number: 155 });
      // Guess page ceil(155 / 50) = 4 (past the end: empty), then walk pages 1 and 2.
      const pages = rig.transport.sent.slice(before).map((r) => r.params.get('page'));
      expect(pages).toEqual(['4', '1', '2']);
      expect((await rig.client.work(work.id).episodeByNumber(101, alice))?.number).toBe(101);
      expect(await rig.client.work(work.id).episodeByNumber(161, alice)).toBeUndefined();
    });
  });
}
