import { describe, expect, it } from 'vitest';
import { MalformedResponse } from '#src/service/wire/errors.js';
import { type Stub, type StubRequest, sendJson, useStub } from '../support/stub-server.js';
import { makeClient, TOKEN } from './helpers.js';

const stub = useStub();

const call = { token: TOKEN, priority: 'interactive' as const, person: null };
const write = { token: TOKEN, priority: 'write' as const, person: null };

function query(request: StubRequest): Record<string, string> {
  return Object.fromEntries(request.url.searchParams);
}

function form(request: StubRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.body));
}

const record = { id: 7, comment: 'nice', rating: 4.5, user: {}, work: {}, episode: {} };

describe('requests', () => {
  it('GETs the operation path with a Bearer token and the serialized allow-listed params', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { works: [{ id: 1, title: 'A' }], total_count: 1, next_page: null }),
    );
    const { client } = makeClient(stub.url);
    const page = await client.works(
      {
        filter_ids: [1, 2, 3],
        filter_title: '銀河',
        filter_season: '2024-autumn',
        sort_watchers_count: 'desc',
        fields: ['title'],
        per_page: 10,
        ...({ unknown_param: 'dropped' } as object),
      },
      call,
    );
    expect(page).toEqual({ items: [{ id: 1, title: 'A' }], totalCount: 1, nextPage: null, prevPage: null });
    const [request] = stub.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.pathname).toBe('/v1/works');
    expect(request?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request?.url.search).not.toContain(TOKEN);
    expect(request?.url.search).toContain('filter_ids=1,2,3');
    expect(query(request!)).toEqual({
      fields: 'title,id',
      per_page: '10',
      filter_ids: '1,2,3',
      filter_season: '2024-autumn',
      filter_title: '銀河',
      sort_watchers_count: 'desc',
    });
  });

  it.each([
    ['episodes', '/v1/episodes', 'episodes'],
    ['people', '/v1/people', 'people'],
    ['records', '/v1/records', 'records'],
    ['searchUsers', '/v1/users', 'users'],
    ['activities', '/v1/activities', 'activities'],
    ['followers', '/v1/followers', 'users'],
    ['following', '/v1/following', 'users'],
    ['followingActivities', '/v1/me/following_activities', 'activities'],
    ['myWorks', '/v1/me/works', 'works'],
    ['myPrograms', '/v1/me/programs', 'programs'],
  ] as const)('%s GETs %s and reads the %s wrapper', async (method, path, key) => {
    stub.handle((_req, res) =>
      sendJson(res, 200, { [key]: [], total_count: 0, next_page: null, prev_page: null }),
    );
    const { client } = makeClient(stub.url);
    const page = await client[method]({}, call);
    expect(page.items).toEqual([]);
    expect(stub.requests[0]?.url.pathname).toBe(path);
    expect(stub.requests[0]?.url.search).toBe('');
  });

  it('serializes booleans, dates and the activity fields', async () => {
    stub.handle((req, res) =>
      sendJson(res, 200, {
        [req.url.pathname.endsWith('programs') ? 'programs' : 'activities']: [],
        total_count: 0,
        next_page: null,
      }),
    );
    const { client } = makeClient(stub.url);
    await client.myPrograms(
      {
        filter_started_at_gt: new Date(Date.UTC(2024, 3, 1, 0, 0, 0)),
        filter_started_at_lt: '2024-04-02T00:00:00Z',
        filter_unwatched: true,
        filter_rebroadcast: false,
        sort_started_at: 'asc',
      },
      call,
    );
    expect(query(stub.requests[0]!)).toEqual({
      filter_started_at_gt: '2024-04-01T00:00:00.000Z',
      filter_started_at_lt: '2024-04-02T00:00:00Z',
      filter_unwatched: 'true',
      filter_rebroadcast: 'false',
      sort_started_at: 'asc',
    });
    await client.followingActivities(
      { filter_actions: 'create_status', filter_muted: false, fields: ['user.name'] },
      call,
    );
    expect(query(stub.requests[1]!)).toEqual({
      fields: 'user.name,id,action',
      filter_actions: 'create_status',
      filter_muted: 'false',
    });
  });

  it('me returns the bare user', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { id: 3, username: 'alice', email: 'a@example.com' }));
    const { client } = makeClient(stub.url);
    await expect(client.me({ fields: ['username'] }, call)).resolves.toMatchObject({
      id: 3,
      username: 'alice',
    });
    expect(query(stub.requests[0]!)).toEqual({ fields: 'username,id' });
  });

  it('create_record POSTs a form body with the wire names of the share flags', async () => {
    stub.handle((_req, res) => sendJson(res, 200, record));
    const { client } = makeClient(stub.url);
    const created = await client.createRecord(
      {
        episode_id: 12,
        comment: 'よかった & more',
        rating: 4.5,
        share_microblog: true,
        share_network: false,
      },
      write,
    );
    expect(created).toMatchObject({ id: 7, comment: 'nice', rating: 4.5 });
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/v1/me/records');
    expect(request?.url.search).toBe('');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(form(request!)).toEqual({
      episode_id: '12',
      comment: 'よかった & more',
      rating: '4.5',
      share_twitter: 'true',
      share_facebook: 'false',
    });
  });

  it('edit_record PATCHes /me/records/:id without sending id as a parameter', async () => {
    stub.handle((_req, res) => sendJson(res, 200, record));
    const { client } = makeClient(stub.url);
    await client.editRecord({ id: 7, comment: 'edited', rating: 3 }, write);
    const [request] = stub.requests;
    expect(request?.method).toBe('PATCH');
    expect(request?.url.pathname).toBe('/v1/me/records/7');
    expect(form(request!)).toEqual({ comment: 'edited', rating: '3' });
  });

  it('delete_record and set_status turn 204 into true', async () => {
    stub.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const { client } = makeClient(stub.url);
    await expect(client.deleteRecord({ id: 9 }, write)).resolves.toBe(true);
    await expect(client.setStatus({ work_id: 4, kind: 'no_select' }, write)).resolves.toBe(true);
    expect(stub.requests.map((r) => `${r.method} ${r.url.pathname} ${r.body}`)).toEqual([
      'DELETE /v1/me/records/9 ',
      'POST /v1/me/statuses work_id=4&kind=no_select',
    ]);
  });

  it('keeps a base URL path prefix and a custom version', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { id: 1 }));
    const { client } = makeClient(`${stub.url}/proxy/`, { apiVersion: 'v2' });
    await client.me({}, call);
    expect(stub.requests[0]?.url.pathname).toBe('/proxy/v2/me');
  });

  it('reuses keep-alive connections', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { id: 1 }));
    const { client } = makeClient(stub.url);
    for (let i = 0; i < 5; i++) await client.me({}, call);
    // Sequential calls share a connection; a busy machine may occasionally open a second one.
    const ports = new Set(stub.requests.map((request) => request.remotePort));
    expect(ports.size).toBeLessThan(stub.requests.length);
    await client.close();
  });

  it('rejects a write response that is not a record', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { ok: true }));
    const { client } = makeClient(stub.url);
    await expect(client.createRecord({ episode_id: 1 }, write)).rejects.toBeInstanceOf(MalformedResponse);
  });
});

