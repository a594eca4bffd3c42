import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_GINGA, DEMO_OAUTH_CLIENT, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from './seed.js';
import { type Emulator, startEmulator } from './server.js';

type Json = Record<string, unknown>;

let emu: Emulator;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(async () => {
  await emu.close();
});

function call(
  path: string,
  init: { method?: string; token?: string | null; body?: Record<string, string> } = {},
  base = emu,
): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? DEMO_TOKENS.alice : init.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (init.body) headers['content-type'] = 'application/x-www-form-urlencoded';
  return fetch(`${base.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body ? { body: new URLSearchParams(init.body).toString() } : {}),
  });
}

async function getJson(path: string, token: string = DEMO_TOKENS.alice): Promise<Json> {
  const res = await call(path, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()) as Json;
}

function ids(list: unknown): number[] {
  return (list as { id: number }[]).map((item) => item.id);
}

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
    const legacy = [...emu.data.records.values()].find((r) => r.rating !== null);
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

describe('errors and auth', () => {
  it('answers 404 unknown_route for unknown paths', async () => {
    const res = await call('/v1/animes');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      errors: [{ type: 'unknown_route', message: expect.any(String), developer_message: '404 Not Found' }],
    });
  });

  it('answers 401 with an empty body and a Doorkeeper challenge', async () => {
    for (const token of [null, 'not-a-token']) {
      const res = await call('/v1/me', { token });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('');
      expect(res.headers.get('www-authenticate')).toMatch(
        /^Bearer realm="Doorkeeper", error="invalid_token"/,
      );
    }
  });

  it('takes the token from the query too', async () => {
    const res = await call(`/v1/me?access_token=${DEMO_TOKENS.bob}&fields=username`, { token: null });
    expect(await res.json()).toEqual({ username: 'bob' });
  });

  it('answers 403 insufficient_scope to a read-only token on writes, reads are fine', async () => {
    expect((await call('/v1/me', { token: DEMO_TOKENS.aliceRead })).status).toBe(200);
    const res = await call('/v1/me/statuses', {
      method: 'POST',
      token: DEMO_TOKENS.aliceRead,
      body: { work_id: '1', kind: 'watched' },
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe('');
    expect(res.headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('answers 401 for a fault-listed token', async () => {
    emu.faults.unauthorizedTokens.add(DEMO_TOKENS.dave);
    try {
      expect((await call('/v1/me', { token: DEMO_TOKENS.dave })).status).toBe(401);
    } finally {
      emu.faults.unauthorizedTokens.clear();
    }
    expect((await call('/v1/me', { token: DEMO_TOKENS.dave })).status).toBe(200);
  });
});

describe('writes', () => {
  it('creates, edits and deletes a record, with its activity and counts', async () => {
    const before = (await getJson('/v1/me?fields=records_count')).records_count as number;
    const created = await call('/v1/me/records', {
      method: 'POST',
      body: { episode_id: '4', comment: '  よかった  ', rating: '4', share_twitter: 'false' },
    });
    expect(created.status).toBe(200);
    const record = (await created.json()) as Json;
    expect(record).toMatchObject({ comment: 'よかった', rating: 4, is_modified: false });
    expect((record.user as Json).username).toBe('alice');
    expect((record.episode as Json).id).toBe(4);
    expect((await getJson('/v1/me?fields=records_count')).records_count).toBe(before + 1);

    const feed = await getJson('/v1/me/following_activities?sort_id=desc&per_page=1', DEMO_TOKENS.bob);
    expect((feed.activities as Json[])[0]).toMatchObject({
      action: 'create_record',
      record: { id: record.id },
    });

    const edited = await call(`/v1/me/records/${record.id}`, {
      method: 'PATCH',
      body: { comment: '再視聴' },
    });
    expect(await edited.json()).toMatchObject({ comment: '再視聴', rating: null, is_modified: true });

    const notMine = await call(`/v1/me/records/${record.id}`, { method: 'DELETE', token: DEMO_TOKENS.bob });
    expect(notMine.status).toBe(404);
    const deleted = await call(`/v1/me/records/${record.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await call(`/v1/me/records/${record.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('validates record writes', async () => {
    const missing = await call('/v1/me/records', { method: 'POST', body: { comment: 'x' } });
    expect(missing.status).toBe(400);
    const long = await call('/v1/me/records', {
      method: 'POST',
      body: { episode_id: '4', comment: 'あ'.repeat(1_048_597) },
    });
    expect(long.status).toBe(400);
    const body = (await long.json()) as { errors: Json[] };
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]).not.toHaveProperty('developer_message');
    const zero = await call('/v1/me/records', {
      method: 'POST',
      token: DEMO_TOKENS.carol,
      body: { episode_id: '4', rating: '0' },
    });
    expect(await zero.json()).toMatchObject({ rating: null });
    expect((await call('/v1/me/records', { method: 'POST', body: { episode_id: '999999' } })).status).toBe(
      404,
    );
  });

  it('sets statuses: 204, my_works, an activity unless no_select', async () => {
    const activitiesBefore = emu.data.activities.size;
    const res = await call('/v1/me/statuses', {
      method: 'POST',
      token: DEMO_TOKENS.erin,
      body: { work_id: '3', kind: 'watched' },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(emu.data.activities.size).toBe(activitiesBefore + 1);
    const mine = await getJson('/v1/me/works?filter_ids=3', DEMO_TOKENS.erin);
    expect((mine.works as Json[])[0]?.status).toEqual({ kind: 'watched' });
    await call('/v1/me/statuses', {
      method: 'POST',
      token: DEMO_TOKENS.erin,
      body: { work_id: '3', kind: 'no_select' },
    });
    expect(emu.data.activities.size).toBe(activitiesBefore + 1);
    expect((await getJson('/v1/me/works?filter_ids=3', DEMO_TOKENS.erin)).total_count).toBe(0);
    const bad = await call('/v1/me/statuses', { method: 'POST', body: { work_id: '3', kind: 'loved' } });
    expect(bad.status).toBe(400);
  });
});

describe('OAuth', () => {
  const client = { client_id: DEMO_OAUTH_CLIENT.id, client_secret: DEMO_OAUTH_CLIENT.secret };
  const exchange = (code: string, extra: Record<string, string> = {}) =>
    call('/oauth/token', {
      method: 'POST',
      token: null,
      body: {
        ...client,
        grant_type: 'authorization_code',
        redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
        code,
        ...extra,
      },
    });

  it('shows an out-of-band code that works once', async () => {
    const page = await call(
      `/oauth/authorize?client_id=${client.client_id}&response_type=code&redirect_uri=urn:ietf:wg:oauth:2.0:oob&scope=read+write&user=bob`,
      { token: null },
    );
    expect(page.status).toBe(200);
    const code = /id="authorization_code">([^<]+)</.exec(await page.text())?.[1] ?? '';
    const res = await exchange(code);
    expect(res.status).toBe(200);
    const token = (await res.json()) as Json;
    expect(token).toMatchObject({
      token_type: 'Bearer',
      scope: 'read write',
      created_at: expect.any(Number),
    });
    const me = await getJson('/v1/me?fields=username', token.access_token as string);
    expect(me).toEqual({ username: 'bob' });
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });

    const info = await call('/oauth/token/info', { token: token.access_token as string });
    expect(await info.json()).toMatchObject({
      resource_owner_id: DEMO_USERS.bob.id,
      scope: ['read', 'write'],
      application: { uid: client.client_id },
    });
    const revoked = await call('/oauth/revoke', {
      method: 'POST',
      token: null,
      body: { ...client, token: token.access_token as string },
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({});
    expect((await call('/v1/me', { token: token.access_token as string })).status).toBe(401);
    expect((await call('/oauth/token/info', { token: token.access_token as string })).status).toBe(401);
  });

  it('redirects with code and state, and rejects a bad client', async () => {
    const res = await fetch(
      `${emu.url}/oauth/authorize?client_id=${client.client_id}&response_type=code&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/cb')}&state=xyz`,
      { redirect: 'manual' },
    );
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code') ?? '';
    const wrongRedirect = await exchange(code);
    expect(wrongRedirect.status).toBe(400);
    const badClient = await exchange(code, { client_secret: 'nope', redirect_uri: 'http://127.0.0.1:1/cb' });
    expect(badClient.status).toBe(401);
    expect(await badClient.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('expires codes after 600 seconds of the injected clock', async () => {
    let now = Date.parse('2024-04-10T00:00:00Z');
    const local = await startEmulator({ seed: 'empty', rateLimit: false, now: () => new Date(now) });
    try {
      const user = local.data.createUser({ username: 'zoe' });
      const fresh = local.data.issueAuthorizationCode(user.id, ['read']);
      const stale = local.data.issueAuthorizationCode(user.id, ['read']);
      now += 599_000;
      const ok = await call(
        '/oauth/token',
        { method: 'POST', token: null, body: { ...client, grant_type: 'authorization_code', code: fresh } },
        local,
      );
      expect(ok.status).toBe(200);
      expect(await ok.json()).toMatchObject({ scope: 'read' });
      now += 2_000;
      const late = await call(
        '/oauth/token',
        { method: 'POST', token: null, body: { ...client, grant_type: 'authorization_code', code: stale } },
        local,
      );
      expect(late.status).toBe(400);
    } finally {
      await local.close();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 text/plain without Retry-After beyond 4 per second, and can be switched off', async () => {
    const local = await startEmulator({ seed: 'demo' });
    try {
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => call('/v1/me?fields=id', {}, local)),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
      const limited = responses.find((r) => r.status === 429);
      expect(limited?.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(limited?.headers.get('retry-after')).toBeNull();
      expect((await limited?.text())?.trim()).toBe('Retry later');
      expect(local.stats).toEqual({ requests: 6, rateLimited: 2 });

      local.faults.rateLimit = false;
      const free = await Promise.all(Array.from({ length: 8 }, () => call('/v1/me?fields=id', {}, local)));
      expect(free.every((r) => r.status === 200)).toBe(true);
      local.resetStats();
      expect(local.stats).toEqual({ requests: 0, rateLimited: 0 });
    } finally {
      await local.close();
    }
  });
});

describe('faults', () => {
  it('injects 5xx, HTML, malformed and truncated bodies, also over HTTP', async () => {
    const local = await startEmulator({ rateLimit: false });
    try {
      local.faults.errorRate = 1;
      local.faults.errorStatus = 503;
      const failed = await call('/v1/me', {}, local);
      expect(failed.status).toBe(503);
      expect(await failed.json()).toHaveProperty('errors');
      local.faults.errorRate = 0;

      local.faults.html = true;
      const html = await call('/v1/me', {}, local);
      expect(html.status).toBe(502);
      expect(html.headers.get('content-type')).toMatch(/^text\/html/);
      local.faults.html = false;

      const set = await fetch(`${local.url}/_emulator/faults`, {
        method: 'POST',
        body: JSON.stringify({ malformed: true }),
      });
      expect(set.status).toBe(200);
      const malformed = await call('/v1/me', {}, local);
      expect(malformed.status).toBe(200);
      await expect(malformed.json()).rejects.toThrow();
      local.faults.malformed = false;

      local.faults.truncated = true;
      const truncated = await call('/v1/me', {}, local);
      await expect(truncated.json()).rejects.toThrow();
      local.faults.truncated = false;

      const bad = await fetch(`${local.url}/_emulator/faults`, {
        method: 'POST',
        body: JSON.stringify({ hang: 'yes' }),
      });
      expect(bad.status).toBe(400);
      const stats = (await (await fetch(`${local.url}/_emulator/stats`)).json()) as Json;
      expect(stats.requests).toBe(4);
    } finally {
      await local.close();
    }
  });

  it('hangs until the client gives up, and still closes at once', async () => {
    const local = await startEmulator({ rateLimit: false, seed: 'empty' });
    local.faults.hang = true;
    await expect(fetch(`${local.url}/v1/me`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    const pending = fetch(`${local.url}/v1/me`).catch(() => 'closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await local.close();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await pending).toBe('closed');
  });
});
