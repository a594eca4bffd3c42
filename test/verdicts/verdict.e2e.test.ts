/**
 * The server's verdict on an episode, end to end through the real discord.js client: an airing post
 * carries it. Two members press (counted at once, the message edited in place), a third
 * records on the service (counted at the next refresh), names only of members who share; the same
 * verdict in Japanese on the Japanese post; unlinking takes a member out of it; a channel lost stops it.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { customIds } from '../fakes/discord/fake-discord.js';
import { DEMO_CHANNELS, DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { seedProgram } from '../support/seed-programs.js';
import { type Stack, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const MINUTE = 60_000;
const CAROL = { id: '310000000000000003', username: 'carol_discord' };

const BASIC_PERMISSIONS = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;
const THREAD_PERMISSIONS =
  BASIC_PERMISSIONS | PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.SendMessagesInThreads;

/**
 * Alice presses a post's Comments button without the thread permissions (refused privately, no
 * thread), then with them: the episode's thread opens and the reply links it. Its id.
 */
async function openCommentsChecked(
  stack: Stack,
  at: { guild: string; channel: string; message: string; customId: string },
): Promise<string> {
  const press = (appPermissions: bigint) =>
    stack.discord.button({ customId: at.customId, user: USERS.alice, message: at.message, appPermissions });
  const refused = await (await press(BASIC_PERMISSIONS)).reply(TIMEOUT);
  expect(refused.ephemeral).toBe(true);
  expect(refused.content).toContain('Create Public Threads');
  expect(stack.discord.threads(at.channel)).toHaveLength(0);
  stack.discord.setBotPermissions(at.guild, THREAD_PERMISSIONS | PermissionFlagsBits.EmbedLinks);
  const opened = await (await press(THREAD_PERMISSIONS)).reply(TIMEOUT);
  const [thread] = stack.discord.threads(at.channel);
  expect(thread).toBeDefined();
  expect(opened.content).toContain(`<#${thread?.id}>`);
  expect(thread?.name).toContain('Seaside Café Lumina');
  return thread?.id ?? '';
}

/** The stack on a clock each test sets (`setNow`: the time kiroku reads as now from then on). */
function useClockedStack() {
  let offset = 0;
  const stack = useStack({ emulatorRateLimit: false, now: () => new Date(Date.now() + offset) });
  return {
    stack,
    setNow: (at: number) => {
      offset = at - Date.now();
    },
  };
}