/** Serves `total` works in pages; `emptyAfter` makes pages past the end empty but still "next". */
function pagedWorks(total: number, options: { nullNextOnLast?: boolean } = {}) {
  return (req: StubRequest, res: Parameters<Parameters<Stub['handle']>[0]>[1]) => {
    const page = Number(req.url.searchParams.get('page') ?? '1');
    const perPage = Number(req.url.searchParams.get('per_page') ?? '25');
    const start = (page - 1) * perPage;
    const works = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => ({
      id: start + i + 1,
    }));
    const last = start + perPage >= total;
    sendJson(res, 200, {
      works,
      total_count: total,
      next_page: last && options.nullNextOnLast !== false ? null : page + 1,
      prev_page: page > 1 ? page - 1 : null,
    });
  };
}

describe('walk', () => {
  it('walks every page with a fixed per_page and sort_id, stopping at next_page null', async () => {
    stub.handle(pagedWorks(120));
    const { client } = makeClient(stub.url);
    const ids: number[] = [];
    for await (const work of client.walk('works', { filter_title: '銀河' }, call)) ids.push(work.id);
    expect(ids).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(stub.requests.map((r) => query(r))).toEqual(
      [1, 2, 3].map((page) => ({ filter_title: '銀河', page: String(page), per_page: '50', sort_id: 'asc' })),
    );
  });

  it('stops on an empty page even when next_page still points on', async () => {
    stub.handle(pagedWorks(100, { nullNextOnLast: false }));
    const { client } = makeClient(stub.url);
    let count = 0;
    for await (const _ of client.walk('works', {}, call, { perPage: 50 })) count += 1;
    expect(count).toBe(100);
    expect(stub.requests).toHaveLength(3); // pages 1, 2 and the empty 3
  });

  it('stops after maxPages', async () => {
    stub.handle(pagedWorks(1000, { nullNextOnLast: false }));
    const { client } = makeClient(stub.url);
    let count = 0;
    for await (const _ of client.walk('works', {}, call, { perPage: 10, maxPages: 2 })) count += 1;
    expect(count).toBe(20);
    expect(stub.requests).toHaveLength(2);
  });

  it('keeps a caller-chosen sort_id, and leaves sort_id out when another sort is asked for', async () => {
    stub.handle((req, res) =>
      sendJson(res, 200, {
        [req.url.pathname.endsWith('programs') ? 'programs' : 'activities']: [],
        total_count: 0,
        next_page: null,
      }),
    );
    const { client } = makeClient(stub.url);
    for await (const _ of client.walk('followingActivities', { sort_id: 'desc' }, call)) {
      // empty
    }
    for await (const _ of client.walk('my_programs', { sort_started_at: 'asc' }, call)) {
      // empty
    }
    expect(query(stub.requests[0]!)).toMatchObject({ sort_id: 'desc', per_page: '50', page: '1' });
    expect(stub.requests[0]?.url.pathname).toBe('/v1/me/following_activities');
    expect(query(stub.requests[1]!)).toEqual({ page: '1', per_page: '50', sort_started_at: 'asc' });
  });

  it('stops early when the consumer breaks out', async () => {
    stub.handle(pagedWorks(120));
    const { client } = makeClient(stub.url);
    for await (const work of client.walk('works', {}, call)) {
      if (work.id === 3) break;
    }
    expect(stub.requests).toHaveLength(1);
  });
});

