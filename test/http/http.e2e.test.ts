import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIROKU_VERSION } from '#src/version.js';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { freePort } from '../support/free-port.js';
import { expectReady } from '../support/readiness.js';
import { askWorkInfo, type Stack, startStack, startStackOnHttp, USERS } from '../support/stack.js';

describe('health, metrics and the OAuth redirect callback on HTTP_PORT', () => {
  let stack: Stack;
  let base: string;

  beforeAll(async () => {
    // A service named as an operator configured it: the pages and the DM name it so.
    ({ stack, base } = await startStackOnHttp({ SERVICE_NAME: 'Kiroku Test' }));
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('/readyz and its alias /healthz report the gateway, the store and the jobs; /livez only that the process answers', async () => {
    for (const path of ['/readyz', '/healthz']) {
      await expectReady(await fetch(`${base}${path}`));
      expect(KIROKU_VERSION).toMatch(/^\d+\.\d+\.\d+/);
    }
    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
  });

  it('/metrics counts interactions by outcome and service requests by priority and status', async () => {
    await askWorkInfo(stack, DEMO_WORKS.soraNote, USERS.alice, 15_000);
    await (await stack.discord.slash({ name: 'me', user: USERS.stranger })).reply(15_000);
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/kiroku_interactions_total\{route="work info",outcome="ok"\} 1/);
    expect(text).toMatch(/kiroku_interactions_total\{route="me",outcome="user_error"\} 1/);
    expect(text).toMatch(/kiroku_service_requests_total\{priority="interactive",status="200"\} \d+/);
    expect(text).toMatch(/kiroku_budget_queue_length\{priority="poll"\} 0/);
  });

  /** Starts /account link method:oauth as `user`, approves as `approver` and returns the callback URL. */
  async function authorizeAs(user: { id: string; username: string }, approver: string): Promise<URL> {
    const start = await (
      await stack.discord.slash({ name: 'account', subcommand: 'link', options: { method: 'oauth' }, user })
    ).reply(15_000);
    const authorize = /"url":"([^"]+)"/.exec(JSON.stringify(start.components))?.[1] ?? '';
    const authorizeUrl = new URL(authorize);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${base}/oauth/callback`);
    expect(customIds(start.components).some((id) => id.startsWith('account:entercode:'))).toBe(true);
    // The emulator approves as the user named in ?user= and redirects to the callback.
    authorizeUrl.searchParams.set('user', approver);
    const redirect = await fetch(authorizeUrl, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const callback = new URL(redirect.headers.get('location') ?? '');
    expect(callback.origin + callback.pathname).toBe(`${base}/oauth/callback`);
    return callback;
  }

  const formTokenOf = (html: string) => /name="form_token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}/oauth/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body),
    });

  it('attack: a victim who opens a forwarded authorization link is shown who would get the account, and nothing is linked on GET', async () => {
    const attacker = { id: '310000000000000066', username: 'attacker_discord' };
    // The attacker starts the link and sends the authorization URL to alice, who approves it.
    const callback = await authorizeAs(attacker, DEMO_USERS.alice.username);
    const page = await fetch(callback);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('attacker_discord');
    expect(html).toContain(attacker.id);
    expect(html).toContain('<strong>alice</strong>');
    expect(html).toContain('Link this Kiroku Test account?');
    expect(html).toContain('method="post"');
    // Nothing is linked by opening the page, and the token is nowhere in it.
    expect(await stack.kiroku.deps.vault.get(attacker.id)).toBeUndefined();
    expect(html).not.toMatch(/access_token/);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Alice cancels: still nothing linked, and the token is revoked.
    const cancelled = await post({ form_token: formTokenOf(html), action: 'cancel' });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.text()).toContain('Nothing was linked');
    expect(await stack.kiroku.deps.vault.get(attacker.id)).toBeUndefined();
    // Replaying the GET (the code and state are single use) links nothing either.
    expect((await fetch(callback)).status).toBe(400);
    expect(await stack.kiroku.deps.vault.get(attacker.id)).toBeUndefined();
  });

  it('links only on the confirmation POST, once, and tells the Discord user privately', async () => {
    const user = { id: '310000000000000077', username: 'mallory_discord' };
    const callback = await authorizeAs(user, DEMO_USERS.mallory.username);
    const html = await (await fetch(callback)).text();
    expect(html).toContain('mallory_discord');
    expect(await stack.kiroku.deps.vault.get(user.id)).toBeUndefined();
    const formToken = formTokenOf(html);
    expect(formToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The one-time token is stored only as a hash.
    expect(stack.logs()).not.toContain(formToken);

    const done = await post({ form_token: formToken, action: 'confirm' });
    expect(done.status).toBe(200);
    expect(done.headers.get('x-frame-options')).toBe('DENY');
    expect(await done.text()).toContain('Linked as mallory');
    expect((await stack.kiroku.deps.vault.get(user.id))?.serviceUsername).toBe('mallory');
    const deadline = Date.now() + 5_000;
    while (stack.discord.directMessages(user.id).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const unlinkId = stack.discord.registeredCommands().find((c) => c.name === 'account')?.id;
    expect(stack.discord.directMessages(user.id).at(-1)?.content).toBe(
      `Your Discord account was linked to the Kiroku Test account **mallory** from the confirmation page in a browser. If this was not you, run </account unlink:${unlinkId}>.`,
    );

    // A replayed POST gets a clear page and changes nothing; it knows nobody, so it speaks the browser's language.
    const replay = await post({ form_token: formToken, action: 'confirm' });
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain('already used');
    const replayJa = await post(
      { form_token: formToken, action: 'confirm' },
      { 'accept-language': 'ja,en;q=0.8' },
    );
    expect(replayJa.status).toBe(400);
    const replayText = await replayJa.text();
    expect(replayText).toContain('<html lang="ja">');
    expect(replayText).toContain('使用済み');
  });

  it('refuses a forged or malformed confirmation: unknown token, bad action, wrong type, oversized body, other methods', async () => {
    const forged = await post({ form_token: 'A'.repeat(43), action: 'confirm' });
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain('expired');
    expect((await post({ form_token: 'A'.repeat(43), action: 'link-everything' })).status).toBe(400);
    const json = await fetch(`${base}/oauth/callback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ form_token: 'x', action: 'confirm' }),
    });
    expect(json.status).toBe(415);
    expect((await post({ form_token: 'x'.repeat(10_000), action: 'confirm' })).status).toBe(413);
    const put = await fetch(`${base}/oauth/callback`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(405);
    // An expired or unknown state on GET gets a page in the browser's language.
    const stale = await fetch(`${base}/oauth/callback?state=${'s'.repeat(24)}&code=abc`, {
      headers: { 'accept-language': 'ja-JP' },
    });
    expect(stale.status).toBe(400);
    expect(await stale.text()).toContain('期限切れ');
  });

  it('keeps metric route labels to a fixed set whatever custom ids arrive', async () => {
    const forged = [
      'zz9x8c7v6b5n4m:anything',
      'pg:not-a-list-q1w2e3r4:2',
      'work:constructor',
      'account:unlinkzz7',
    ];
    for (const customId of forged) {
      const result = await stack.discord.button({ customId, user: USERS.stranger });
      await result.reply(15_000);
    }
    const text = await (await fetch(`${base}/metrics`)).text();
    for (const junk of ['zz9x8c7v6b5n4m', 'q1w2e3r4', 'constructor', 'unlinkzz7'])
      expect(text).not.toContain(junk);
    expect(text).toMatch(/kiroku_interactions_total\{route="unknown",outcome="user_error"\} 3/);
    expect(text).toMatch(/kiroku_interactions_total\{route="pg:turn",outcome="user_error"\} 1/);
  });
});

describe('HTTP_HOST and METRICS_TOKEN', () => {
  let stack: Stack;
  let port: number;
  const metricsToken = 'metrics-token-0123456789abcdef';

  beforeAll(async () => {
    port = await freePort();
    stack = await startStack({
      env: { HTTP_PORT: String(port), HTTP_HOST: '127.0.0.2', METRICS_TOKEN: metricsToken },
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('listens only on HTTP_HOST', async () => {
    expect((await fetch(`http://127.0.0.2:${port}/healthz`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  });

  it('answers /metrics only with the bearer token; /healthz stays open', async () => {
    const url = `http://127.0.0.2:${port}/metrics`;
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await anonymous.text()).not.toContain('kiroku_');
    expect(
      (await fetch(url, { headers: { authorization: 'Bearer wrong-token-0123456789abcdef' } })).status,
    ).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${metricsToken}x` } })).status).toBe(401);
    const allowed = await fetch(url, { headers: { authorization: `Bearer ${metricsToken}` } });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain('kiroku_interactions_total');
    expect((await fetch(`http://127.0.0.2:${port}/healthz`)).status).toBe(200);
  });
});