describe('the server’s verdict on an episode', () => {
  let channel: string;
  let jaChannel: string;
  let guild: string;
  const { stack, setNow } = useClockedStack();
  let airedAt: Date;

  const programOf = (workId: number, channelId: number, number: number) =>
    seedProgram(stack.emulator.data, workId, channelId, number);
  const contentOf = (channelId: string) => stack.discord.channelMessages(channelId)[0]?.content ?? '';
  const subscribe = (channelId: string, language: string, comments: boolean) =>
    stack.discord.slash({
      name: 'subscription',
      subcommand: 'airing',
      options: { channel: channelId, work: String(DEMO_WORKS.cafeLumina), language, comments },
      user: USERS.alice,
    });

  beforeAll(async () => {
    guild = stack.discord.guildIds[0] ?? '';
    [channel = '', jaChannel = ''] = stack.discord.channelIds(guild);
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(USERS.bob.id, 'bob');
    await stack.link(CAROL.id, 'carol');
    // Bob shares his viewing record; Alice and Carol do not.
    await stack.kiroku.deps.preferences.setDiscoverable(USERS.bob.id, true);
    await stack.kiroku.deps.preferences.rememberServer(CAROL.id, guild, async () => true);
    // Comments only where asked: the English channel.
    await (await subscribe(channel, 'en', true)).reply(TIMEOUT);
    await (await subscribe(jaChannel, 'ja', false)).reply(TIMEOUT);
    const program = programOf(DEMO_WORKS.cafeLumina, DEMO_CHANNELS.nhk, 2);
    airedAt = program.startedAt;
    setNow(airedAt.getTime() + 30_000);
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ posted: 2 });
  });

  it('counts two presses at once, by editing the post; names only the member who shares', async () => {
    expect(contentOf(channel)).toBe('');
    const post = stack.discord.channelMessages(channel)[0];
    const ids = customIds(post?.components ?? []);
    const recordId = ids.find((id) => id.startsWith('subscription:watched:')) ?? '';
    const rateId = ids.find((id) => id.startsWith('subscription:rate:')) ?? '';
    await (
      await stack.discord.button({ customId: recordId, user: USERS.bob, message: post?.id ?? '' })
    ).reply(TIMEOUT);
    expect(contentOf(channel)).toBe('**1** of the server watched\nWatched: bob');
    await (
      await stack.discord.select({
        customId: rateId,
        values: ['great'],
        user: USERS.alice,
        message: post?.id ?? '',
      })
    ).reply(TIMEOUT);
    // Alice does not share: counted, never named.
    expect(contentOf(channel)).toBe('**2** of the server watched · Great 1\nWatched: bob');
    expect(contentOf(channel)).not.toContain('alice');
  });

  it('counts a record made on the service at the next refresh, one request for both servers’ posts', async () => {
    const episode = programOf(DEMO_WORKS.cafeLumina, DEMO_CHANNELS.nhk, 2).episodeId ?? 0;
    await stack.kiroku.deps.service.createRecord(
      { episode_id: episode, rating_state: 'good' },
      { token: DEMO_TOKENS.carol, priority: 'write', person: CAROL.id },
    );
    const refresh = stack.kiroku.jobs.verdictRefresh;
    if (!refresh) throw new Error('the verdicts are not wired');
    // Not yet due: nothing asked.
    expect(await refresh.tick()).toMatchObject({ due: 0, requests: 0 });
    setNow(airedAt.getTime() + 15 * MINUTE + 1_000);
    // Both posts of the episode are counted from one page of its records.
    expect(await refresh.tick()).toMatchObject({ due: 2, requests: 1 });
    expect(contentOf(channel)).toBe('**3** of the server watched · Great 1 · Good 1\nWatched: bob');
    // The Japanese post shows the same verdict, in Japanese.
    expect(contentOf(jaChannel)).toBe('サーバーの**3人**が視聴 · とても良い 1 · 良い 1\n視聴した人: bob');
    // Claimed: the same refresh is not made twice.
    expect(await refresh.tick()).toMatchObject({ due: 0, requests: 0 });
  });

  it('opens the episode’s thread from the Comments button, with sharing members’ comments behind spoilers', async () => {
    const post = stack.discord.channelMessages(channel)[0];
    const ids = customIds(post?.components ?? []);
    const commentsId = ids.find((id) => id.startsWith('subscription:comments:')) ?? '';
    expect(commentsId).not.toBe('');
    // Off by default: the Japanese channel's post has no Comments button.
    expect(customIds(stack.discord.channelMessages(jaChannel)[0]?.components ?? [])).toHaveLength(2);
    const episode = programOf(DEMO_WORKS.cafeLumina, DEMO_CHANNELS.nhk, 2).episodeId ?? 0;
    await stack.kiroku.deps.service.createRecord(
      { episode_id: episode, comment: 'The ending || twist!' },
      { token: DEMO_TOKENS.bob, priority: 'write', person: USERS.bob.id },
    );
    await stack.kiroku.deps.service.createRecord(
      { episode_id: episode, comment: 'carol keeps this to herself' },
      { token: DEMO_TOKENS.carol, priority: 'write', person: CAROL.id },
    );
    setNow(airedAt.getTime() + 30 * MINUTE + 1_000);
    await stack.kiroku.jobs.verdictRefresh?.tick();

    const thread = await openCommentsChecked(stack, {
      guild,
      channel,
      message: post?.id ?? '',
      customId: commentsId,
    });
    const said = stack.discord.channelMessages(thread).map((m) => m.content);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^\*\*bob\*\*: \|\|The ending .*twist!\|\|$/);
    expect(said.join('\n')).not.toContain('carol');
    // Pressed again (by Bob): the same thread, joined; nothing posted twice.
    await (
      await stack.discord.button({
        customId: commentsId,
        user: USERS.bob,
        message: post?.id ?? '',
        appPermissions: THREAD_PERMISSIONS,
      })
    ).reply(TIMEOUT);
    expect(stack.discord.threads(channel)).toHaveLength(1);
    expect(stack.discord.channelMessages(thread)).toHaveLength(1);
  });

  it('leaves out a member who unlinks, at the next edit', async () => {
    const confirm = await (
      await stack.discord.slash({ name: 'account', subcommand: 'unlink', user: USERS.bob })
    ).reply(TIMEOUT);
    const [unlink] = customIds(confirm.components);
    await (await stack.discord.button({ customId: unlink ?? '', user: USERS.bob })).reply(TIMEOUT);
    setNow(airedAt.getTime() + 60 * MINUTE + 1_000);
    await stack.kiroku.jobs.verdictRefresh?.tick();
    expect(contentOf(channel)).toBe('**2** of the server watched · Great 1 · Good 1');
    expect(contentOf(jaChannel)).toBe('サーバーの**2人**が視聴 · とても良い 1 · 良い 1');
  });
});

