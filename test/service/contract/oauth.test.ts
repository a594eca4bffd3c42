/**
 * Contract: the OAuth client against the emulator's /oauth endpoints — the authorize page and
 * its code, the single-use 600-second code exchange, token info, and revocation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createRequestBudget,
  InsufficientScope,
  MalformedResponse,
  OAuthClient,
  type OAuthClientOptions,
  OAuthError,
  OUT_OF_BAND_REDIRECT_URI,
  type RequestBudget,
  Unauthorized,
} from '#src/service/index.js';
import { DEMO_OAUTH_CLIENT, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { type ContractRig, FAST_BUDGET, NO_RETRY, rejectionOf, startRig } from './helpers.js';

/** The emulator's clock: real time plus an offset the tests move forward. */
let offsetMs = 0;
let rig: ContractRig;
let budget: RequestBudget;
let oauth: OAuthClient;
const clients: OAuthClient[] = [];

function makeOAuth(overrides: Partial<OAuthClientOptions> = {}): OAuthClient {
  const client = new OAuthClient({
    baseUrl: rig.emulator.url,
    clientId: DEMO_OAUTH_CLIENT.id,
    clientSecret: DEMO_OAUTH_CLIENT.secret,
    budget,
    retry: NO_RETRY,
    timeoutMs: 5000,
    ...overrides,
  });
  clients.push(client);
  return client;
}

beforeAll(async () => {
  rig = await startRig({ now: () => new Date(Date.now() + offsetMs) });
  budget = createRequestBudget(FAST_BUDGET);
  oauth = makeOAuth();
});
afterAll(async () => {
  await Promise.allSettled(clients.map((c) => c.close()));
  budget?.close();
  await rig?.close();
});

/** Opens the authorization URL as `user` (the emulator approves at once) and reads the shown code. */
async function approve(url: string, user?: string): Promise<string> {
  const target = new URL(url);
  if (user) target.searchParams.set('user', user);
  const response = await fetch(target);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await response.text();
  const code = /<code id="authorization_code">([^<]+)<\/code>/.exec(html)?.[1];
  if (!code) throw new Error(`no code on the page: ${html}`);
  if (user) expect(html).toContain(`approved by ${user}`);
  return code;
}

