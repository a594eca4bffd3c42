import { ApplicationCommandOptionType, ChannelType, PermissionFlagsBits } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/**
 * /subscription publishes in a channel only when the invoker may send messages
 * there (Discord resolves their permissions in the picked channel) and kiroku may post there; only
 * text and announcement channels are accepted (threads are refused with a reason).
 */
describe('/subscription channel permissions', () => {
  let guildId: string;
  let open: string;
  let managersOnly: string;

  const stack = useStack();
  beforeAll(async () => {
    guildId = stack.discord.guildIds[0] ?? '';
    [open = '', managersOnly = ''] = stack.discord.channelIds(guildId);
    await stack.link(USERS.alice.id, 'alice');
    await stack.link(USERS.bob.id, 'bob');
  });

  const subscribeFeed = async (
    channel: string,
    user: { id: string; username: string } = USERS.alice,
    extra: { permissions?: bigint } = {},
  ) => {
    const result = await stack.discord.slash({
      name: 'subscription',
      subcommand: 'feed',
      options: [{ name: 'channel', type: ApplicationCommandOptionType.Channel, value: channel }],
      user,
      locale: 'en-US',
      ...extra,
    });
    return result.reply(TIMEOUT);
  };
  const stored = () => stack.kiroku.deps.subscriptions.all();

  it('offers only text and announcement channels in the picker', () => {
    const registered = stack.discord.registeredCommands().find((c) => c.name === 'subscription');
    for (const sub of ['feed', 'schedule']) {
      const channel = registered?.options
        ?.find((o) => o.name === sub)
        ?.options?.find((o) => o.name === 'channel');
      expect(channel?.channel_types).toEqual([ChannelType.GuildText, ChannelType.GuildAnnouncement]);
    }
  });

  it('refuses a channel where the invoker may not send messages, and one they cannot see', async () => {
    // bob manages channels but is muted in one channel and kept out of another.
    stack.discord.setChannelOverwrites(managersOnly, [
      { id: USERS.bob.id, type: 1, allow: '0', deny: String(PermissionFlagsBits.SendMessages) },
    ]);
    const muted = await subscribeFeed(managersOnly, USERS.bob);
    expect(muted.ephemeral).toBe(true);
    expect(muted.content).toBe(
      `You cannot send messages in <#${managersOnly}>, so you cannot subscribe it: you need View Channel and Send Messages there.`,
    );
    stack.discord.setChannelOverwrites(managersOnly, [
      { id: USERS.bob.id, type: 1, allow: '0', deny: String(PermissionFlagsBits.ViewChannel) },
    ]);
    const hidden = await subscribeFeed(managersOnly, USERS.bob);
    expect(hidden.content).toMatch(/^You cannot send messages in/);
    expect(await stored()).toEqual([]);
    stack.discord.setChannelOverwrites(managersOnly, []);
  });

  it('answers in Japanese too', async () => {
    stack.discord.setChannelOverwrites(managersOnly, [
      { id: guildId, type: 0, allow: '0', deny: String(PermissionFlagsBits.SendMessages) },
    ]);
    const reply = await (
      await stack.discord.slash({
        name: 'subscription',
        subcommand: 'schedule',
        options: [{ name: 'channel', type: ApplicationCommandOptionType.Channel, value: managersOnly }],
        user: USERS.bob,
        locale: 'ja',
      })
    ).reply(TIMEOUT);
    expect(reply.content).toContain('メッセージを送信できない');
    expect(await stored()).toEqual([]);
  });

  it('lets an administrator subscribe where overwrites would deny a member', async () => {
    stack.discord.setChannelOverwrites(managersOnly, [
      { id: USERS.alice.id, type: 1, allow: '0', deny: String(PermissionFlagsBits.SendMessages) },
    ]);
    expect((await subscribeFeed(managersOnly)).content).toMatch(/^You cannot send messages in/);
    const admin = PermissionFlagsBits.Administrator | PermissionFlagsBits.ManageChannels;
    const reply = await subscribeFeed(managersOnly, USERS.alice, { permissions: admin });
    expect(reply.content).toMatch(/will be posted in/);
    await stack.kiroku.deps.subscriptions.removeByOwner(USERS.alice.id);
    stack.discord.setChannelOverwrites(managersOnly, []);
  });

  it('refuses a channel kiroku may not embed links in, even when the invoker may post', async () => {
    stack.discord.setChannelOverwrites(managersOnly, [
      {
        id: stack.discord.botUser.id,
        type: 1,
        allow: '0',
        deny: String(PermissionFlagsBits.EmbedLinks),
      },
    ]);
    const reply = await subscribeFeed(managersOnly);
    expect(reply.content).toMatch(
      /^I cannot post in <#\d+>: give me View Channel, Send Messages and Embed Links/,
    );
    expect(await stored()).toEqual([]);
    stack.discord.setChannelOverwrites(managersOnly, []);
  });

  it('refuses threads with a reason (a thread id sent by an outdated or forged client)', async () => {
    const thread = stack.discord.addChannel(guildId, {
      type: ChannelType.PublicThread,
      name: 'airing-thread',
      parentId: open,
    });
    const reply = await subscribeFeed(thread);
    expect(reply.content).toBe(
      `I post only in text and announcement channels, and <#${thread}> is neither (threads archive themselves, so a subscription there would stop on its own). Pick a text or announcement channel.`,
    );
    expect(await stored()).toEqual([]);
    // kiroku's own check says no as well, should a thread id reach it another way.
    expect(await stack.kiroku.deps.channels.canPost(guildId, thread)).toBe(false);
  });

  it('accepts an announcement channel and posts there', async () => {
    const news = stack.discord.addChannel(guildId, { type: ChannelType.GuildAnnouncement, name: 'news' });
    const reply = await subscribeFeed(news);
    expect(reply.content).toMatch(/will be posted in/);
    expect((await stored()).map((s) => s.channelId)).toEqual([news]);
  });
});
