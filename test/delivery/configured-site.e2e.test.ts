/**
 * Through the real discord.js client: an operator who sets SERVICE_NAME and SERVICE_WEB_URL
 * sees that service named and linked in every job's post and direct message (alerts, airing posts,
 * the digest, the feed, owner notices), and every command those texts name is a clickable mention,
 * from the first reply after a start on.
 */
import { REST, Routes } from 'discord.js';
import type { APIMessage } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { type Stack, startStack, USERS } from '../support/stack.js';

const TIMEOUT = 15_000;
const MINUTE = 60_000;
const SITE = 'https://records.example';
const NAME = 'Kiroku Test';

describe('the configured service, and commands as mentions, in posts and direct messages', () => {
  let stack: Stack;
  let enChannel: string;
  let jaChannel: string;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const bob = { ...USERS.bob, locale: 'ja' };

  beforeAll(async () => {
    stack = await startStack({
      emulatorRateLimit: false,
      now,
      env: { SERVICE_NAME: NAME, SERVICE_WEB_URL: `${SITE}/` },
    });
    [enChannel = '', jaChannel = ''] = stack.discord.channelIds(stack.discord.guildIds[0] ?? '');
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(bob.id, 'bob');
  });
  afterAll(async () => {
    await stack?.close();
  });

  const mentionOf = (path: string) => {
    const id = stack.discord.registeredCommands().find((c) => c.name === path.split(' ')[0])?.id;
    expect(id).toBeDefined();
    return `</${path}:${id}>`;
  };
  const slash = (
    user: { id: string; username: string },
    name: string,
    subcommand: string | undefined,
    options: Record<string, string | number> = {},
    locale = 'en-US',
  ) =>
    stack.discord.slash({
      name,
      ...(subcommand ? { subcommand } : {}),
      options,
      user: { ...user, locale },
      locale,
    });
  const allPosts = (): APIMessage[] => [
    ...stack.discord.channelMessages(enChannel),
    ...stack.discord.channelMessages(jaChannel),
  ];

  it('the first reply after a start names another command as a clickable mention', async () => {
    // The commands were registered after this bot started (an operator deploying them then): the
    // first slash command arrives with an id the bot has not read, so it reads them before replying.
    const stranger = { id: '310000000000000281', username: 'first_discord' };
    const first = await (await slash(stranger, 'library', undefined)).reply(TIMEOUT);
    expect(first.content).toBe(
      `You have not linked your ${NAME} account yet. Link it with ${mentionOf('account link')}: it takes a minute.`,
    );

    // After a restart the ids are read at ready: the very first reply, in Japanese, has them.
    await stack.restart();
    const restarted = await (await slash(stranger, 'library', undefined, {}, 'ja')).reply(TIMEOUT);
    expect(restarted.content).toBe(
      `まだ${NAME}のアカウントを連携していません。${mentionOf('account link')} から連携できます。`,
    );
  });

  it('alerts and airing posts link to the configured site, in English and in Japanese', async () => {
    // 海辺のカフェ・ルミナ #2 first airs on NHK three hours after the seed; alice watches it.
    const episodeId = stack.emulator.data
      .episodesOfWork(DEMO_WORKS.cafeLumina)
      .find((e) => e.number === 2)?.id;
    const program = [...stack.emulator.data.programs.values()].find(
      (p) => p.episodeId === episodeId && p.channelId === DEMO_CHANNELS.nhk,
    );
    const start = program?.startedAt.getTime() ?? 0;
    const languages: Array<[string, string]> = [
      [enChannel, 'en'],
      [jaChannel, 'ja'],
    ];
    for (const [channel, language] of languages) {
      await (
        await slash(USERS.alice, 'subscription', 'schedule', { channel, language, alert_minutes: 30 })
      ).reply(TIMEOUT);
    }
    await (
      await slash(USERS.alice, 'subscription', 'airing', {
        channel: jaChannel,
        work: String(DEMO_WORKS.cafeLumina),
        language: 'ja',
      })
    ).reply(TIMEOUT);

    offset = start - 10 * MINUTE - Date.now();
    await stack.kiroku.jobs.alerts.tick();
    const episodePage = new RegExp(`^${SITE}/works/${DEMO_WORKS.cafeLumina}/episodes/${episodeId}$`);
    const alertIn = (channel: string) =>
      stack.discord
        .channelMessages(channel)
        .find((m) => m.embeds[0]?.url?.includes(`/episodes/${episodeId}`) && m.components?.length);
    expect(alertIn(enChannel)?.embeds[0]?.title).toMatch(/^Seaside Café Lumina Ep 2/);
    expect(alertIn(enChannel)?.embeds[0]?.url).toMatch(episodePage);
    expect(alertIn(jaChannel)?.embeds[0]?.title).toMatch(/^海辺のカフェ・ルミナ 第2話/);
    expect(alertIn(jaChannel)?.embeds[0]?.url).toMatch(episodePage);

    offset = start + 30_000 - Date.now();
    expect(await stack.kiroku.jobs.airing.tick()).toMatchObject({ posted: 1 });
    const airing = stack.discord
      .channelMessages(jaChannel)
      .find((m) => m.embeds[0]?.title === '放送開始: 海辺のカフェ・ルミナ');
    expect(airing?.embeds[0]?.url).toMatch(episodePage);
  });

  it('the digest links to its owner’s page on the configured site, and no job post links to the default one', async () => {
    const subscriptions = await stack.kiroku.deps.subscriptions.all((s) => s.kind === 'schedule');
    const time = subscriptions[0]?.schedule?.time ?? '';
    const [hours = 0, minutes = 0] = time.split(':').map(Number);
    // The next day's digest time in the subscription's timezone (Asia/Tokyo, UTC+9).
    const today = new Date(now());
    const fire = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate() + 1,
      hours - 9,
      minutes,
    );
    offset = fire + 30_000 - Date.now();
    expect(await stack.kiroku.jobs.digest.tick()).toMatchObject({ posted: 2 });
    const digests = allPosts().filter((m) => m.embeds[0]?.title?.startsWith('alice'));
    expect(digests.map((m) => m.embeds[0]?.url)).toEqual([`${SITE}/@alice`, `${SITE}/@alice`]);
    const posts = JSON.stringify(allPosts());
    expect(posts).toContain(`${SITE}/works/`);
    expect(posts).not.toContain('annict.com');
  });

  it('feed posts link to their page on the configured site, in both languages', async () => {
    await (await slash(USERS.alice, 'subscription', 'feed', { channel: enChannel, language: 'en' })).reply(
      TIMEOUT,
    );
    await (await slash(bob, 'subscription', 'feed', { channel: jaChannel, language: 'ja' }, 'ja')).reply(
      TIMEOUT,
    );
    await stack.kiroku.jobs.feed.runCycle();
    const before = new Set(allPosts().map((m) => m.id));
    // carol, followed by both alice and bob, records an episode.
    const episode = stack.emulator.data.episodesOfWork(DEMO_WORKS.soraNote)[0];
    const record = stack.emulator.data.createRecord({
      userId: DEMO_USERS.carol.id,
      episodeId: episode?.id ?? 0,
      comment: 'good',
    });
    await stack.kiroku.jobs.feed.runCycle();
    const fresh = allPosts().filter((m) => !before.has(m.id));
    expect(fresh).toHaveLength(2);
    for (const post of fresh) {
      expect(JSON.stringify(post.embeds)).toContain(`${SITE}/@carol/records/${record.id}`);
      expect(JSON.stringify(post.embeds)).not.toContain('annict.com');
    }
  });

  it('owner notices name the configured service and the command to run, clickable, in the owner’s language', async () => {
    stack.emulator.data.revokeToken(DEMO_TOKENS.alice);
    stack.emulator.data.revokeToken(DEMO_TOKENS.bob);
    await stack.kiroku.jobs.feed.runCycle();
    const toAlice = stack.discord.directMessages(USERS.alice.id).at(-1)?.content;
    expect(toAlice).toMatch(
      new RegExp(
        `^${NAME} no longer accepts your token, so \\d+ of your channel subscriptions are paused\\.`,
      ),
    );
    expect(toAlice).toContain(`Link again with ${mentionOf('account link')} to resume them.`);
    const toBob = stack.discord.directMessages(bob.id).at(-1)?.content;
    expect(toBob).toContain(`${NAME}がトークンを受け付けなくなったため`);
    expect(toBob).toContain(`${mentionOf('account link')} で連携し直すと再開します。`);
    expect(toBob).not.toContain('`/account link`');
  });

  it('a command registered in one server (deploy-commands --guild) is mentioned there by that server’s id', async () => {
    const [trial = '', other = ''] = stack.discord.guildIds;
    // The operator registers the commands in one server too, then restarts the bot.
    const rest = new REST({ api: stack.discord.restUrl }).setToken(stack.discord.botToken);
    await rest.put(Routes.applicationGuildCommands(stack.discord.applicationId, trial), {
      body: [...stack.kiroku.commands.values()].map((module) => module.definition),
    });
    await stack.restart();
    const guildId = stack.discord.registeredCommands(trial).find((c) => c.name === 'account')?.id;
    const globalId = stack.discord.registeredCommands().find((c) => c.name === 'account')?.id;
    expect(guildId).not.toBe(globalId);
    const stranger = { id: '310000000000000282', username: 'trial_discord' };
    const asked = (guild: string) =>
      stack.discord.slash({ name: 'me', user: stranger, locale: 'en-US', guildId: guild });
    expect((await (await asked(trial)).reply(TIMEOUT)).content).toContain(`</account link:${guildId}>`);
    expect((await (await asked(other)).reply(TIMEOUT)).content).toContain(`</account link:${globalId}>`);
  });
});