describe('the Comments button on an airing alert', () => {
  let channel: string;
  let jaChannel: string;
  let guild: string;
  const { stack, setNow } = useClockedStack();
  let airedAt: Date;
  let episode: number;

  const schedule = (channelId: string, language: string, comments?: boolean) =>
    stack.discord.slash({
      name: 'subscription',
      subcommand: 'schedule',
      options: {
        channel: channelId,
        language,
        alert_minutes: 30,
        ...(comments === undefined ? {} : { comments }),
      },
      user: USERS.alice,
    });
  const alertIn = (channelId: string) =>
    stack.discord.channelMessages(channelId).find((m) => (m.components?.length ?? 0) > 0);

  beforeAll(async () => {
    guild = stack.discord.guildIds[0] ?? '';
    [channel = '', jaChannel = ''] = stack.discord.channelIds(guild);
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(USERS.bob.id, 'bob');
    await stack.kiroku.deps.preferences.setDiscoverable(USERS.bob.id, true);
    // Bob has used kiroku in the server (he is counted), never pressed the alert (his record is on the service).
    await stack.kiroku.deps.preferences.rememberServer(USERS.bob.id, guild, async () => true);
    await (await schedule(channel, 'en', true)).reply(TIMEOUT);
    // Off by default: the Japanese channel does not ask.
    await (await schedule(jaChannel, 'ja')).reply(TIMEOUT);
    const program = seedProgram(stack.emulator.data, DEMO_WORKS.cafeLumina, DEMO_CHANNELS.nhk, 2);
    airedAt = program.startedAt;
    episode = program.episodeId ?? 0;
    setNow(airedAt.getTime() - 10 * MINUTE);
    await stack.kiroku.jobs.alerts.tick();
  });

  it('carries the button only where the subscription asked, and opens the episode’s thread from it', async () => {
    const alert = alertIn(channel);
    const commentsId = customIds(alert?.components ?? []).find((id) =>
      id.startsWith('subscription:comments:'),
    );
    expect(commentsId).toBe(`subscription:comments:${episode}`);
    const japanese = customIds(alertIn(jaChannel)?.components ?? []);
    expect(japanese).toHaveLength(2);
    expect(japanese.some((id) => id.startsWith('subscription:comments:'))).toBe(false);

    await stack.kiroku.deps.service.createRecord(
      { episode_id: episode, rating_state: 'great', comment: 'What a finale' },
      { token: DEMO_TOKENS.bob, priority: 'write', person: USERS.bob.id },
    );
    setNow(airedAt.getTime() + 15 * MINUTE + 1_000);
    expect(await stack.kiroku.jobs.verdictRefresh?.tick()).toMatchObject({ due: 2, requests: 1 });
    expect(alertIn(channel)?.content).toBe('**1** of the server watched · Great 1\nWatched: bob');

    const thread = await openCommentsChecked(stack, {
      guild,
      channel,
      message: alert?.id ?? '',
      customId: commentsId ?? '',
    });
    expect(stack.discord.channelMessages(thread).map((m) => m.content)).toEqual([
      '**bob**: ||What a finale||',
    ]);
  });
});
