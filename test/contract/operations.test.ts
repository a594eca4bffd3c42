/**
 * Contract: all 16 operations of the spec, every parameter at least once, against the emulator's
 * data over loopback HTTP. Expected values are computed from `emulator.data` at the time of each
 * call. The last test checks, from the requests the client actually sent, that every parameter
 * of the spec reached the wire for every operation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallOptions,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateStatusActivity,
  type StatusKind,
  type WatchStatusFilter,
  type Work,
} from '../../src/service/index.js';
import type { ProgramRow } from '../emulator/model.js';
import { DEMO_CHANNELS, DEMO_GINGA, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../emulator/seed.js';
import { type ContractRig, ids, sortedIds, startRig } from './helpers.js';

const U = DEMO_USERS;
const W = DEMO_WORKS;
const alice: CallOptions = { token: DEMO_TOKENS.alice, priority: 'interactive' };
const bobCall: CallOptions = { token: DEMO_TOKENS.bob, priority: 'write' };

/**
 * The spec's parameters per operation (section 4), under the names they have on the wire
 * (SERVICE.md: share_microblog/share_network are share_twitter/share_facebook; `id` of
 * edit_record/delete_record travels in the path, written here as `:id`).
 */
const LIST = ['fields', 'page', 'per_page', 'sort_id'];
const SPEC_PARAMS: Record<string, string[]> = {
  works: [...LIST, 'filter_ids', 'filter_season', 'filter_title', 'sort_season', 'sort_watchers_count'],
  episodes: [...LIST, 'filter_ids', 'filter_work_id', 'sort_sort_number'],
  people: [...LIST, 'filter_ids', 'filter_name'],
  records: [...LIST, 'filter_ids', 'filter_episode_id', 'filter_has_record_comment', 'sort_likes_count'],
  search_users: [...LIST, 'filter_ids', 'filter_usernames'],
  activities: [...LIST, 'filter_user_id', 'filter_username'],
  followers: [...LIST, 'filter_user_id', 'filter_username'],
  following: [...LIST, 'filter_user_id', 'filter_username'],
  me: ['fields'],
  following_activities: [...LIST, 'filter_actions', 'filter_muted'],
  my_works: [
    ...LIST,
    'filter_ids',
    'filter_season',
    'filter_title',
    'filter_status',
    'sort_season',
    'sort_watchers_count',
  ],
  my_programs: [
    ...LIST,
    'filter_ids',
    'filter_channel_ids',
    'filter_work_ids',
    'filter_started_at_gt',
    'filter_started_at_lt',
    'filter_unwatched',
    'filter_rebroadcast',
    'sort_started_at',
  ],
  // rating_state: the public service's four-level rating, beside the spec's float rating.
  create_record: ['episode_id', 'comment', 'rating', 'rating_state', 'share_twitter', 'share_facebook'],
  edit_record: [':id', 'comment', 'rating', 'rating_state', 'share_twitter', 'share_facebook'],
  delete_record: [':id'],
  set_status: ['work_id', 'kind'],
};

/** Boolean parameters: both values must have been sent. */
const BOOLEAN_PARAMS: Record<string, string[]> = {
  records: ['filter_has_record_comment'],
  following_activities: ['filter_muted'],
  my_programs: ['filter_unwatched', 'filter_rebroadcast'],
  create_record: ['share_twitter', 'share_facebook'],
  edit_record: ['share_twitter', 'share_facebook'],
};

let rig: ContractRig;
const data = () => rig.emulator.data;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});

function episodeIdOf(workId: number, number: number | null): number {
  const episode = data()
    .episodesOfWork(workId)
    .find((e) => e.number === number);
  if (!episode) throw new Error(`no episode ${number} of work ${workId}`);
  return episode.id;
}

const SEASON_ORDER: Record<string, number> = { winter: 1, spring: 2, summer: 3, autumn: 4 };
function seasonKey(work: Work): number {
  const [year, name] = (work.season_name ?? '').split('-');
  return Number(year) * 10 + (SEASON_ORDER[name ?? ''] ?? 0);
}

