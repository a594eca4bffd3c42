/** The emulator's read side: paging, response shapes and fields, filters and sorts. */
import { describe, expect, it } from 'vitest';
import { emulatorPerFile, ids, type Json } from '../../fakes/emulator/emulator-calls.js';
import { DEMO_GINGA, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';

const api = emulatorPerFile();
const { call, getJson } = api;

const ginga = encodeURIComponent(DEMO_GINGA.fragment);

describe('paging', () => {
  it('walks the 120 銀河 works with per_page 7, seeing each once', async () => {
    const seen: number[] = [];
    let page: number | null = 1;
    let pages = 0;
    while (page !== null) {
      const body = await getJson(
        `/v1/works?filter_title=${ginga}&per_page=7&page=${page}&sort_id=asc&fields=id`,
      );
      expect(body.total_count).toBe(120);
      expect(body.prev_page).toBe(page === 1 ? null : page - 1);
      seen.push(...ids(body.works));
      page = body.next_page as number | null;
      pages += 1;
    }
    expect(pages).toBe(18);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);
    expect(seen[0]).toBe(DEMO_GINGA.firstId);
    expect(seen.at(-1)).toBe(DEMO_GINGA.lastId);
  });

  it('says page+1 on an empty page past the end, and defaults to 25 per page, id ascending', async () => {
    const past = await getJson(`/v1/works?filter_title=${ginga}&per_page=7&page=19`);
    expect(past).toMatchObject({ works: [], total_count: 120, next_page: 20, prev_page: 18 });
    const first = await getJson(`/v1/works?filter_title=${ginga}`);
    expect(ids(first.works)).toHaveLength(25);
    expect(first.next_page).toBe(2);
    const desc = await getJson(`/v1/works?filter_title=${ginga}&sort_id=desc&per_page=3&fields=id`);
    expect(ids(desc.works)).toEqual([DEMO_GINGA.lastId, DEMO_GINGA.lastId - 1, DEMO_GINGA.lastId - 2]);
  });

  it('rejects per_page outside 1..50 and page 0, one entry per check', async () => {
    for (const query of ['per_page=0', 'per_page=51', 'per_page=abc', 'page=0']) {
      const res = await call(`/v1/works?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { errors: Json[] };
      expect(body.errors).toHaveLength(1);
      expect(body.errors[0]).toMatchObject({ type: 'invalid_params' });
      expect(typeof body.errors[0]?.developer_message).toBe('string');
    }
    const res = await call('/v1/works?per_page=99&sort_id=up&filter_season=2024-fall&filter_ids=1,x');
    expect(((await res.json()) as { errors: Json[] }).errors).toHaveLength(4);
  });
});

describe('shapes and fields', () => {
  it('narrows fields, keeping nested resources present (possibly empty)', async () => {
    const works = await getJson('/v1/works?filter_ids=1&fields=id,title');
    expect(works.works).toEqual([{ id: 1, title: '空色ノート' }]);
    // Records 1-8 are the old multiple records; 9 is carol's record of the final episode.
    const records = await getJson('/v1/records?filter_ids=9&fields=id,work.title,episode.number');
    expect(records.records).toEqual([
      { id: 9, user: {}, work: { title: '放課後の竜' }, episode: { number: 12 } },
    ]);
  });

  it('leaves season_name out for a work without a season and writes floats like 4.0', async () => {
    const body = await getJson(`/v1/works?filter_ids=${DEMO_WORKS.sakurazaka},${DEMO_WORKS.soraNote}`);
    const [sora, sakura] = body.works as Json[];
    expect(sora).toMatchObject({ season_name: '2024-spring', season_name_text: '2024年春', media: 'tv' });
    expect(sakura).not.toHaveProperty('season_name');
    expect(sakura).not.toHaveProperty('season_name_text');
    // The one seeded record made with an older app has the deprecated numeric rating 4.
    const legacy = [...api.emu.data.records.values()].find((r) => r.rating !== null);
    const raw = await (await call(`/v1/records?filter_ids=${legacy?.id}&fields=rating,rating_state`)).text();
    expect(raw).toContain('"rating":4.0');
    expect(raw).toContain('"rating_state":null');
  });

  it('lists episodes with work and neighbours, numbers possibly null', async () => {
    const body = await getJson(
      `/v1/episodes?filter_work_id=${DEMO_WORKS.koshoten}&sort_sort_number=asc&per_page=50`,
    );
    const episodes = body.episodes as Json[];
    const recap = episodes.find((e) => e.number_text === '総集編');
    expect(recap).toMatchObject({ number: null, title: 'これまでの物語' });
    expect(episodes[0]?.prev_episode).toBeNull();
    expect(episodes.at(-1)?.next_episode).toBeNull();
    expect(episodes[1]?.prev_episode).toMatchObject({ id: episodes[0]?.id });
    expect(episodes[0]?.work).toMatchObject({ title: '古書店の幽霊' });
  });

  it('answers me with email and notifications_count', async () => {
    const me = await getJson('/v1/me');
    expect(me).toMatchObject({ id: DEMO_USERS.alice.id, username: 'alice', email: 'alice@example.com' });
    expect(me).toHaveProperty('notifications_count');
    expect(await getJson('/v1/me?fields=username')).toEqual({ username: 'alice' });
  });

  it('renders a review with every field of the service’s review view', async () => {
    const body = await getJson('/v1/activities?filter_actions=create_review');
    const review = (body.activities as Json[])[0]?.review as Json;
    expect(Object.keys(review)).toEqual([
      'id',
      'title',
      'body',
      'rating_animation_state',
      'rating_music_state',
      'rating_story_state',
      'rating_character_state',
      'rating_overall_state',
      'likes_count',
      'impressions_count',
      'modified_at',
      'created_at',
    ]);
    expect(review).toMatchObject({ rating_overall_state: 'great', rating_animation_state: 'good' });
  });

  it('renders every activity kind; create_multiple_records only as old data', async () => {
    const all = await getJson('/v1/activities?per_page=50&sort_id=asc');
    const legacy = (all.activities as Json[]).filter((a) => a.action === 'create_multiple_records');
    expect(legacy.length).toBeGreaterThan(0);
    for (const activity of legacy) expect(String(activity.created_at)).toMatch(/^2017-/);
    const body = await getJson('/v1/activities?per_page=50');
    const actions = new Set((body.activities as Json[]).map((a) => a.action));
    expect([...actions].sort()).toEqual([
      'create_multiple_records',
      'create_record',
      'create_review',
      'create_status',
    ]);
  });
});

describe('filters and sorts', () => {
  it('filters works by season, title (also kana) and ids; sort_id wins', async () => {
    const spring = await getJson('/v1/works?filter_season=2024-spring&filter_ids=1,2,3,4,5,6,7,8,9,10,11,12');
    expect(ids(spring.works)).toEqual([1, 4, 6, 12]);
    const year = await getJson('/v1/works?filter_season=2024-all&filter_ids=1,2,3,4,5,6,7,8,9,10,11,12');
    expect(ids(year.works)).toEqual([1, 2, 4, 5, 6, 10, 12]);
    const kana = await getJson(`/v1/works?filter_title=${encodeURIComponent('そらいろ')}`);
    expect(ids(kana.works)).toEqual([1, 7]);
    const both = await getJson('/v1/works?filter_ids=1,2,3&sort_watchers_count=desc&sort_id=asc');
    expect(ids(both.works)).toEqual([1, 2, 3]);
    const watchers = await getJson('/v1/works?filter_ids=1,2,3&sort_watchers_count=desc');
    expect(ids(watchers.works)).toEqual([3, 1, 2]);
  });

  it('filters records by comment presence', async () => {
    const withComment = await getJson(
      '/v1/records?filter_has_record_comment=true&per_page=50&fields=comment',
    );
    expect((withComment.records as Json[]).every((r) => r.comment !== '')).toBe(true);
    const without = await getJson('/v1/records?filter_has_record_comment=false&per_page=50&fields=comment');
    expect((without.records as Json[]).every((r) => r.comment === '')).toBe(true);
    expect((await call('/v1/records?filter_has_record_comment=yes')).status).toBe(400);
  });

  it('answers the social lists the public way round', async () => {
    const users = await getJson('/v1/users?filter_usernames=bob,carol');
    expect(ids(users.users)).toEqual([2, 3]);
    const followers = await getJson('/v1/followers?filter_username=carol');
    expect(ids(followers.users)).toEqual([1, 2, 5]);
    const following = await getJson('/v1/following?filter_user_id=1');
    expect(ids(following.users)).toEqual([2, 3, 4, 7]);
  });

  it('leaves muted users out of following_activities by default', async () => {
    const fields = 'fields=user.username,action';
    const muted = await getJson(`/v1/me/following_activities?per_page=50&${fields}`);
    const names = new Set((muted.activities as { user: { username: string } }[]).map((a) => a.user.username));
    expect(names.has('alice')).toBe(true);
    expect(names.has('mallory')).toBe(false);
    expect(names.has('erin')).toBe(false);
    const all = await getJson(`/v1/me/following_activities?per_page=50&filter_muted=false&${fields}`);
    expect(
      (all.activities as { user: { username: string } }[]).some((a) => a.user.username === 'mallory'),
    ).toBe(true);
    const statuses = await getJson(
      `/v1/me/following_activities?per_page=50&filter_actions=create_status&${fields}`,
    );
    expect((statuses.activities as Json[]).every((a) => a.action === 'create_status')).toBe(true);
    expect((await call('/v1/me/following_activities?filter_actions=like')).status).toBe(400);
    // The service validates filter_actions as one value: a comma list is refused, in its own words.
    for (const path of ['/v1/me/following_activities', '/v1/activities']) {
      const list = await call(`${path}?filter_actions=create_record,create_status`);
      expect(list.status).toBe(400);
      expect(await list.json()).toMatchObject({
        errors: [{ type: 'invalid_params', message: 'リクエストに失敗しました' }],
      });
    }
    const reviews = await getJson('/v1/activities?filter_actions=create_review');
    expect((reviews.activities as Json[]).every((a) => a.action === 'create_review')).toBe(true);
  });

  it('filters my works by status and my programs by time, rebroadcast and watched', async () => {
    const watching = await getJson('/v1/me/works?filter_status=watching');
    expect(ids(watching.works)).toEqual([1, 2, 4]);
    expect((watching.works as Json[])[0]?.status).toEqual({ kind: 'watching' });
    expect((await call('/v1/me/works?filter_status=no_select')).status).toBe(400);

    const all = await getJson('/v1/me/programs?per_page=50&sort_started_at=asc');
    const programs = all.programs as { id: number; started_at: string; is_rebroadcast: boolean }[];
    const workIds = new Set((all.programs as { work: { id: number } }[]).map((p) => p.work.id));
    expect([...workIds].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6]);
    const times = programs.map((p) => Date.parse(p.started_at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const pivot = programs[3]?.started_at ?? '';
    const after = await getJson(
      `/v1/me/programs?per_page=50&filter_started_at_gt=${encodeURIComponent(pivot)}`,
    );
    expect(ids(after.programs)).not.toContain(programs[3]?.id);
    expect(after.total_count).toBe(
      programs.filter((p) => Date.parse(p.started_at) > Date.parse(pivot)).length,
    );
    const reruns = await getJson('/v1/me/programs?per_page=50&filter_rebroadcast=true');
    const firstRuns = await getJson('/v1/me/programs?per_page=50&filter_rebroadcast=false');
    expect((reruns.total_count as number) + (firstRuns.total_count as number)).toBe(programs.length);
    const unwatched = await getJson('/v1/me/programs?per_page=50&filter_unwatched=true');
    expect(unwatched.total_count).toBeLessThan(programs.length);
  });
});
