import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

describe('accounts and the user’s own data end to end', () => {
  const stack = useStack({ oauth: true });

  const as = (user: { id: string; username: string }) => ({ user, locale: 'en-US' });
  const slash = (user: { id: string; username: string }, name: string, subcommand?: string, options = {}) =>
    stack.discord.slash({ name, ...(subcommand ? { subcommand } : {}), options, ...as(user) });

  async function linkWithToken(user: { id: string; username: string }, token: string) {
    const opened = await (await slash(user, 'account', 'link', { method: 'token' })).reply(TIMEOUT);
    expect(opened.type).toBe(9);
    expect(opened.modal?.custom_id).toBe('account:token');
    return (await stack.discord.modal({ customId: 'account:token', fields: { token }, ...as(user) })).reply(
      TIMEOUT,
    );
  }

  it('an unlinked user is pointed to /account link', async () => {
    const reply = await (await slash(USERS.stranger, 'me')).reply(TIMEOUT);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toContain('/account link');
  });

  it('refuses a token the service does not accept, and stores nothing', async () => {
    const reply = await linkWithToken(USERS.stranger, 'not-a-real-token-0000');
    expect(reply.content).toMatch(/did not accept this token/);
    expect(await stack.kiroku.deps.vault.get(USERS.stranger.id)).toBeUndefined();
  });

  it('links with a personal token, then /account status, /me, /library, /schedule and /feed use it', async () => {
    const linked = await linkWithToken(USERS.alice, DEMO_TOKENS.alice);
    expect(linked.ephemeral).toBe(true);
    expect(linked.content).toBe('Linked as **alice**.');

    const status = await (await slash(USERS.alice, 'account', 'status')).reply(TIMEOUT);
    expect(status.embeds[0]?.fields?.find((f) => f.name === 'Scopes')?.value).toBe('read, write');
    expect(status.content ?? '').not.toContain('Read-only');

    const me = await (await slash(USERS.alice, 'me')).reply(TIMEOUT);
    expect(me.ephemeral).toBe(true);
    expect(me.embeds[0]?.title).toBe('Your profile: alice');

    const library = await (await slash(USERS.alice, 'library', undefined, { status: 'watching' })).reply(
      TIMEOUT,
    );
    expect(library.embeds[0]?.title).toBe('Your library');
    expect(library.embeds[0]?.description).toContain('Watching');

    const schedule = await (await slash(USERS.alice, 'schedule', undefined, { hours: 48 })).reply(TIMEOUT);
    expect(schedule.embeds[0]?.title).toBe('Your schedule: next 48 h');
    expect(schedule.embeds[0]?.description).toMatch(/<t:\d+:f>/);
    expect(schedule.embeds[0]?.description).not.toContain('rebroadcast');
    const withRebroadcasts = await (
      await slash(USERS.alice, 'schedule', undefined, { hours: 48, rebroadcast: true })
    ).reply(TIMEOUT);
    expect(withRebroadcasts.embeds[0]?.footer?.text ?? '').toMatch(/in all/);

    const feed = await (await slash(USERS.alice, 'feed', undefined, { action: 'create_status' })).reply(
      TIMEOUT,
    );
    expect(feed.embeds[0]?.title).toBe('Your timeline');
    const lines = (feed.embeds[0]?.description ?? '').split('\n').filter((line) => line.startsWith('**'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => / set \*\*/.test(line))).toBe(true);
  });

  it('posts, edits and deletes a record, and sets a status', async () => {
    const posted = await (
      await slash(USERS.alice, 'record', 'post', {
        work: String(DEMO_WORKS.soraNote),
        episode: '#3',
        rating: 'good',
        comment: 'The twist || at the end!',
      })
    ).reply(TIMEOUT);
    expect(posted.ephemeral).toBe(false);
    const embed = posted.embeds[0];
    expect(embed?.description).toBe('||The twist \\|\u200b\\|\u200b at the end!||');
    const id = Number(/\/records\/(\d+)$/.exec(embed?.url ?? '')?.[1]);
    expect(stack.emulator.data.records.get(id)?.comment).toBe('The twist || at the end!');

    const record = String(id);
    const nothing = await (await slash(USERS.alice, 'record', 'edit', { record })).reply(TIMEOUT);
    expect(nothing.content).toMatch(/Nothing to change/);

    const edited = await (await slash(USERS.alice, 'record', 'edit', { record, rating: 'bad' })).reply(
      TIMEOUT,
    );
    expect(edited.content).toMatch(/^Updated your record of \*\*Sky Blue Notebook Ep 3 .+\*\*\.$/);
    // Only the rating changed: the comment was kept, although the service replaces what is left out.
    expect(stack.emulator.data.records.get(id)?.comment).toBe('The twist || at the end!');
    expect(stack.emulator.data.records.get(id)?.ratingState).toBe('bad');

    const outOfRange = await (await slash(USERS.alice, 'record', 'edit', { record, rating: 'superb' })).reply(
      TIMEOUT,
    );
    expect(outOfRange.content).toContain('`rating`: must be one of bad, average, good, great');
    expect(stack.emulator.data.records.get(id)?.ratingState).toBe('bad');

    const unknown = await (
      await slash(USERS.alice, 'record', 'edit', { record: '999999', rating: 'good' })
    ).reply(TIMEOUT);
    expect(unknown.content).toMatch(/^You have no record with that id on Annict/);

    const confirm = await (await slash(USERS.alice, 'record', 'delete', { record })).reply(TIMEOUT);
    // The prompt names the work and episode, and offers Cancel.
    expect(confirm.content).toMatch(/^Delete your record of \*\*.+ Ep \d+.*\*\*\? This cannot be undone\.$/);
    expect(customIds(confirm.components)[1]).toBe(`record:cancel:${USERS.alice.id}`);
    const button = customIds(confirm.components)[0] ?? '';
    const forged = await (await stack.discord.button({ customId: button, ...as(USERS.stranger) })).reply(
      TIMEOUT,
    );
    expect(forged.content).toMatch(/Only the person who ran this command/);
    expect(stack.emulator.data.records.has(id)).toBe(true);
    const deleted = await (await stack.discord.button({ customId: button, ...as(USERS.alice) })).reply(
      TIMEOUT,
    );
    expect(deleted.content).toBe('Your record was deleted.');
    expect(stack.emulator.data.records.has(id)).toBe(false);

    const status = await (
      await slash(USERS.alice, 'status', undefined, { work: String(DEMO_WORKS.cafeLumina), kind: 'watched' })
    ).reply(TIMEOUT);
    expect(status.content).toContain('Completed');
    expect(stack.emulator.data.statusOf(DEMO_USERS.alice.id, DEMO_WORKS.cafeLumina)).toBe('watched');
  });

  it('someone else’s record is not yours and stays as it is', async () => {
    const bobs = [...stack.emulator.data.records.values()].find((r) => r.userId === DEMO_USERS.bob.id);
    expect(bobs).toBeDefined();
    const reply = await (
      await slash(USERS.alice, 'record', 'edit', { record: String(bobs?.id ?? 0), comment: 'hijack' })
    ).reply(TIMEOUT);
    expect(reply.content).toMatch(/^You have no record with that id on Annict/);
    expect(stack.emulator.data.records.get(bobs?.id ?? 0)?.comment).not.toBe('hijack');
  });

  it('a read-only token links with a warning and writes get a clear message', async () => {
    const linked = await linkWithToken(USERS.bob, DEMO_TOKENS.aliceRead);
    expect(linked.content).toMatch(/read-only/);
    const write = await (
      await slash(USERS.bob, 'status', undefined, { work: String(DEMO_WORKS.soraNote), kind: 'watching' })
    ).reply(TIMEOUT);
    expect(write.content).toMatch(/can only read/);
  });

  it('a revoked token gets a message to link again', async () => {
    const token = stack.emulator.data.issueToken(DEMO_USERS.dave.id, ['read', 'write']);
    const user = { id: '310000000000000044', username: 'dave_discord' };
    await linkWithToken(user, token);
    stack.emulator.data.revokeToken(token);
    const reply = await (await slash(user, 'me')).reply(TIMEOUT);
    expect(reply.content).toMatch(/no longer accepts your token/);
  });

  it('links with OAuth: authorization URL, Enter code, modal, exchange; a reused code is refused', async () => {
    const user = { id: '310000000000000055', username: 'erin_discord' };
    const start = await (await slash(user, 'account', 'link', { method: 'oauth' })).reply(TIMEOUT);
    const row = JSON.stringify(start.components);
    expect(row).toContain('/oauth/authorize?client_id=');
    expect(row).toContain('scope=read+write');
    const enter = customIds(start.components).find((id) => id.startsWith('account:entercode:')) ?? '';
    const state = enter.split(':')[2] ?? '';

    const modal = await (await stack.discord.button({ customId: enter, ...as(user) })).reply(TIMEOUT);
    expect(modal.type).toBe(9);
    const code = stack.emulator.data.issueAuthorizationCode(DEMO_USERS.erin.id, ['read', 'write']);
    const linked = await (
      await stack.discord.modal({ customId: `account:code:${state}`, fields: { code }, ...as(user) })
    ).reply(TIMEOUT);
    expect(linked.content).toBe('Linked as **erin**.');
    expect((await stack.kiroku.deps.vault.get(user.id))?.method).toBe('oauth');

    // The same code again, through a fresh state: the service refuses it, kiroku says so.
    const again = await (await slash(user, 'account', 'link', { method: 'oauth' })).reply(TIMEOUT);
    const state2 = (
      customIds(again.components).find((id) => id.startsWith('account:entercode:')) ?? ''
    ).split(':')[2];
    const reused = await (
      await stack.discord.modal({ customId: `account:code:${state2}`, fields: { code }, ...as(user) })
    ).reply(TIMEOUT);
    expect(reused.content).toMatch(/invalid, expired or already used/);

    // A code older than 600 s is refused too.
    const again2 = await (await slash(user, 'account', 'link', { method: 'oauth' })).reply(TIMEOUT);
    const state3 = (
      customIds(again2.components).find((id) => id.startsWith('account:entercode:')) ?? ''
    ).split(':')[2];
    const stale = stack.emulator.data.issueAuthorizationCode(DEMO_USERS.erin.id, ['read', 'write']);
    stack.emulator.data.setNow(new Date(Date.now() + 601_000));
    try {
      const expired = await (
        await stack.discord.modal({
          customId: `account:code:${state3}`,
          fields: { code: stale },
          ...as(user),
        })
      ).reply(TIMEOUT);
      expect(expired.content).toMatch(/invalid, expired or already used/);
    } finally {
      stack.emulator.data.setNow(() => new Date());
    }

    // Someone else's state is refused without consuming it.
    const forged = await (
      await stack.discord.modal({
        customId: `account:code:${state}`,
        fields: { code: 'x' },
        ...as(USERS.stranger),
      })
    ).reply(TIMEOUT);
    expect(forged.content).toMatch(/belongs to someone else/);
  });

  it('unlinks behind a confirm button that only the invoker can press, revoking OAuth tokens', async () => {
    const user = { id: '310000000000000055', username: 'erin_discord' };
    const stored = await stack.kiroku.deps.vault.get(user.id);
    const confirm = await (await slash(user, 'account', 'unlink')).reply(TIMEOUT);
    const [unlink] = customIds(confirm.components);
    const forged = await (
      await stack.discord.button({ customId: unlink ?? '', ...as(USERS.stranger) })
    ).reply(TIMEOUT);
    expect(forged.content).toMatch(/Only the person/);
    expect(await stack.kiroku.deps.vault.get(user.id)).toBeDefined();
    const done = await (await stack.discord.button({ customId: unlink ?? '', ...as(user) })).reply(TIMEOUT);
    expect(done.content).toMatch(/^Unlinked/);
    expect(await stack.kiroku.deps.vault.get(user.id)).toBeUndefined();
    // The OAuth token no longer works at the service.
    const response = await fetch(`${stack.emulator.url}/v1/me`, {
      headers: { authorization: `Bearer ${stored?.token}` },
    });
    expect(response.status).toBe(401);
  });

  it('keeps tokens out of the database file and the logs', async () => {
    const token = stack.emulator.data.issueToken(DEMO_USERS.frank.id, ['read', 'write']);
    await linkWithToken({ id: '310000000000000066', username: 'frank_discord' }, token);
    await (await slash({ id: '310000000000000066', username: 'frank_discord' }, 'me')).reply(TIMEOUT);
    const database = await readFile(path.join(stack.dataDir, 'kiroku.sqlite'));
    const wal = await readFile(path.join(stack.dataDir, 'kiroku.sqlite-wal')).catch(() => Buffer.alloc(0));
    for (const secret of [token, DEMO_TOKENS.alice]) {
      expect(database.includes(Buffer.from(secret))).toBe(false);
      expect(wal.includes(Buffer.from(secret))).toBe(false);
      expect(stack.logs()).not.toContain(secret);
    }
    expect(stack.logs()).toContain('account linked');
  });
});