function isSorted(values: number[], dir: 'asc' | 'desc'): boolean {
  return values.every((v, i) => i === 0 || (dir === 'asc' ? values[i - 1]! <= v : values[i - 1]! >= v));
}

/** Ids of works the emulator has in season `year-name` (`all`: the whole year). */
function worksInSeason(year: number, name: string, candidates?: readonly number[]): number[] {
  return [...data().works.values()]
    .filter((w) => (!candidates || candidates.includes(w.id)) && w.season?.year === year)
    .filter((w) => name === 'all' || w.season?.name === name)
    .map((w) => w.id)
    .sort((a, b) => a - b);
}

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
    const asc = await rig.client.works({ filter_title: '銀河', sort_id: 'asc', per_page: 7, page: 2 }, alice);
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
    const page = await rig.client.episodes({ filter_ids: [e2, e3, e4], sort_id: 'desc', per_page: 2 }, alice);
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

    const narrowed = await rig.client.episodes({ filter_ids: [e3], fields: ['number', 'work.title'] }, alice);
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

describe('activities, followers, following', () => {
  const activityIdsOf = (userId: number) =>
    [...data().activities.values()]
      .filter((a) => a.userId === userId)
      .map((a) => a.id)
      .sort((a, b) => a - b);
  const followersOf = (userId: number) =>
    [...data().followings.entries()]
      .filter(([, set]) => set.has(userId))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  const followingOf = (userId: number) => [...(data().followings.get(userId) ?? [])].sort((a, b) => a - b);

  it('activities: filter_user_id and filter_username (an unknown action does not break parsing)', async () => {
    const carol = await rig.client.activities({ filter_user_id: U.carol.id, per_page: 50 }, alice);
    expect(ids(carol.items)).toEqual(activityIdsOf(U.carol.id));
    for (const activity of carol.items) expect(activity.user?.id).toBe(U.carol.id);
    // carol wrote a review: the fourth action the spec does not list.
    expect(carol.items.map((a) => a.action)).toContain('create_review');

    const bob = await rig.client.activities({ filter_username: 'bob', per_page: 50 }, alice);
    expect(ids(bob.items)).toEqual(activityIdsOf(U.bob.id));
    const multiple = bob.items.find(isCreateMultipleRecordsActivity);
    expect(multiple?.multiple_record?.length).toBe(3);

    const narrowed = await rig.client.activities(
      { filter_user_id: U.alice.id, fields: ['created_at'], sort_id: 'desc', per_page: 2, page: 2 },
      alice,
    );
    const aliceIds = activityIdsOf(U.alice.id).reverse();
    expect(ids(narrowed.items)).toEqual(aliceIds.slice(2, 4));
    // The client adds id and action (its schema needs them) to a narrowing `fields`.
    expect(rig.transport.last('activities').params.get('fields')).toBe('created_at,id,action');
    for (const activity of narrowed.items) expect(activity.created_at).toMatch(/Z$/);
  });

  it('followers: filter_user_id = users who follow X; filter_username', async () => {
    const ofAlice = await rig.client.followers({ filter_user_id: U.alice.id }, alice);
    expect(sortedIds(ofAlice.items)).toEqual(followersOf(U.alice.id));
    expect(sortedIds(ofAlice.items)).toEqual([U.bob.id, U.carol.id, U.dave.id, U.erin.id, U.mallory.id]);
    const ofCarol = await rig.client.followers(
      { filter_username: 'carol', sort_id: 'desc', per_page: 2, page: 1, fields: ['username'] },
      alice,
    );
    expect(ids(ofCarol.items)).toEqual(followersOf(U.carol.id).reverse().slice(0, 2));
    expect(ofCarol.items[0]).toEqual({ id: U.erin.id, username: 'erin' });
  });

  it('following: filter_user_id = users X follows; filter_username', async () => {
    const ofAlice = await rig.client.following({ filter_user_id: U.alice.id }, alice);
    expect(sortedIds(ofAlice.items)).toEqual(followingOf(U.alice.id));
    const ofErin = await rig.client.following(
      { filter_username: 'erin', sort_id: 'asc', per_page: 1, page: 2, fields: ['name'] },
      alice,
    );
    expect(ofErin.items).toEqual([{ id: U.carol.id, name: data().requireUser(U.carol.id).name }]);
    expect(ofErin.totalCount).toBe(followingOf(U.erin.id).length);
  });

  it('scoped: client.user(id).followers / .following', async () => {
    const followers = await rig.client.user(U.alice.id).followers({ per_page: 50 }, alice);
    expect(sortedIds(followers.items)).toEqual(followersOf(U.alice.id));
    expect(rig.transport.last('followers').params.get('filter_user_id')).toBe(String(U.alice.id));
    const following = await rig.client
      .user(U.alice.id)
      .following({ sort_id: 'desc', per_page: 2, page: 1, fields: ['username'] }, alice);
    expect(following.items).toEqual(
      followingOf(U.alice.id)
        .reverse()
        .slice(0, 2)
        .map((id) => ({ id, username: data().requireUser(id).username })),
    );
    expect(rig.transport.last('following').params.get('filter_user_id')).toBe(String(U.alice.id));
  });
});

