import {
  ChannelType,
  type Client,
  GuildScheduledEventEntityType,
  GuildScheduledEventPrivacyLevel,
  Routes,
} from 'discord.js';
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canPost } from '#src/bot/client.js';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { readyKirokuClient } from './kiroku-client.js';

/** kiroku's own discord.js client (caches cut down) against the fake. */
describe('kiroku discord client', () => {
  let fake: FakeDiscord;
  let client: Client;
  let guildId: string;
  let otherGuildId: string;

  beforeAll(async () => {
    fake = await startFakeDiscord({ guilds: 2 });
    [guildId = '', otherGuildId = ''] = fake.guildIds;
    client = await readyKirokuClient(fake);
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  it('keeps guilds, their roles and its own member (one user object for all guilds), but no channels', () => {
    expect(client.guilds.cache.size).toBe(2);
    const guild = client.guilds.cache.get(guildId);
    expect(guild?.roles.cache.size).toBeGreaterThan(0);
    expect(guild?.members.me?.id).toBe(fake.applicationId);
    expect(guild?.members.me?.user).toBe(client.guilds.cache.get(otherGuildId)?.members.me?.user);
    expect(client.users.cache.size).toBe(1);
    expect(guild?.channels.cache.size).toBe(0);
    expect(client.channels.cache.size).toBe(0);
  });

  it('gives every uncached manager one shared collection that never stores anything', () => {
    const [a, b] = [client.guilds.cache.get(guildId), client.guilds.cache.get(otherGuildId)];
    expect(a?.emojis.cache).toBe(b?.stickers.cache);
    expect(a?.channels.cache).toBe(b?.voiceStates.cache);
    a?.emojis.cache.set('1', {} as never);
    expect(b?.stickers.cache.size).toBe(0);
    // Roles and members are each guild's own.
    expect(a?.roles.cache).not.toBe(b?.roles.cache);
    expect(a?.members.cache).not.toBe(b?.members.cache);
  });

  it('keeps its REST connection open between requests, as Discord does', async () => {
    const [channelId = ''] = fake.channelIds(guildId);
    // undici settles on one socket within its first two requests.
    for (let i = 0; i < 2; i++) await client.rest.get(Routes.channel(channelId));
    const before = fake.connectionsOpened;
    for (let i = 0; i < 5; i++) await client.rest.get(Routes.channel(channelId));
    expect(fake.connectionsOpened - before).toBe(0);
  });

  it('checks a channel it may post in by fetching it', async () => {
    const [channelId = ''] = fake.channelIds(guildId);
    const before = fake.restCalls.length;
    expect(await canPost(client, guildId, channelId)).toBe(true);
    expect(fake.restCalls.slice(before).map((call) => `${call.method} ${call.path}`)).toEqual([
      `GET /channels/${channelId}`,
    ]);
    // Still nothing cached afterwards.
    expect(client.channels.cache.size).toBe(0);
  });

  it('says no for a channel where Send Messages is denied, one it cannot see, an unknown one and another guild’s', async () => {
    const [first = '', second = ''] = fake.channelIds(guildId);
    fake.setChannelOverwrites(first, [
      { id: guildId, type: 0, allow: '0', deny: String(PermissionFlagsBits.SendMessages) },
    ]);
    fake.setChannelOverwrites(second, [
      { id: guildId, type: 0, allow: '0', deny: String(PermissionFlagsBits.ViewChannel) },
    ]);
    expect(await canPost(client, guildId, first)).toBe(false);
    expect(await canPost(client, guildId, second)).toBe(false);
    expect(await canPost(client, guildId, '123456789012345678')).toBe(false);
    const [foreign = ''] = fake.channelIds(otherGuildId);
    expect(await canPost(client, otherGuildId, foreign)).toBe(true);
    expect(await canPost(client, guildId, foreign)).toBe(false);
    expect(await canPost(client, '999999999999999999', foreign)).toBe(false);
  });

  it('takes the answers of the fourth round’s routes with nothing cached: an event, a thread, a file', async () => {
    fake.setChannelOverwrites(fake.channelIds(guildId)[0] ?? '', []);
    fake.setBotPermissions(
      guildId,
      PermissionFlagsBits.ManageEvents | PermissionFlagsBits.CreatePublicThreads,
    );
    const guild = client.guilds.cache.get(guildId);
    const start = Date.now() + 3_600_000;
    const event = await guild?.scheduledEvents.create({
      name: 'watch party',
      scheduledStartTime: start,
      scheduledEndTime: start + 1_800_000,
      privacyLevel: GuildScheduledEventPrivacyLevel.GuildOnly,
      entityType: GuildScheduledEventEntityType.External,
      entityMetadata: { location: '#anime' },
    });
    expect(event?.name).toBe('watch party');
    const channel = await client.channels.fetch(fake.channelIds(guildId)[0] ?? '');
    if (!channel?.isSendable() || channel.isDMBased() || channel.isThread())
      throw new Error('not a text channel');
    const message = await channel.send({ files: [{ attachment: Buffer.from('png'), name: 'card.png' }] });
    // message.startThread looks the channel up in a cache kiroku does not keep: go through REST.
    await expect(message.startThread({ name: 'comments' })).rejects.toThrow(/cache/);
    const thread = await client.rest.post(Routes.threads(channel.id, message.id), {
      body: { name: 'comments' },
    });
    expect(thread).toMatchObject({ id: message.id, type: ChannelType.PublicThread });
    expect(fake.attachments(message.id)[0]?.filename).toBe('card.png');
    expect(client.channels.cache.size).toBe(0);
  });
});
