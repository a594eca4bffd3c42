/**
 * Threads through a real discord.js client: Create Public Threads checked, a thread started from a
 * message (its id, its type), posts in it needing Send Messages in Threads, joining and adding a
 * member, archived and locked threads; and the bot editing its own message as a verdict line would.
 */
import { once } from 'node:events';
import {
  ChannelType,
  type Client,
  Events,
  type Guild,
  type Message,
  PermissionFlagsBits,
  type TextChannel,
  type ThreadChannel,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { loggedInClient } from '../../fakes/discord/logged-in-client.js';
import { refusal } from './refusal.js';

describe('threads', () => {
  let fake: FakeDiscord;
  let client: Client<true>;
  let guild: Guild;
  let channel: TextChannel;

  beforeAll(async () => {
    fake = await startFakeDiscord();
    client = await loggedInClient(fake);
    guild = client.guilds.cache.first() as Guild;
    channel = (await client.channels.fetch(fake.channelIds(guild.id)[0] ?? '')) as TextChannel;
  });
  afterAll(async () => {
    await client?.destroy();
    await fake?.close();
  });

  const post = (content: string): Promise<Message<true>> => channel.send({ content });

  it('refuses a bot without Create Public Threads, and the app_permissions of an interaction say so', async () => {
    const airing = await post('Frieren Ep 5 aired');
    const missing = await refusal(airing.startThread({ name: 'Frieren Ep 5' }));
    expect([missing.status, missing.code]).toEqual([403, 50013]);
    const before = await fake.slash({ name: 'ping' });
    expect(BigInt(String(before.payload.app_permissions)) & PermissionFlagsBits.CreatePublicThreads).toBe(0n);

    fake.setBotPermissions(guild.id, PermissionFlagsBits.CreatePublicThreads);
    const after = await fake.slash({ name: 'ping' });
    expect(BigInt(String(after.payload.app_permissions)) & PermissionFlagsBits.CreatePublicThreads).not.toBe(
      0n,
    );
  });

  it('starts a public thread from a message: same id, the message marked, THREAD_CREATE to the bot', async () => {
    const airing = await post('Sky Blue Notebook Ep 4 aired');
    const created = once(client, Events.ThreadCreate);
    const thread = await airing.startThread({ name: '空色ノート 第4話', autoArchiveDuration: 1440 });
    expect(thread).toMatchObject({ id: airing.id, type: ChannelType.PublicThread, parentId: channel.id });
    expect(thread.ownerId).toBe(fake.applicationId);
    const [seen, newlyCreated] = (await created) as [ThreadChannel, boolean];
    expect([seen.id, newlyCreated]).toEqual([airing.id, true]);
    const marked = await channel.messages.fetch({ message: airing.id, force: true });
    expect(marked.hasThread).toBe(true);
    expect(fake.threads(channel.id).map((t) => t.id)).toContain(airing.id);

    // discord.js itself refuses once the message says it has a thread; Discord would too.
    const again = await refusal(
      client.rest.post(`/channels/${channel.id}/messages/${airing.id}/threads`, { body: { name: 'again' } }),
    );
    expect([again.status, again.code]).toEqual([400, 160004]);
    const unnamed = await refusal(
      client.rest.post(`/channels/${channel.id}/messages/${(await post('x')).id}/threads`, {
        body: { name: '' },
      }),
    );
    expect(unnamed.code).toBe(50035);
  });

  it('posts in the thread, joins it and adds a member; Send Messages in Threads is what counts', async () => {
    const thread = await (await post('Ep 5')).startThread({ name: 'Ep 5 comments' });
    const comment = await thread.send({ content: '||great episode||' });
    expect(fake.channelMessages(thread.id).map((m) => m.id)).toEqual([comment.id]);
    expect(fake.channel(thread.id)?.thread?.messageCount).toBe(1);

    await thread.join();
    await thread.members.add('200000000000000002');
    expect([...(fake.channel(thread.id)?.thread?.members.keys() ?? [])]).toEqual([
      fake.applicationId,
      '200000000000000002',
    ]);
    const member = await client.rest.get(`/channels/${thread.id}/thread-members/200000000000000002`);
    expect(member).toMatchObject({ id: thread.id, user_id: '200000000000000002' });

    fake.setChannelOverwrites(channel.id, [
      { id: guild.id, type: 0, allow: '0', deny: String(PermissionFlagsBits.SendMessagesInThreads) },
    ]);
    try {
      const denied = await refusal(thread.send({ content: 'muted' }));
      expect([denied.status, denied.code]).toEqual([403, 50013]);
      // Send Messages alone does not allow talking in a thread.
      expect((await post('still fine in the channel')).id).toBeTruthy();
    } finally {
      fake.setChannelOverwrites(channel.id, []);
    }
  });

  it('reopens an archived thread on a post, refuses a locked one, and refuses joining while archived', async () => {
    const thread = await (await post('Ep 6')).startThread({ name: 'Ep 6 comments' });
    const updated = once(client, Events.ThreadUpdate);
    fake.archiveThread(thread.id);
    await updated;
    const join = await refusal(thread.members.add('200000000000000003'));
    expect(join.code).toBe(50083);
    await thread.send({ content: 'back' });
    expect(fake.channel(thread.id)?.thread?.archived).toBe(false);
    fake.archiveThread(thread.id, { locked: true });
    const locked = await refusal(thread.send({ content: 'no' }));
    expect([locked.status, locked.code]).toEqual([403, 160005]);
  });

  it('starts announcement threads under announcement channels, and none in a thread or from another channel’s message', async () => {
    const newsId = fake.addChannel(guild.id, { type: ChannelType.GuildAnnouncement, name: 'news' });
    const news = (await client.channels.fetch(newsId)) as TextChannel;
    const thread = await (await news.send({ content: 'Spring season' })).startThread({ name: 'Spring' });
    expect(thread.type).toBe(ChannelType.AnnouncementThread);
    const nested = await refusal(
      client.rest.post(`/channels/${thread.id}/messages/${thread.id}/threads`, { body: { name: 'nested' } }),
    );
    expect(nested.code).toBe(50024);
    const elsewhere = await post('in general');
    const wrong = await refusal(
      client.rest.post(`/channels/${newsId}/messages/${elsewhere.id}/threads`, { body: { name: 'x' } }),
    );
    expect(wrong.code).toBe(10008);
  });

  it('lets the bot edit its own message in place (a verdict line that updates)', async () => {
    const line = await post('8 of the server watched · Great 5');
    const edited = await line.edit({ content: '9 of the server watched · Great 6' });
    expect(edited.editedTimestamp).not.toBeNull();
    expect(fake.channelMessages(channel.id).find((m) => m.id === line.id)?.content).toBe(
      '9 of the server watched · Great 6',
    );
    const tooLong = await refusal(line.edit({ content: 'x'.repeat(2001) }));
    expect(tooLong.code).toBe(50035);
  });
});
