/** `/subscription airing` end to end: a channel follows chosen works. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { seedProgram } from '../support/seed-programs.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const MINUTE = 60_000;

describe('/subscription airing: channels that follow chosen works', () => {
  let channel: string;
  let other: string;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  /** Moves the shared clock to `iso` plus `ms`. */
  const at = (startedAt: Date, ms = 0) => {
    offset = startedAt.getTime() + ms - Date.now();
  };
  const programOf = (workId: number, channelId: number, number: number) =>
    seedProgram(stack.emulator.data, workId, channelId, number);

  const stack = useStack({ emulatorRateLimit: false, now });
  beforeAll(async () => {
    [channel = '', other = ''] = stack.discord.channelIds(stack.discord.guildIds[0] ?? '');
    await stack.link(USERS.alice.id, 'alice');
  });

  const subscription = (
    subcommand: string,
    options: Record<string, string | number | boolean>,
    locale = 'en-US',
  ) =>
    stack.discord.slash({
      name: 'subscription',
      subcommand,
      options,
      user: { ...USERS.alice, locale },
      locale,
    });

  it('follows works from the owner’s list, one subscription per channel; bad input changes nothing', async () => {
    const choices = await (
      await stack.discord.autocomplete({
        name: 'subscription',
        subcommand: 'airing',
        options: { channel, work: 'ノート' },
        focused: 'work',
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(choices.choices?.map((c) => c.value)).toContain(String(DEMO_WORKS.soraNote));

    const first = await (
      await subscription('airing', { channel, work: String(DEMO_WORKS.cafeLumina) })
    ).reply(TIMEOUT);
    expect(first.ephemeral).toBe(true);
    expect(first.content).toContain(
      // Named as the reader names it: its English title for an English reader.
      'will get a post when each new episode of **Seaside Café Lumina** first airs',
    );
    const second = await (await subscription('airing', { channel, work: String(DEMO_WORKS.soraNote) })).reply(
      TIMEOUT,
    );
    expect(second.content).toContain(', 2 works)');
    const stored = (await stack.kiroku.deps.subscriptions.all()).filter((s) => s.kind === 'airing');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.airing?.works.map((w) => w.id)).toEqual([DEMO_WORKS.cafeLumina, DEMO_WORKS.soraNote]);

    const again = await (
      await subscription('airing', { channel, work: String(DEMO_WORKS.cafeLumina) })
    ).reply(TIMEOUT);
    expect(again.content).toContain('already gets posts for');
    const onHold = await (
      await subscription('airing', { channel, work: String(DEMO_WORKS.uchuShokudo) }, 'ja')
    ).reply(TIMEOUT);
    expect(onHold.content).toContain('「見てる」「見たい」に入っていない');
    // A Japanese reader keeps the Japanese title.
    expect(onHold.content).toContain('**宇宙食堂へようこそ**');
    const missing = await (await subscription('airing', { channel, work: '存在しない作品タイトル' })).reply(
      TIMEOUT,
    );
    expect(missing.ephemeral).toBe(true);
    expect(
      (await stack.kiroku.deps.subscriptions.all()).filter((s) => s.kind === 'airing')[0]?.airing?.works,
    ).toHaveLength(2);

    const list = await (await subscription('list', {})).reply(TIMEOUT);
    expect(list.embeds[0]?.description).toContain('new episodes of 海辺のカフェ・ルミナ, 空色ノート');
  });

  it('leaves out works the channel does not follow and an episode that already aired elsewhere', async () => {
    // 鋼の旋律 #6 airs on BS11 (alice watches it, the channel does not follow it); 空色ノート #4 airs
    // on BS11 after it first aired on TOKYO MX.
    const hagane = programOf(DEMO_WORKS.haganeMelody, DEMO_CHANNELS.bs11, 6);
    const soraLater = programOf(DEMO_WORKS.soraNote, DEMO_CHANNELS.bs11, 4);
    const before = stack.discord.channelMessages(channel).length;
    at(hagane.startedAt, 10_000);
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ subscriptions: 1, posted: 0 });
    at(soraLater.startedAt, 10_000);
    const airing = stack.kiroku.jobs.airing;
    const checksBefore = airing.checks;
    expect(await airing.tick()).toMatchObject({ posted: 0, retryLater: 0 });
    // The copy reaches back half an hour only: one request told that #4 aired before.
    expect(airing.checks - checksBefore).toBe(1);
    expect(stack.discord.channelMessages(channel)).toHaveLength(before);
  });

  it('posts a followed episode’s first airing at its air time, exactly once, across a restart', async () => {
    // 海辺のカフェ・ルミナ #2 first airs on NHK three hours after the seed (a rebroadcast follows later).
    // An English subscription: the work's English title (title_en).
    const cafeStart = programOf(DEMO_WORKS.cafeLumina, DEMO_CHANNELS.nhk, 2).startedAt;
    at(cafeStart, -MINUTE);
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ subscriptions: 1, posted: 0 });
    at(cafeStart, 30_000);
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ posted: 1 });
    const [post] = stack.discord.channelMessages(channel);
    expect(post?.embeds[0]?.title).toBe('Now airing: Seaside Café Lumina');
    expect(post?.embeds[0]?.thumbnail?.url).toMatch(/^https:\/\//);
    const labels = (post?.components ?? []).flatMap((row) =>
      'components' in row
        ? row.components.map((c) => ('label' in c ? c.label : 'placeholder' in c ? c.placeholder : ''))
        : [],
    );
    expect(labels).toEqual(['Record ep 2', 'Record ep 2 with a rating']);

    await stack.restart();
    at(cafeStart, 60_000);
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ posted: 0 });
    expect(stack.discord.channelMessages(channel)).toHaveLength(1);
  });

  it('records for whoever presses, with their own link; the unlinked are told how, privately', async () => {
    const [post] = stack.discord.channelMessages(channel);
    const ids = (post?.components ?? []).flatMap((row) =>
      'components' in row ? row.components.map((c) => ('custom_id' in c ? String(c.custom_id) : '')) : [],
    );
    const [recordId = '', rateId = ''] = ids;
    const unlinked = await (
      await stack.discord.button({ customId: recordId, user: USERS.bob, message: post?.id ?? '' })
    ).reply(TIMEOUT);
    expect(unlinked.ephemeral).toBe(true);
    expect(unlinked.content).toContain('/account link');

    await stack.link(USERS.bob.id, 'bob');
    const rated = await (
      await stack.discord.select({
        customId: rateId,
        values: ['good'],
        user: USERS.bob,
        message: post?.id ?? '',
      })
    ).reply(TIMEOUT);
    expect(rated.ephemeral).toBe(true);
    const bobs = [...stack.emulator.data.records.values()].filter((r) => r.userId === DEMO_USERS.bob.id);
    expect(bobs.at(-1)).toMatchObject({ ratingState: 'good', workId: DEMO_WORKS.cafeLumina });
  });

  it('shares the schedule’s my_programs fetch with the alerts, and /subscription remove takes one work off', async () => {
    await (await subscription('schedule', { channel: other, alert_minutes: 10 })).reply(TIMEOUT);
    offset += 20 * MINUTE; // past the refresh interval: both copies are stale
    stack.emulator.resetStats();
    expect(await stack.kiroku.jobs.alerts.tick()).toMatchObject({ subscriptions: 1 });
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ subscriptions: 1 });
    expect(stack.emulator.stats.requests).toBe(1);

    const [airing] = (await stack.kiroku.deps.subscriptions.all()).filter((s) => s.kind === 'airing');
    const removed = await (
      await subscription('remove', { id: airing?.id ?? '', work: String(DEMO_WORKS.soraNote) })
    ).reply(TIMEOUT);
    expect(removed.content).toContain('no longer posts for **空色ノート**');
    expect(
      (await stack.kiroku.deps.subscriptions.get(airing?.id ?? ''))?.airing?.works.map((w) => w.id),
    ).toEqual([DEMO_WORKS.cafeLumina]);
  });
});
