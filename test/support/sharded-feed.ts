/** What the sharded end-to-end tests share: alice links and subscribes a feed in each shard's guild. */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { type FakeDiscord, shardOf } from '../fakes/discord/fake-discord.js';
import { DEMO_TOKENS } from '../fakes/emulator/seed.js';
import { USERS } from './stack.js';

/** The first guild of the fake that falls on this shard (of two). */
export function guildOnShard(discord: FakeDiscord, shard: number): string {
  return discord.guildIds.find((id) => shardOf(id, 2) === shard) ?? '';
}

/**
 * Links alice through the token modal (the vault lives in the bot processes), then subscribes a feed
 * in the first channel of each shard's guild; returns those channels.
 */
export async function linkAndSubscribeOnEachShard(
  discord: FakeDiscord,
  timeoutMs: number,
): Promise<string[]> {
  const guildOn = (shard: number) => guildOnShard(discord, shard);
  const channels = [0, 1].map((shard) => discord.channelIds(guildOn(shard))[0] ?? '');
  await (
    await discord.slash({ name: 'account', subcommand: 'link', user: USERS.alice, guildId: guildOn(0) })
  ).reply(timeoutMs);
  const linked = await (
    await discord.modal({
      customId: 'account:token',
      fields: { token: DEMO_TOKENS.alice },
      user: USERS.alice,
      guildId: guildOn(0),
    })
  ).reply(timeoutMs);
  expect(linked.content).toBe('Linked as **alice**.');
  for (const [shard, channel] of channels.entries()) {
    const reply = await (
      await discord.slash({
        name: 'subscription',
        subcommand: 'feed',
        // Nothing was registered with this fake, so the option's type is given explicitly.
        options: [{ name: 'channel', type: ApplicationCommandOptionType.Channel, value: channel }],
        user: USERS.alice,
        guildId: guildOn(shard),
      })
    ).reply(timeoutMs);
    expect(reply.content).toMatch(/will be posted in/);
  }
  return channels;
}