describe('me and following_activities', () => {
  it('me: the caller, all fields or narrowed', async () => {
    const me = await rig.client.me({}, alice);
    expect(me).toMatchObject({
      id: U.alice.id,
      username: 'alice',
      email: 'alice@example.com',
      notifications_count: 2,
    });
    expect(me.records_count).toBe(data().userCounts(U.alice.id).records);
    const narrowed = await rig.client.me({ fields: ['username', 'email'] }, alice);
    expect(narrowed).toEqual({ id: U.alice.id, username: 'alice', email: 'alice@example.com' });
    const bob = await rig.client.me({ fields: ['name'] }, bobCall);
    expect(bob).toEqual({ id: U.bob.id, name: data().requireUser(U.bob.id).name });
  });

  /** The feed the emulator's data implies for alice. */
  function aliceFeed(opts: { includeMuted: boolean; action?: string }): number[] {
    const followed = data().followings.get(U.alice.id) ?? new Set<number>();
    const muted = data().mutes.get(U.alice.id) ?? new Set<number>();
    return [...data().activities.values()]
      .filter((a) => a.userId === U.alice.id || followed.has(a.userId))
      .filter((a) => opts.includeMuted || !muted.has(a.userId))
      .filter((a) => opts.action === undefined || a.action === opts.action)
      .map((a) => a.id)
      .sort((a, b) => a - b);
  }

  it('filter_muted: default and true exclude muted users, false includes them', async () => {
    const byDefault = await rig.client.followingActivities({ per_page: 50 }, alice);
    expect(ids(byDefault.items)).toEqual(aliceFeed({ includeMuted: false }));
    expect(byDefault.items.some((a) => a.user?.id === U.mallory.id)).toBe(false);
    // Own activities are part of the feed.
    expect(byDefault.items.some((a) => a.user?.id === U.alice.id)).toBe(true);

    const muted = await rig.client.followingActivities({ filter_muted: true, per_page: 50 }, alice);
    expect(ids(muted.items)).toEqual(ids(byDefault.items));
    expect(rig.transport.last('following_activities').params.get('filter_muted')).toBe('true');

    const unmuted = await rig.client.followingActivities({ filter_muted: false, per_page: 50 }, alice);
    expect(ids(unmuted.items)).toEqual(aliceFeed({ includeMuted: true }));
    expect(unmuted.items.filter((a) => a.user?.id === U.mallory.id).length).toBeGreaterThan(0);
    expect(rig.transport.last('following_activities').params.get('filter_muted')).toBe('false');
  });

  it('filter_actions keeps one action; sort_id, page, fields', async () => {
    for (const action of [
      'create_record',
      'create_review',
      'create_status',
      'create_multiple_records',
    ] as const) {
      const page = await rig.client.followingActivities({ filter_actions: action, per_page: 50 }, alice);
      expect(ids(page.items)).toEqual(aliceFeed({ includeMuted: false, action }));
      expect(page.items.length).toBeGreaterThan(0);
      for (const activity of page.items) expect(activity.action).toBe(action);
    }
    const statuses = await rig.client.followingActivities(
      { filter_actions: 'create_status', per_page: 50 },
      alice,
    );
    expect(statuses.items.every((a) => isCreateStatusActivity(a) && typeof a.status?.kind === 'string')).toBe(
      true,
    );
    const records = await rig.client.followingActivities(
      { filter_actions: 'create_record', per_page: 50 },
      alice,
    );
    expect(records.items.every((a) => isCreateRecordActivity(a) && typeof a.record?.id === 'number')).toBe(
      true,
    );

    const expected = aliceFeed({ includeMuted: false }).reverse();
    const page2 = await rig.client.followingActivities(
      { sort_id: 'desc', per_page: 4, page: 2, fields: ['user.username'] },
      alice,
    );
    expect(ids(page2.items)).toEqual(expected.slice(4, 8));
    expect(page2.prevPage).toBe(1);
    for (const activity of page2.items) {
      expect(Object.keys(activity.user ?? {})).toEqual(['username']);
      expect(activity.created_at).toBeUndefined();
    }
  });
});

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
      const bySeason = await rig.client.myWorks({ filter_ids: mine, sort_season: dir, per_page: 50 }, alice);
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
    const expectedUnwatched = schedule((p) => !data().isProgramWatched(p, U.alice.id));
    expect(ids(unwatched.items)).toEqual(idsOf(expectedUnwatched));
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

