import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../fakes/emulator/seed.js';
import { subscribeAliceToFeed, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/** Subscribing loses nothing: what happens after the confirmation is posted by the owner's first poll. */
describe('a new feed subscription', () => {
  const stack = useStack({}, { link: ['alice'] });

  function bobRecords(comment: string) {
    const episode = [...stack.emulator.data.episodes.values()][0];
    stack.emulator.data.createRecord({ userId: DEMO_USERS.bob.id, episodeId: episode?.id ?? 0, comment });
  }

  it('posts activity made between the confirmation and the first poll, and no history before it', async () => {
    const [channel = ''] = stack.discord.channelIds(stack.discord.guildIds[0]);
    bobRecords('before the subscription');
    const reply = await subscribeAliceToFeed(stack, channel, TIMEOUT);
    expect(reply.content).toMatch(/will be posted in/);
    bobRecords('after the confirmation');

    const first = await stack.kiroku.jobs.feed.runCycle();
    expect(first.posted).toBe(1);
    const posted = stack.discord.channelMessages(channel).map((m) => JSON.stringify(m.embeds));
    expect(posted).toHaveLength(1);
    expect(posted[0]).toContain('after the confirmation');
  });
});
