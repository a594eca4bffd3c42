import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATE_REASONS } from '#src/jobs/index.js';
import { MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema } from '#src/jobs/posting/membership.js';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { subscribeAliceToFeed, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/**
 * With a gateway, an owner's check asks Discord for the member only; the server's
 * roles come from discord.js's guild cache and the channel's overwrites, read once, are kept current
 * by the gateway's channel events, so a moderator's change stops the next post without a REST read.
 */
describe('owner checks from the gateway', () => {
  let guildId: string;
  let channel: string;
  let subscriptionId: string;
  let subscribed: number;

  const stack = useStack({}, { link: ['alice'] });
  beforeAll(async () => {
    guildId = stack.discord.guildIds[0] ?? '';
    [channel = ''] = stack.discord.channelIds(guildId);
    const reply = await subscribeAliceToFeed(stack, channel, TIMEOUT);
    subscriptionId = /id: `([a-z0-9]+)`\./.exec(reply.content ?? '')?.[1] ?? '';
    subscribed = stack.discord.restCalls.length;
  });

  /** Alice's stored check in the channel, if any. */
  function storedCheck() {
    const checks = stack.kiroku.store.collection(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema);
    return checks.get(`${guildId}:${channel}:${USERS.alice.id}`);
  }

  /** bob (followed by alice) records an episode: a new activity in alice's feed. */
  function bobRecords(comment: string) {
    const episode = [...stack.emulator.data.episodes.values()][0];
    stack.emulator.data.createRecord({ userId: DEMO_USERS.bob.id, episodeId: episode?.id ?? 0, comment });
  }

  /** The REST reads a check may make, since `from`: member, server, channel. */
  function checkReads(from: number) {
    const reads = stack.discord.restCalls.slice(from).filter((call) => call.method === 'GET');
    return {
      member: reads.filter((call) => call.path === `/guilds/${guildId}/members/${USERS.alice.id}`).length,
      guild: reads.filter((call) => call.path === `/guilds/${guildId}`).length,
      channel: reads.filter((call) => call.path === `/channels/${channel}`).length,
    };
  }

  it('asks for the member alone, reads the channel once, and follows the gateway from then on', async () => {
    await stack.kiroku.jobs.feed.runCycle();
    bobRecords('one');
    await stack.kiroku.jobs.feed.runCycle();
    expect(stack.discord.channelMessages(channel)).toHaveLength(1);
    expect(checkReads(subscribed)).toEqual({ member: 1, guild: 0, channel: 1 });

    // A moderator takes Send Messages from alice there: Discord sends CHANNEL_UPDATE.
    const afterFirst = stack.discord.restCalls.length;
    stack.discord.setChannelOverwrites(channel, [
      {
        id: USERS.alice.id,
        type: OverwriteType.Member,
        allow: '0',
        deny: String(PermissionFlagsBits.SendMessages),
      },
    ]);
    // The event drops the stored check (the next post checks again) and carries the new overwrites.
    await expect.poll(storedCheck, { timeout: TIMEOUT }).toBeUndefined();
    bobRecords('two');
    await stack.kiroku.jobs.feed.runCycle();
    expect(stack.discord.channelMessages(channel)).toHaveLength(1);
    expect(await stack.kiroku.deps.subscriptions.get(subscriptionId)).toMatchObject({
      state: 'paused',
      stateReason: STATE_REASONS.ownerNoAccess,
    });
    // Nothing read again: the member's roles hold for the hour, the overwrites came with the event.
    expect(checkReads(afterFirst)).toEqual({ member: 0, guild: 0, channel: 0 });
  });
});
