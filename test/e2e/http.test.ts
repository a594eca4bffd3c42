import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customIds } from '../discord/fake-discord.js';
import { DEMO_USERS, DEMO_WORKS } from '../emulator/seed.js';
import { type Stack, startStack, USERS } from './harness.js';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('health, metrics and the OAuth redirect callback on HTTP_PORT', () => {
  let stack: Stack;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    stack = await startStack({ oauth: true, env: { HTTP_PORT: String(port), PUBLIC_URL: base } });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('/healthz reports the gateway and the store', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', gateway: true, store: true });
  });

  it('/metrics counts interactions by outcome and service requests by priority and status', async () => {
    await (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(DEMO_WORKS.soraNote) },
        user: USERS.alice,
      })
    ).reply(15_000);
    await (await stack.discord.slash({ name: 'me', user: USERS.stranger })).reply(15_000);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/kiroku_interactions_total\{route="work info",outcome="ok"\} 1/);
    expect(text).toMatch(/kiroku_interactions_total\{route="me",outcome="user_error"\} 1/);
    expect(text).toMatch(/kiroku_service_requests_total\{priority="interactive",status="200"\} \d+/);
    expect(text).toMatch(/kiroku_budget_queue_length\{priority="poll"\} 0/);
  });

  it('finishes an OAuth link from the service redirect, once', async () => {
    const user = { id: '310000000000000077', username: 'mallory_discord' };
    const start = await (
      await stack.discord.slash({ name: 'account', subcommand: 'link', options: { method: 'oauth' }, user })
    ).reply(15_000);
    const authorize = /"url":"([^"]+)"/.exec(JSON.stringify(start.components))?.[1] ?? '';
    const authorizeUrl = new URL(authorize);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${base}/oauth/callback`);
    expect(customIds(start.components).some((id) => id.startsWith('account:entercode:'))).toBe(true);

    // The emulator approves as the user named in ?user= and redirects to the callback.
    authorizeUrl.searchParams.set('user', DEMO_USERS.mallory.username);
    const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const callback = new URL(redirect.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(`${base}/oauth/callback`);

    const done = await fetch(callback);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Linked as mallory');
    expect((await stack.kiroku.services.vault.get(user.id))?.serviceUsername).toBe('mallory');

    const replay = await fetch(callback);
    expect(replay.status).toBe(400);
  });
});
