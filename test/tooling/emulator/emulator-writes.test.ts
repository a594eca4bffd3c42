/** The emulator's errors and auth, writes, OAuth, rate limit and injected faults. */
import { describe, expect, it } from 'vitest';
import { emulatorPerFile, type Json } from '../../fakes/emulator/emulator-calls.js';
import { DEMO_OAUTH_CLIENT, DEMO_TOKENS, DEMO_USERS } from '../../fakes/emulator/seed.js';
import { startEmulator } from '../../fakes/emulator/server.js';

const api = emulatorPerFile();
const { call, getJson } = api;

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
    api.emu.faults.unauthorizedTokens.add(DEMO_TOKENS.dave);
    try {
      expect((await call('/v1/me', { token: DEMO_TOKENS.dave })).status).toBe(401);
    } finally {
      api.emu.faults.unauthorizedTokens.clear();
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
    const activitiesBefore = api.emu.data.activities.size;
    const res = await call('/v1/me/statuses', {
      method: 'POST',
      token: DEMO_TOKENS.erin,
      body: { work_id: '3', kind: 'watched' },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(api.emu.data.activities.size).toBe(activitiesBefore + 1);
    const mine = await getJson('/v1/me/works?filter_ids=3', DEMO_TOKENS.erin);
    expect((mine.works as Json[])[0]?.status).toEqual({ kind: 'watched' });
    await call('/v1/me/statuses', {
      method: 'POST',
      token: DEMO_TOKENS.erin,
      body: { work_id: '3', kind: 'no_select' },
    });
    expect(api.emu.data.activities.size).toBe(activitiesBefore + 1);
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
      `${api.emu.url}/oauth/authorize?client_id=${client.client_id}&response_type=code&redirect_uri=${encodeURIComponent('http://127.0.0.1:1/cb')}&state=xyz`,
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
