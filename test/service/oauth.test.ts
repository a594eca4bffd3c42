import { describe, expect, it } from 'vitest';
import { OAuthClient, type OAuthClientOptions } from '#src/service/oauth.js';
import { OAuthError, RateLimited, Unauthorized } from '#src/service/wire/errors.js';
import { sendJson, sendText, useStub } from '../support/stub-server.js';
import { fastBudget } from './helpers.js';

const SECRET = 'client-secret-xyz';
const CODE = 'auth-code-987';
const TOKEN = 'access-token-555';

const stub = useStub();

function makeOAuth(overrides: Partial<OAuthClientOptions> = {}): OAuthClient {
  return new OAuthClient({
    baseUrl: stub.url,
    clientId: 'client-id',
    clientSecret: SECRET,
    budget: fastBudget(),
    retry: { sleep: async () => undefined },
    ...overrides,
  });
}

function expectNoSecrets(error: unknown): void {
  const text = `${String(error)} ${(error as Error).stack ?? ''}`;
  for (const secret of [SECRET, CODE, TOKEN]) expect(text).not.toContain(secret);
}

describe('OAuthClient', () => {
  it('builds the authorization URL', () => {
    const url = new URL(makeOAuth().authorizationUrl({ scope: ['read', 'write'], state: 's-1' }));
    expect(url.origin + url.pathname).toBe(`${stub.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'client-id',
      response_type: 'code',
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      scope: 'read write',
      state: 's-1',
    });
    expect(url.search).toContain('scope=read+write');
  });

  it('uses a configured redirect URI', () => {
    const url = new URL(
      makeOAuth({ redirectUri: 'https://bot.example/callback' }).authorizationUrl({
        scope: ['read'],
        state: 'x',
      }),
    );
    expect(url.searchParams.get('redirect_uri')).toBe('https://bot.example/callback');
  });

  it('exchanges a code with a form body', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, {
        access_token: TOKEN,
        token_type: 'Bearer',
        scope: 'read write',
        created_at: 1700000000,
      }),
    );
    const token = await makeOAuth().exchangeCode(CODE, { person: null });
    expect(token).toMatchObject({ access_token: TOKEN, scope: 'read write' });
    const [request] = stub.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url.pathname).toBe('/oauth/token');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      client_id: 'client-id',
      client_secret: SECRET,
      grant_type: 'authorization_code',
      redirect_uri: 'urn:ietf:wg:oauth:2.0:oob',
      code: CODE,
    });
  });

  it('can send JSON bodies instead', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { access_token: TOKEN }));
    await makeOAuth({ bodyFormat: 'json' }).exchangeCode(CODE, { person: null });
    expect(stub.requests[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(stub.requests[0]!.body)).toMatchObject({
      code: CODE,
      grant_type: 'authorization_code',
    });
  });

  it('maps invalid_grant (400) and invalid_client (401) bodies to OAuthError without secrets', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 400, {
        error: 'invalid_grant',
        error_description: 'The provided authorization grant is invalid',
      }),
    );
    const grant = await makeOAuth()
      .exchangeCode(CODE, { person: null })
      .catch((e: unknown) => e);
    expect(grant).toBeInstanceOf(OAuthError);
    expect((grant as OAuthError).code).toBe('invalid_grant');
    expect((grant as OAuthError).status).toBe(400);
    expectNoSecrets(grant);
    expect(stub.requests).toHaveLength(1); // a single-use code is never retried

    stub.handle((_req, res) => sendJson(res, 401, { error: 'invalid_client' }));
    const client = await makeOAuth()
      .exchangeCode(CODE, { person: null })
      .catch((e: unknown) => e);
    expect((client as OAuthError).code).toBe('invalid_client');
    expectNoSecrets(client);
  });

  it('retries a 429 on the token exchange (not processed)', async () => {
    let calls = 0;
    stub.handle((_req, res) => {
      calls += 1;
      if (calls === 1) return sendText(res, 429, 'Retry later');
      sendJson(res, 200, { access_token: TOKEN });
    });
    await expect(makeOAuth().exchangeCode(CODE, { person: null })).resolves.toMatchObject({
      access_token: TOKEN,
    });
    expect(calls).toBe(2);
  });

  it('reads token info with the Bearer header', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, {
        resource_owner_id: 42,
        scope: ['read', 'write'],
        expires_in_seconds: null,
        application: { uid: 'client-id' },
        created_at: 1,
      }),
    );
    const info = await makeOAuth().tokenInfo(TOKEN, { person: null });
    expect(info).toMatchObject({ resource_owner_id: 42, scope: ['read', 'write'] });
    expect(stub.requests[0]?.url.pathname).toBe('/oauth/token/info');
    expect(stub.requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('token info of a revoked token -> Unauthorized', async () => {
    stub.handle((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="Doorkeeper", error="invalid_token"' });
      res.end();
    });
    const error = await makeOAuth()
      .tokenInfo(TOKEN, { person: null })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Unauthorized);
    expect((error as Unauthorized).authError).toBe('invalid_token');
    expectNoSecrets(error);
  });

  it('revokes a token', async () => {
    stub.handle((_req, res) => sendJson(res, 200, {}));
    await expect(makeOAuth().revoke(TOKEN, { person: null })).resolves.toBeUndefined();
    expect(stub.requests[0]?.url.pathname).toBe('/oauth/revoke');
    expect(Object.fromEntries(new URLSearchParams(stub.requests[0]?.body))).toEqual({
      client_id: 'client-id',
      client_secret: SECRET,
      token: TOKEN,
    });
  });

  it('surfaces a persistent 429 as RateLimited', async () => {
    stub.handle((_req, res) => sendText(res, 429, 'Retry later'));
    await expect(makeOAuth().revoke(TOKEN, { person: null })).rejects.toBeInstanceOf(RateLimited);
    expect(stub.requests).toHaveLength(3);
  });
});