describe('scoped variants', () => {
  it('user(id).followers/following fill filter_user_id', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { users: [{ id: 2 }], total_count: 1, next_page: null }));
    const { client } = makeClient(stub.url);
    await client.user(5).followers({ per_page: 5 }, call);
    await client.user(5).following({ sort_id: 'desc' }, call);
    expect(stub.requests.map((r) => `${r.url.pathname}?${r.url.searchParams}`)).toEqual([
      '/v1/followers?per_page=5&filter_user_id=5',
      '/v1/following?sort_id=desc&filter_user_id=5',
    ]);
  });

  it('work(id).episodes fills filter_work_id', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { episodes: [], total_count: 0, next_page: null }));
    const { client } = makeClient(stub.url);
    await client.work(8).episodes({ sort_sort_number: 'desc', filter_ids: [1] }, call);
    expect(query(stub.requests[0]!)).toEqual({
      filter_ids: '1',
      filter_work_id: '8',
      sort_sort_number: 'desc',
    });
  });

  it('work(id).episodeByNumber finds by number, by number_text, or gives undefined', async () => {
    const episodes = [
      { id: 100, number: 1, number_text: '第1話', title: 'one' },
      { id: 101, number: 2, number_text: '第2話', title: null },
      { id: 102, number: null, number_text: '第3話', title: 'three' },
      ...Array.from({ length: 60 }, (_, i) => ({ id: 200 + i, number: i + 4, number_text: `#${i + 4}` })),
    ];
    stub.handle((req, res) => {
      const page = Number(req.url.searchParams.get('page'));
      const perPage = Number(req.url.searchParams.get('per_page'));
      const slice = episodes.slice((page - 1) * perPage, page * perPage);
      sendJson(res, 200, {
        episodes: slice,
        total_count: episodes.length,
        next_page: page * perPage >= episodes.length ? null : page + 1,
      });
    });
    const { client } = makeClient(stub.url);
    await expect(client.work(8).episodeByNumber(2, call)).resolves.toMatchObject({ id: 101 });
    await expect(client.work(8).episodeByNumber(3, call)).resolves.toMatchObject({ id: 102 });
    await expect(client.work(8).episodeByNumber(60, call)).resolves.toMatchObject({ id: 256 });
    expect(query(stub.requests[0]!)).toEqual({
      page: '1',
      per_page: '50',
      filter_work_id: '8',
      sort_sort_number: 'asc',
    });
    stub.requests.length = 0;
    await expect(client.work(8).episodeByNumber(999, call)).resolves.toBeUndefined();
    expect(stub.requests.map((r) => r.url.searchParams.get('page'))).toEqual(['20', '1', '2']);
  });

  it('episode(id).createRecord and record(id).edit/delete supply the id', async () => {
    stub.handle((req, res) => {
      if (req.method === 'DELETE') {
        res.writeHead(204);
        res.end();
        return;
      }
      sendJson(res, 200, record);
    });
    const { client } = makeClient(stub.url);
    await client.episode(12).createRecord({ comment: 'c' }, write);
    await client.record(7).edit({ rating: 5 }, write);
    await client.record(7).delete(write);
    expect(stub.requests.map((r) => `${r.method} ${r.url.pathname} ${r.body}`)).toEqual([
      'POST /v1/me/records episode_id=12&comment=c',
      'PATCH /v1/me/records/7 rating=5',
      'DELETE /v1/me/records/7 ',
    ]);
  });
});