describe('writes', () => {
  it('create_record with comment, rating and both share flags', async () => {
    const episodeId = episodeIdOf(W.tsukikage, 1);
    const before = data().records.size;
    const record = await rig.client.createRecord(
      {
        episode_id: episodeId,
        comment: '  初見です  ',
        rating: 4.5,
        share_microblog: true,
        share_network: false,
      },
      alice,
    );
    expect(record).toMatchObject({
      comment: '初見です',
      rating: 4.5,
      is_modified: false,
      episode: { id: episodeId },
      work: { id: W.tsukikage },
      user: { id: U.alice.id },
    });
    expect(data().records.size).toBe(before + 1);
    expect(data().records.get(record.id)).toMatchObject({
      userId: U.alice.id,
      episodeId,
      comment: '初見です',
      rating: 4.5,
    });
    const sent = rig.transport.last('create_record');
    expect(sent.method).toBe('POST');
    expect(Object.fromEntries(sent.params)).toEqual({
      episode_id: String(episodeId),
      comment: '  初見です  ',
      rating: '4.5',
      share_twitter: 'true',
      share_facebook: 'false',
    });
    // A create_record activity appears in the caller's feed.
    const feed = await rig.client.followingActivities(
      { filter_actions: 'create_record', sort_id: 'desc', per_page: 1 },
      alice,
    );
    const top = feed.items[0];
    expect(top && isCreateRecordActivity(top) ? top.record?.id : undefined).toBe(record.id);
  });

  it('create_record with only episode_id; a whole rating comes back as a float', async () => {
    const episodeId = episodeIdOf(W.tsukikage, 2);
    const bare = await rig.client.createRecord({ episode_id: episodeId }, bobCall);
    expect(bare).toMatchObject({ comment: '', rating: null, user: { id: U.bob.id } });
    expect(Object.fromEntries(rig.transport.last('create_record').params)).toEqual({
      episode_id: String(episodeId),
    });
    const whole = await rig.client.createRecord(
      { episode_id: episodeId, rating: 4, share_microblog: false, share_network: true },
      bobCall,
    );
    expect(whole.rating).toBe(4);
    expect(rig.transport.last('create_record').params.get('share_facebook')).toBe('true');
  });

  it('a comment with reserved and non-ASCII characters survives the round trip', async () => {
    const comment = 'a&b=c+d%20e,f;g?h#i/j 空 😀\n2行目';
    const record = await rig.client.createRecord({ episode_id: episodeIdOf(W.tsukikage, 6), comment }, alice);
    expect(record.comment).toBe(comment);
    expect(data().records.get(record.id)?.comment).toBe(comment);
    const edited = await rig.client.editRecord({ id: record.id, comment: `${comment}!` }, alice);
    expect(edited.comment).toBe(`${comment}!`);
    const found = await rig.client.works({ filter_title: 'カフェ・ルミナ' }, alice);
    expect(ids(found.items)).toEqual([W.cafeLumina]);
  });

  it('edit_record replaces comment and rating; leaving the comment out clears it', async () => {
    const created = await rig.client.createRecord(
      { episode_id: episodeIdOf(W.tsukikage, 3), comment: 'first' },
      alice,
    );
    const edited = await rig.client.editRecord(
      { id: created.id, comment: 'edited', rating: 3, share_microblog: false, share_network: true },
      alice,
    );
    expect(edited).toMatchObject({ id: created.id, comment: 'edited', rating: 3, is_modified: true });
    expect(data().records.get(created.id)).toMatchObject({ comment: 'edited', rating: 3, isModified: true });
    const sent = rig.transport.last('edit_record');
    expect(sent.method).toBe('PATCH');
    expect(sent.path).toBe(`/v1/me/records/${created.id}`);
    expect(Object.fromEntries(sent.params)).toEqual({
      comment: 'edited',
      rating: '3',
      share_twitter: 'false',
      share_facebook: 'true',
    });

    const cleared = await rig.client.editRecord({ id: created.id, rating: 2 }, alice);
    expect(cleared).toMatchObject({ comment: '', rating: 2 });
    expect(data().records.get(created.id)?.comment).toBe('');
  });

  it('rating_state on create and edit; the service replaces it, so leaving it out clears it', async () => {
    const created = await rig.client.createRecord(
      { episode_id: episodeIdOf(W.tsukikage, 2), rating_state: 'good' },
      alice,
    );
    expect(created).toMatchObject({ rating_state: 'good', rating: null });
    expect(rig.transport.last('create_record').params.get('rating_state')).toBe('good');
    const edited = await rig.client.editRecord({ id: created.id, comment: 'x', rating_state: 'bad' }, alice);
    expect(edited).toMatchObject({ rating_state: 'bad', comment: 'x' });
    expect(rig.transport.last('edit_record').params.get('rating_state')).toBe('bad');
    const cleared = await rig.client.editRecord({ id: created.id, comment: 'x' }, alice);
    expect(cleared).toMatchObject({ rating_state: null, comment: 'x' });
  });

  it('scoped: client.episode(id).createRecord and client.record(id).edit', async () => {
    const episodeId = episodeIdOf(W.isekaiBakery, 1);
    const created = await rig.client
      .episode(episodeId)
      .createRecord(
        { comment: 'パンがおいしそう', rating: 5, share_microblog: true, share_network: true },
        alice,
      );
    expect(created).toMatchObject({ comment: 'パンがおいしそう', rating: 5, episode: { id: episodeId } });
    expect(rig.transport.last('create_record').params.get('episode_id')).toBe(String(episodeId));
    expect(data().records.get(created.id)?.episodeId).toBe(episodeId);

    const edited = await rig.client
      .record(created.id)
      .edit({ comment: 'やっぱり最高', rating: 4.5, share_microblog: true, share_network: false }, alice);
    expect(edited).toMatchObject({ id: created.id, comment: 'やっぱり最高', rating: 4.5, is_modified: true });
    expect(rig.transport.last('edit_record').path).toBe(`/v1/me/records/${created.id}`);
    expect(data().records.get(created.id)?.comment).toBe('やっぱり最高');
  });

  it('delete_record -> true and the record is gone (also through client.record(id).delete)', async () => {
    const a = await rig.client.createRecord({ episode_id: episodeIdOf(W.tsukikage, 4) }, alice);
    const b = await rig.client.createRecord({ episode_id: episodeIdOf(W.tsukikage, 5) }, alice);
    await expect(rig.client.deleteRecord({ id: a.id }, alice)).resolves.toBe(true);
    const sent = rig.transport.last('delete_record');
    expect([sent.method, sent.path]).toEqual(['DELETE', `/v1/me/records/${a.id}`]);
    expect(data().records.has(a.id)).toBe(false);
    const left = await rig.client.records({ filter_ids: [a.id, b.id] }, alice);
    expect(ids(left.items)).toEqual([b.id]);

    await expect(rig.client.record(b.id).delete(alice)).resolves.toBe(true);
    expect(data().records.has(b.id)).toBe(false);
  });

  it('set_status -> true for all six kinds; no_select clears it', async () => {
    const workId = W.koshoten;
    expect(data().statusOf(U.alice.id, workId)).toBeUndefined();
    const kinds: WatchStatusFilter[] = ['wanna_watch', 'watching', 'watched', 'on_hold', 'stop_watching'];
    for (const kind of kinds) {
      await expect(rig.client.setStatus({ work_id: workId, kind }, alice)).resolves.toBe(true);
      expect(data().statusOf(U.alice.id, workId)).toBe(kind);
      const mine = await rig.client.myWorks({ filter_ids: [workId], filter_status: kind }, alice);
      expect(mine.items.map((w) => [w.id, w.status?.kind])).toEqual([[workId, kind]]);
    }
    expect(Object.fromEntries(rig.transport.last('set_status').params)).toEqual({
      work_id: String(workId),
      kind: 'stop_watching',
    });
    await expect(rig.client.setStatus({ work_id: workId, kind: 'no_select' }, alice)).resolves.toBe(true);
    expect(data().statusOf(U.alice.id, workId)).toBeUndefined();
    const gone = await rig.client.myWorks({ filter_ids: [workId] }, alice);
    expect(gone.items).toEqual([]);
  });
});