describe('authorization URL and page', () => {
  it('builds the authorize URL with client_id, code, out-of-band redirect, space-joined scope, state', () => {
    const url = new URL(oauth.authorizationUrl({ scope: ['read', 'write'], state: 's-123' }));
    expect(`${url.origin}${url.pathname}`).toBe(`${rig.emulator.url}/oauth/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: DEMO_OAUTH_CLIENT.id,
      response_type: 'code',
      redirect_uri: OUT_OF_BAND_REDIRECT_URI,
      scope: 'read write',
      state: 's-123',
    });
    expect(new URL(oauth.authorizationUrl({ scope: [], state: 'x' })).searchParams.get('scope')).toBe('read');
  });

  it('the page shows a code that exchanges for a working read+write token of that user', async () => {
    const code = await approve(oauth.authorizationUrl({ scope: ['read', 'write'], state: 'st' }), 'bob');
    const token = await oauth.exchangeCode(code, { person: null });
    expect(token).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(token.access_token.length).toBeGreaterThan(10);

    const info = await oauth.tokenInfo(token.access_token, { person: null });
    expect(info.resource_owner_id).toBe(DEMO_USERS.bob.id);
    expect(info.scope).toEqual(['read', 'write']);

    const call = { token: token.access_token, priority: 'interactive', person: null } as const;
    await expect(rig.client.me({}, call)).resolves.toMatchObject({ id: DEMO_USERS.bob.id, username: 'bob' });
    await expect(rig.client.setStatus({ work_id: DEMO_WORKS.koshoten, kind: 'watched' }, call)).resolves.toBe(
      true,
    );
    expect(rig.emulator.data.statusOf(DEMO_USERS.bob.id, DEMO_WORKS.koshoten)).toBe('watched');
  });

  it('the default scope is read only: writes with that token -> InsufficientScope', async () => {
    // Without ?user the emulator approves as its default user (alice).
    const code = await approve(oauth.authorizationUrl({ scope: [], state: 'st' }));
    const token = await oauth.exchangeCode(code, { person: null });
    expect(token.scope).toBe('read');
    const info = await oauth.tokenInfo(token.access_token, { person: null });
    expect(info).toMatchObject({ resource_owner_id: DEMO_USERS.alice.id, scope: ['read'] });
    const call = { token: token.access_token, priority: 'write', person: null } as const;
    const error = await rejectionOf(
      rig.client.setStatus({ work_id: DEMO_WORKS.soraNote, kind: 'watched' }, call),
    );
    expect(error).toBeInstanceOf(InsufficientScope);
  });

  it('a JSON body for the token endpoint works as well as a form body', async () => {
    const json = makeOAuth({ bodyFormat: 'json' });
    const code = await approve(json.authorizationUrl({ scope: ['read'], state: 'j' }), 'carol');
    const token = await json.exchangeCode(code, { person: null });
    await expect(json.tokenInfo(token.access_token, { person: null })).resolves.toMatchObject({
      resource_owner_id: DEMO_USERS.carol.id,
    });
  });
});

describe('code exchange rules', () => {
  it('a code is single-use: the second exchange -> OAuthError invalid_grant (code not in the message)', async () => {
    const code = await approve(oauth.authorizationUrl({ scope: ['read'], state: 'st' }), 'dave');
    await expect(oauth.exchangeCode(code, { person: null })).resolves.toMatchObject({ scope: 'read' });
    const error = await rejectionOf(oauth.exchangeCode(code, { person: null }));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: 'invalid_grant', status: 400, operation: 'oauth_token' });
    expect(String((error as Error).message)).not.toContain(code);
  });

  it('a code lives 600 s: fine at 599 s, invalid_grant at 600 s (emulator clock injected)', async () => {
    const early = await approve(oauth.authorizationUrl({ scope: ['read'], state: 'a' }), 'erin');
    const late = await approve(oauth.authorizationUrl({ scope: ['read'], state: 'b' }), 'erin');
    try {
      offsetMs += 599_000;
      await expect(oauth.exchangeCode(early, { person: null })).resolves.toMatchObject({ scope: 'read' });
      offsetMs += 1_000;
      const error = await rejectionOf(oauth.exchangeCode(late, { person: null }));
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).code).toBe('invalid_grant');
    } finally {
      offsetMs = 0;
    }
  });

  it('an unknown code -> invalid_grant; a wrong client secret -> invalid_client (secret not in the message)', async () => {
    const unknown = await rejectionOf(oauth.exchangeCode('no-such-code', { person: null }));
    expect(unknown).toMatchObject({ code: 'invalid_grant' });

    const secret = 'wrong-secret-value-xyz';
    const wrong = makeOAuth({ clientSecret: secret });
    const code = await approve(oauth.authorizationUrl({ scope: ['read'], state: 'st' }), 'alice');
    const error = await rejectionOf(wrong.exchangeCode(code, { person: null }));
    expect(error).toBeInstanceOf(OAuthError);
    expect(error).toMatchObject({ code: 'invalid_client', status: 401 });
    expect(String(error)).not.toContain(secret);
    expect(String(error)).not.toContain(code);
    // The failed attempt did not use the code up.
    await expect(oauth.exchangeCode(code, { person: null })).resolves.toMatchObject({ scope: 'read' });
  });

  it('a code issued for another redirect_uri does not exchange through the out-of-band client', async () => {
    const redirectUri = 'http://127.0.0.1:1/callback';
    const redirecting = makeOAuth({ redirectUri });
    const response = await fetch(redirecting.authorizationUrl({ scope: ['read'], state: 'r-9' }), {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('r-9');
    const code = location.searchParams.get('code') ?? '';
    expect(await rejectionOf(oauth.exchangeCode(code, { person: null }))).toMatchObject({
      code: 'invalid_grant',
    });
    await expect(redirecting.exchangeCode(code, { person: null })).resolves.toMatchObject({ scope: 'read' });
  });
});

describe('token info and revoke', () => {
  it('revoke, then the token is Unauthorized for the API and for token info', async () => {
    const code = await approve(oauth.authorizationUrl({ scope: ['read', 'write'], state: 'st' }), 'carol');
    const { access_token: token } = await oauth.exchangeCode(code, { person: null });
    const call = { token, priority: 'interactive', person: null } as const;
    await expect(rig.client.me({}, call)).resolves.toMatchObject({ id: DEMO_USERS.carol.id });

    await expect(oauth.revoke(token, { person: null })).resolves.toBeUndefined();
    const api = await rejectionOf(rig.client.me({}, call));
    expect(api).toBeInstanceOf(Unauthorized);
    expect(api).toMatchObject({ authError: 'invalid_token' });
    const info = await rejectionOf(oauth.tokenInfo(token, { person: null }));
    expect(info).toBeInstanceOf(Unauthorized);
    expect(String(info)).not.toContain(token);
    // Revoking again (or an unknown token) still answers 200.
    await expect(oauth.revoke(token, { person: null })).resolves.toBeUndefined();
  });

  it('OAuth endpoints under faults: 5xx -> Unavailable, HTML -> Unavailable, cut body -> MalformedResponse', async () => {
    const code = await approve(oauth.authorizationUrl({ scope: ['read'], state: 'f' }), 'erin');
    const faults = rig.emulator.faults;
    try {
      faults.errorRate = 1;
      expect(await rejectionOf(oauth.exchangeCode(code, { person: null }))).toMatchObject({
        name: 'Unavailable',
        reason: 'server',
      });
      faults.errorRate = 0;
      faults.html = true;
      expect(await rejectionOf(oauth.tokenInfo('whatever', { person: null }))).toMatchObject({
        name: 'Unavailable',
        status: 502,
      });
      faults.html = false;
      faults.truncated = true;
      const cut = await rejectionOf(oauth.exchangeCode(code, { person: null }));
      expect(cut).toBeInstanceOf(MalformedResponse);
      // The exchange went through on the service (only the answer was cut): the code is spent now.
      faults.truncated = false;
      expect(await rejectionOf(oauth.exchangeCode(code, { person: null }))).toMatchObject({
        code: 'invalid_grant',
      });
    } finally {
      Object.assign(faults, { errorRate: 0, html: false, truncated: false });
    }
  });

  it('token info of a garbage token -> Unauthorized', async () => {
    const error = await rejectionOf(oauth.tokenInfo('garbage-token', { person: null }));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error).toMatchObject({ operation: 'oauth_token_info', status: 401 });
  });
});
