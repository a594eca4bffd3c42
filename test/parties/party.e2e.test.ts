/**
 * Watch parties end to end through the real discord.js client, the fake Discord (scheduled events,
 * the party message and its edits) and the emulator (the records), in English and in Japanese: the
 * bot's Manage Events checked; `/party start` makes the event; at its time one message; three presses
 * (one not linked) with a restart of the bot in the middle, each recorded exactly once on the
 * emulator; unlinking takes a member off the list; the host cancels; an event deleted in Discord
 * cancels its party; a channel that refuses kiroku stops the party and tells the host. Once more on
 * Redis, where the claims and the parties' state changes are Redis's atomic operations.
 */
import { randomBytes } from 'node:crypto';
import { GuildScheduledEventStatus, PermissionFlagsBits } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type RedisServer, redisServerAvailable, startRedisServer } from '../support/redis-server.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const TIMEOUT = 15_000;
const DAY = 86_400_000;
const CAROL = { id: '310000000000000003', username: 'carol_discord' };

const LANGUAGES = [
  {
    locale: 'en-US',
    planned: 'Watch party planned',
    manageEvents: 'Manage Events',
    past: 'that time has passed',
    watched: 'Watched',
    ratings: ['Bad', 'Average', 'Good', 'Great'],
    recorded: 'Recorded',
    already: 'already recorded',
    oneWatched: '1 watched',
    twoWatched: '2 watched · Great 1 · Good 1',
    other: 'and 1 other',
    cancelled: 'cancelled',
    tomorrow: 'tomorrow 21:00',
    title: 'Melody of Steel',
  },
  {
    locale: 'ja',
    planned: '同時視聴会を予定しました',
    manageEvents: 'イベントの管理',
    past: '過ぎています',
    watched: '見た',
    ratings: ['良くない', '普通', '良い', 'とても良い'],
    recorded: '記録しました',
    already: '記録済み',
    oneWatched: '1人が視聴',
    twoWatched: '2人が視聴 · とても良い 1 · 良い 1',
    other: 'ほか、視聴記録を非公開にしている1人',
    cancelled: '中止',
    tomorrow: '明日21:00',
    title: '鋼の旋律',
  },
] as const;

/** English on SQLite, Japanese on SQLite, and English again on Redis (claims and state changes there). */
const CASES = [
  { ...LANGUAGES[0], store: 'sqlite' },
  { ...LANGUAGES[1], store: 'sqlite' },
  ...(redisServerAvailable() ? [{ ...LANGUAGES[0], store: 'redis' }] : []),
] as const;

