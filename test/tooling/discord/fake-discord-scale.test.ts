/** The fake Discord with many guilds, several shards, and DMs, driven by a real discord.js client. */
import { Events } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { shardOf, startFakeDiscord } from '../../fakes/discord/fake-discord.js';
import { loggedInClient } from '../../fakes/discord/logged-in-client.js';

describe('fake discord at scale', () => {
  it('delivers 300 guilds at login and more afterwards', async () => {
    const fake = await startFakeDiscord({ guilds: 300, channelsPerGuild: 1 });
    const client = await loggedInClient(fake);
    try {
      expect(client.guilds.cache.size).toBe(300);
      const created: string[] = [];
      client.on(Events.GuildCreate, (guild) => created.push(guild.id));
      const added = fake.addGuilds(5);
      await expect.poll(() => created.length).toBe(5);
      expect(created.sort()).toEqual([...added].sort());
      expect(client.guilds.cache.size).toBe(305);
    } finally {
      await client.destroy();
      await fake.close();
    }
  });

  it('serves several shards and routes interactions to the owning shard', async () => {
    const fake = await startFakeDiscord({ guilds: 10, shards: 2 });
    const client = await loggedInClient(fake, { shards: 'auto' });
    try {
      expect(
        fake
          .sessions()
          .map((s) => s.shard[0])
          .sort(),
      ).toEqual([0, 1]);
      expect(client.guilds.cache.size).toBe(10);
      client.on(Events.InteractionCreate, (interaction) => {
        if (interaction.isChatInputCommand()) void interaction.reply(`shard ${interaction.guild?.shardId}`);
      });
      const guildOnShard1 = fake.guildIds.find((id) => shardOf(id, 2) === 1) ?? '';
      const result = await fake.slash({ name: 'where', guildId: guildOnShard1 });
      expect((await result.reply()).content).toBe('shard 1');
    } finally {
      await client.destroy();
      await fake.close();
    }
  });

  it('answers interactions in DMs', async () => {
    const fake = await startFakeDiscord({ guilds: 1 });
    const client = await loggedInClient(fake);
    try {
      client.on(Events.InteractionCreate, (interaction) => {
        if (interaction.isChatInputCommand()) {
          // without Partials.Channel discord.js does not cache the DM channel: interaction.channel is null
          void interaction.reply(
            `dm ${interaction.inGuild()} ${interaction.user.id} ${interaction.channelId !== null}`,
          );
        }
      });
      const result = await fake.slash({ name: 'ping', guildId: null });
      expect((await result.reply()).content).toBe('dm false 200000000000000001 true');
    } finally {
      await client.destroy();
      await fake.close();
    }
  });
});
