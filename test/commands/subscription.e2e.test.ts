import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const SEND_MESSAGES = 1 << 11;

describe('/subscription end to end', () => {
  let guildId: string;
  let postable: string;
  let forbidden: string;

  const stack = useStack();
  beforeAll(async () => {
    guildId = stack.discord.guildIds[0] ?? '';
    [postable = '', forbidden = ''] = stack.discord.channelIds(guildId);
    // Deny Send Messages to the bot (not to the people who run commands) in the second channel.
    stack.discord.setChannelOverwrites(forbidden, [
      { id: stack.discord.botUser.id, type: 1, allow: '0', deny: String(SEND_MESSAGES) },
    ]);
    await stack.link(USERS.alice.id, 'alice');
  });

  const subscription = (
    subcommand: string,
    options: Record<string, string | number | boolean>,
    user: { id: string; username: string } = USERS.alice,
  ) => stack.discord.slash({ name: 'subscription', subcommand, options, user, locale: 'en-US' });

  it('is registered for Manage Channels only', () => {
    const registered = stack.discord.registeredCommands().find((c) => c.name === 'subscription');
    expect(registered?.default_member_permissions).toBe(String(1 << 4));
  });

  it('subscribes a feed and a schedule with the invoker’s own account, and lists them', async () => {
    const feed = await (await subscription('feed', { channel: postable, actions: 'records' })).reply(TIMEOUT);
    expect(feed.ephemeral).toBe(true);
    expect(feed.content).toMatch(/^Your friends’ activity \(records\) will be posted in <#\d+>/);

    const schedule = await (
      await subscription('schedule', {
        channel: postable,
        time: '08:00',
        timezone: 'Asia/Tokyo',
        alert_minutes: 10,
      })
    ).reply(TIMEOUT);
    expect(schedule.content).toMatch(/every day at 08:00 \(Asia\/Tokyo\), with an alert 10 min before/);

    const stored = await stack.kiroku.deps.subscriptions.all();
    expect(stored.map((s) => [s.kind, s.ownerId, s.channelId])).toEqual([
      ['feed', USERS.alice.id, postable],
      ['schedule', USERS.alice.id, postable],
    ]);

    const duplicate = await (await subscription('feed', { channel: postable })).reply(TIMEOUT);
    expect(duplicate.content).toMatch(/already has that subscription/);

    const list = await (await subscription('list', {})).reply(TIMEOUT);
    for (const s of stored) expect(list.embeds[0]?.description).toContain(`\`${s.id}\``);
  });

  it('refuses a channel the bot cannot post in, a bad time and a bad zone, and stores nothing', async () => {
    const before = (await stack.kiroku.deps.subscriptions.all()).length;
    const cannot = await (await subscription('feed', { channel: forbidden })).reply(TIMEOUT);
    expect(cannot.content).toMatch(/I cannot post in <#\d+>/);
    const badTime = await (await subscription('schedule', { channel: postable, time: '25:00' })).reply(
      TIMEOUT,
    );
    expect(badTime.content).toContain('`time`: must be a time such as 08:00');
    const badZone = await (
      await subscription('schedule', { channel: postable, timezone: 'Mars/Olympus' })
    ).reply(TIMEOUT);
    expect(badZone.content).toContain('`timezone`: must be an IANA time zone');
    expect((await stack.kiroku.deps.subscriptions.all()).length).toBe(before);
  });

  it('requires a linked account to subscribe', async () => {
    const reply = await (await subscription('feed', { channel: postable }, USERS.stranger)).reply(TIMEOUT);
    expect(reply.content).toMatch(/\/account link/);
  });

  it('removes by id, and only in its own server', async () => {
    const [first] = await stack.kiroku.deps.subscriptions.all();
    // The id is picked from this server's subscriptions, described in words, not typed.
    const offered = await (
      await stack.discord.autocomplete({
        name: 'subscription',
        subcommand: 'remove',
        options: { id: '' },
        focused: 'id',
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(offered.choices?.map((c) => c.value)).toContain(first?.id);
    expect(offered.choices?.map((c) => c.name).join('\n')).toMatch(/^feed · records \([a-z0-9]+\)$/m);
    const elsewhere = await (
      await stack.discord.slash({
        name: 'subscription',
        subcommand: 'remove',
        options: { id: first?.id ?? '' },
        user: USERS.alice,
        guildId: stack.discord.guildIds[1] ?? '',
      })
    ).reply(TIMEOUT);
    expect(elsewhere.content).toMatch(/No subscription/);
    const removed = await (await subscription('remove', { id: first?.id ?? '' })).reply(TIMEOUT);
    expect(removed.content).toBe(`Subscription \`${first?.id}\` removed.`);
    expect(await stack.kiroku.deps.subscriptions.get(first?.id ?? '')).toBeUndefined();
  });

  it('the Watched button of an alert records for the presser, or tells them to link', async () => {
    const episode = [...stack.emulator.data.episodes.values()][0];
    const pressed = await (
      await stack.discord.button({ customId: `subscription:watched:${episode?.id}`, user: USERS.alice })
    ).reply(TIMEOUT);
    expect(pressed.ephemeral).toBe(true);
    expect(pressed.content).toMatch(/^Recorded /);
    const mine = [...stack.emulator.data.records.values()].filter(
      (r) => r.userId === DEMO_USERS.alice.id && r.episodeId === episode?.id,
    );
    expect(mine.length).toBeGreaterThan(0);

    // The rating menu records too (another episode: one alert records once per person and episode).
    const other = [...stack.emulator.data.episodes.values()][1];
    const rated = await (
      await stack.discord.select({
        customId: `subscription:rate:${other?.id}`,
        values: ['4'],
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(rated.content).toMatch(/^Recorded /);

    const unlinked = await (
      await stack.discord.button({ customId: `subscription:watched:${episode?.id}`, user: USERS.stranger })
    ).reply(TIMEOUT);
    expect(unlinked.content).toMatch(/\/account link/);
  });

  it('unlinking deletes the owner’s subscriptions', async () => {
    expect(
      (await stack.kiroku.deps.subscriptions.all((s) => s.ownerId === USERS.alice.id)).length,
    ).toBeGreaterThan(0);
    await stack.kiroku.deps.accounts.unlink(USERS.alice.id);
    expect(await stack.kiroku.deps.subscriptions.all((s) => s.ownerId === USERS.alice.id)).toEqual([]);
  });
});