describe('coverage', () => {
  it('every operation and every spec parameter reached the wire (booleans both ways)', () => {
    const seen = new Map<string, Set<string>>();
    const boolValues = new Map<string, Set<string>>();
    for (const request of rig.transport.sent) {
      let names = seen.get(request.operation);
      if (!names) {
        names = new Set();
        seen.set(request.operation, names);
      }
      for (const [name, value] of request.params) {
        names.add(name);
        const key = `${request.operation}.${name}`;
        const values = boolValues.get(key) ?? new Set<string>();
        values.add(value);
        boolValues.set(key, values);
      }
      if (/\/me\/records\/\d+$/.test(request.path)) names.add(':id');
    }
    const missing: string[] = [];
    for (const [operation, params] of Object.entries(SPEC_PARAMS)) {
      const names = seen.get(operation);
      if (!names) {
        missing.push(`${operation} (never called)`);
        continue;
      }
      for (const name of params) if (!names.has(name)) missing.push(`${operation}.${name}`);
    }
    for (const [operation, params] of Object.entries(BOOLEAN_PARAMS)) {
      for (const name of params) {
        const values = boolValues.get(`${operation}.${name}`) ?? new Set();
        if (!values.has('true') || !values.has('false')) missing.push(`${operation}.${name}=true/false`);
      }
    }
    expect(missing).toEqual([]);
    expect([...seen.keys()].sort()).toEqual(Object.keys(SPEC_PARAMS).sort());
    // No request carried a parameter outside the spec (unknown parameters are not sent).
    for (const request of rig.transport.sent) {
      const allowed = SPEC_PARAMS[request.operation] ?? [];
      for (const name of request.params.keys())
        expect(allowed, `${request.operation}.${name}`).toContain(name);
    }
  });
});