describe.each(CASES)('watch parties end to end ($locale, $store)', (text) => {
  let stack: Stack;
  let offset = 0;
  let guildId = '';
  let channelId = '';
  const now = () => new Date(Date.now() + offset);
  const host: { id: string; username: string; locale: string } = { ...USERS.alice, locale: text.locale };

  const party = async (options: Record<string, string>, user = host) =>
    (
      await stack.discord.slash({
        name: 'party',
        subcommand: 'start',
        options,
        user,
        locale: user.locale,
        guildId,
        channelId,
      })
    ).reply(TIMEOUT);
  const episode = () => stack.emulator.data.episodesOfWork(DEMO_WORKS.haganeMelody)[0]?.id ?? 0;
  const recordsOf = (userId: number) =>
    [...stack.emulator.data.records.values()].filter((r) => r.userId === userId && r.episodeId === episode());
  const partyMessage = () => {
    const [posted] = stack.discord
      .channelMessages(channelId)
      .filter((m) => m.components?.length || m.embeds.length);
    const current = posted ? stack.discord.message(posted.id) : undefined;
    if (!current) throw new Error('no party message');
    return current;
  };
  const buttons = () =>
    (partyMessage().components ?? []).flatMap((row) =>
      'components' in row
        ? row.components.map((c) => ({
            id: 'custom_id' in c ? String(c.custom_id) : '',
            label: 'label' in c ? String(c.label) : '',
          }))
        : [],
    );
  const press = async (label: string, user: { id: string; username: string }) => {
    const button = buttons().find((b) => b.label === label);
    if (!button) throw new Error(`no ${label} button`);
    return (
      await stack.discord.button({
        customId: button.id,
        user: { ...user, locale: text.locale },
        locale: text.locale,
        guildId,
        channelId,
        message: partyMessage().id,
      })
    ).reply(TIMEOUT);
  };
  const whoWatched = () => partyMessage().embeds[0]?.fields?.[0]?.value ?? '';

  let redis: RedisServer | undefined;

  beforeAll(async () => {
    redis = text.store === 'redis' ? await startRedisServer() : undefined;
    const env: Record<string, string> = redis
      ? { DATABASE_URL: redis.url, VAULT_KEY: randomBytes(32).toString('base64') }
      : {};
    stack = await startStack({ now, emulatorRateLimit: false, env });
    guildId = stack.discord.guildIds[0] ?? '';
    channelId = stack.discord.channelIds(guildId)[0] ?? '';
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(USERS.bob.id, 'bob');
    await stack.link(CAROL.id, 'carol');
    await stack.kiroku.deps.preferences.setDiscoverable(USERS.alice.id, true);
  });
  afterAll(async () => {
    await stack?.close();
    await redis?.stop();
  });

  it('needs Manage Events, refuses a time past, and changes nothing then', async () => {
    const refused = await party({
      work: String(DEMO_WORKS.haganeMelody),
      episode: String(episode()),
      time: text.tomorrow,
    });
    expect(refused.content).toContain(text.manageEvents);
    stack.discord.setBotPermissions(guildId, PermissionFlagsBits.ManageEvents);
    const past = await party({
      work: String(DEMO_WORKS.haganeMelody),
      episode: String(episode()),
      time: '2001-01-01 21:00',
    });
    expect(past.content).toContain(text.past);
    expect(stack.discord.scheduledEvents(guildId)).toHaveLength(0);
    expect(await stack.kiroku.deps.parties.store.all()).toHaveLength(0);
  });

  it('makes the event, posts one message at its time, and records three presses once each across a restart', async () => {
    const planned = await party({
      work: String(DEMO_WORKS.haganeMelody),
      episode: String(episode()),
      time: text.tomorrow,
    });
    expect(planned.content).toContain(text.planned);
    const [event] = stack.discord.scheduledEvents(guildId);
    expect(event?.name).toContain(text.title);
    const [stored] = await stack.kiroku.deps.parties.store.all();
    expect(stored?.eventId).toBe(event?.id);
    expect(Date.parse(stored?.startsAt ?? '')).toBe(Date.parse(event?.scheduled_start_time ?? ''));

    const parties = stack.kiroku.jobs.parties;
    if (!parties) throw new Error('no party job');
    expect(await parties.tick()).toMatchObject({ opened: 0 });
    expect(stack.discord.channelMessages(channelId)).toHaveLength(0);
    offset = 2 * DAY;
    expect(await parties.tick()).toMatchObject({ opened: 1 });
    expect(await parties.tick()).toMatchObject({ opened: 0 });
    expect(stack.discord.channelMessages(channelId)).toHaveLength(1);
    expect(buttons().map((b) => b.label)).toEqual([text.watched, ...text.ratings]);
    expect(partyMessage().embeds[0]?.title).toContain(text.title);

    const aliceBefore = recordsOf(DEMO_USERS.alice.id).length;
    // A double click: two presses at once record once.
    const [first, second] = await Promise.all([
      press(text.ratings[3], USERS.alice),
      press(text.ratings[3], USERS.alice),
    ]);
    expect([first.content, second.content].filter((c) => c?.includes(text.recorded))).toHaveLength(1);
    expect([first.content, second.content].filter((c) => c?.includes(text.already))).toHaveLength(1);
    expect(recordsOf(DEMO_USERS.alice.id)).toHaveLength(aliceBefore + 1);
    expect(recordsOf(DEMO_USERS.alice.id).at(-1)?.ratingState).toBe('great');
    expect(whoWatched()).toContain(text.oneWatched);
    expect(whoWatched()).toContain('alice');

    await stack.restart();
    const again = await press(text.watched, USERS.alice);
    expect(again.content).toContain(text.already);
    expect(recordsOf(DEMO_USERS.alice.id)).toHaveLength(aliceBefore + 1);

    const bobBefore = recordsOf(DEMO_USERS.bob.id).length;
    const bob = await press(text.ratings[2], USERS.bob);
    expect(bob.content).toContain(text.recorded);
    expect(recordsOf(DEMO_USERS.bob.id)).toHaveLength(bobBefore + 1);
    expect(recordsOf(DEMO_USERS.bob.id).at(-1)?.ratingState).toBe('good');
    // bob keeps his record private: counted, never named.
    expect(whoWatched()).toContain(text.twoWatched);
    expect(whoWatched()).toContain(text.other);
    expect(whoWatched()).not.toContain('bob');

    const requests = stack.emulator.data.records.size;
    const stranger = await press(text.watched, USERS.stranger);
    expect(stranger.embeds[0]?.title).toBeTruthy();
    expect(stranger.components.length).toBeGreaterThan(0);
    expect(stack.emulator.data.records.size).toBe(requests);
    expect(whoWatched()).toContain(text.twoWatched);
  });

  it('takes someone who unlinks off every list at once', async () => {
    await stack.kiroku.deps.accounts.unlink(USERS.bob.id);
    expect(whoWatched()).toContain(text.oneWatched);
    expect(whoWatched()).not.toContain(text.other);
  });

  it('lets the host cancel: the event leaves Discord; someone else cannot', async () => {
    offset = 0;
    await party({ work: String(DEMO_WORKS.haganeMelody), episode: String(episode()), time: text.tomorrow });
    const planned = (await stack.kiroku.deps.parties.store.all((p) => p.state === 'scheduled'))[0];
    if (!planned) throw new Error('no party');
    const cancel = (user: typeof host) =>
      stack.discord
        .slash({
          name: 'party',
          subcommand: 'cancel',
          options: { party: planned.id },
          user,
          locale: user.locale,
          guildId,
          channelId,
        })
        .then((r) => r.reply(TIMEOUT));
    // The host picks it from their parties; someone else has none to pick.
    const pick = (user: typeof host) =>
      stack.discord
        .autocomplete({
          name: 'party',
          subcommand: 'cancel',
          options: { party: '' },
          focused: 'party',
          user,
          guildId,
          channelId,
        })
        .then((r) => r.reply(TIMEOUT));
    expect((await pick(host)).choices?.map((c) => c.value)).toContain(planned.id);
    expect((await pick({ ...CAROL, locale: text.locale })).choices).toEqual([]);
    const events = stack.discord.scheduledEvents(guildId).length;
    await cancel({ ...CAROL, locale: text.locale });
    expect(stack.discord.scheduledEvents(guildId)).toHaveLength(events);
    const done = await cancel(host);
    expect(done.content).toContain(text.cancelled);
    expect(stack.discord.scheduledEvents(guildId).map((e) => e.id)).not.toContain(planned.eventId);
    expect((await stack.kiroku.deps.parties.store.get(planned.id))?.state).toBe('cancelled');
  });

  it('stops updating in a channel kiroku lost, and tells the host', async () => {
    offset = 0;
    const lost = stack.discord.channelIds(guildId)[1] ?? '';
    const started = await stack.discord.slash({
      name: 'party',
      subcommand: 'start',
      options: { work: String(DEMO_WORKS.haganeMelody), episode: String(episode()), time: text.tomorrow },
      user: host,
      locale: host.locale,
      guildId,
      channelId: lost,
    });
    await started.reply(TIMEOUT);
    const planned = (await stack.kiroku.deps.parties.store.all((p) => p.channelId === lost))[0];
    if (!planned) throw new Error('no party');
    offset = 2 * DAY;
    await stack.kiroku.jobs.parties?.tick();
    const [posted] = stack.discord.channelMessages(lost);
    expect((await stack.kiroku.deps.parties.store.get(planned.id))?.state).toBe('open');
    // Discord now refuses kiroku there (its access removed).
    stack.discord.faults.channelStatus.set(lost, 403);
    const dms = stack.discord.directMessages(USERS.alice.id).length;
    const pressed = await stack.discord.button({
      customId: `party:watched:${planned.id}`,
      user: { ...CAROL, locale: text.locale },
      locale: text.locale,
      guildId,
      channelId: lost,
      message: posted?.id ?? '',
    });
    expect((await pressed.reply(TIMEOUT)).content).toContain(text.recorded);
    expect((await stack.kiroku.deps.parties.store.get(planned.id))?.state).toBe('stopped');
    expect(stack.discord.directMessages(USERS.alice.id)).toHaveLength(dms + 1);
    expect(stack.discord.directMessages(USERS.alice.id).at(-1)?.content).toContain(`<#${lost}>`);
  });

  it('says so when the server has as many events as Discord allows, and changes nothing', async () => {
    const { discord } = stack;
    const at = new Date(Date.now() + DAY).toISOString();
    const open = discord
      .scheduledEvents(guildId)
      .filter((e) => e.status === GuildScheduledEventStatus.Scheduled);
    for (let i = open.length; i < 100; i++)
      await fetch(`${discord.restUrl}/v10/guilds/${guildId}/scheduled-events`, {
        method: 'POST',
        headers: { authorization: `Bot ${discord.botToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `other ${i}`,
          privacy_level: 2,
          entity_type: 3,
          entity_metadata: { location: 'elsewhere' },
          scheduled_start_time: at,
          scheduled_end_time: new Date(Date.parse(at) + DAY).toISOString(),
        }),
      });
    const parties = (await stack.kiroku.deps.parties.store.all()).length;
    const full = await party({
      work: String(DEMO_WORKS.haganeMelody),
      episode: String(episode()),
      time: text.tomorrow,
    });
    expect(full.content).toContain('100');
    expect(await stack.kiroku.deps.parties.store.all()).toHaveLength(parties);
    for (const event of discord.scheduledEvents(guildId).filter((e) => e.name.startsWith('other ')))
      discord.deleteScheduledEvent(guildId, event.id);
  });

  it('cancels a party whose event was cancelled in Discord', async () => {
    await party({ work: String(DEMO_WORKS.haganeMelody), episode: String(episode()), time: text.tomorrow });
    const planned = (await stack.kiroku.deps.parties.store.all((p) => p.state === 'scheduled'))[0];
    if (!planned?.eventId) throw new Error('no party');
    stack.discord.updateScheduledEvent(guildId, planned.eventId, {
      status: GuildScheduledEventStatus.Canceled,
    });
    await expect
      .poll(async () => (await stack.kiroku.deps.parties.store.get(planned.id))?.state, { timeout: TIMEOUT })
      .toBe('cancelled');
  });

  it('cancels a party whose event was deleted in Discord', async () => {
    await party({ work: String(DEMO_WORKS.haganeMelody), episode: String(episode()), time: text.tomorrow });
    const planned = (await stack.kiroku.deps.parties.store.all((p) => p.state === 'scheduled'))[0];
    if (!planned?.eventId) throw new Error('no party');
    expect(stack.discord.deleteScheduledEvent(guildId, planned.eventId)).toBe(true);
    await expect
      .poll(async () => (await stack.kiroku.deps.parties.store.get(planned.id))?.state, { timeout: TIMEOUT })
      .toBe('cancelled');
    // A party whose message is up keeps it: people record from it after the event.
    const [open] = await stack.kiroku.deps.parties.store.all((p) => p.state === 'open');
    if (!open?.eventId) throw new Error('no open party');
    stack.discord.deleteScheduledEvent(guildId, open.eventId);
    const later = await party({
      work: String(DEMO_WORKS.haganeMelody),
      episode: String(episode()),
      time: text.tomorrow,
    });
    expect(later.content).toContain(text.planned);
    expect((await stack.kiroku.deps.parties.store.get(open.id))?.state).toBe('open');
  });
});
