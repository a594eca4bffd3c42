import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS, DEMO_USERS } from '../fakes/emulator/seed.js';
import { subscribeAliceToFeed, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

/** The feed poller through the real composition root: subscribe in Discord, post each activity once. */
describe('channel feed end to end', () => {
  let channels: string[];

  const stack = useStack();
  beforeAll(async () => {
    channels = stack.discord.channelIds(stack.discord.guildIds[0]);
    await stack.link(USERS.alice.id, 'alice');
    for (const channel of channels) {
      const reply = await subscribeAliceToFeed(stack, channel, TIMEOUT);
      expect(reply.content).toMatch(/will be posted in/);
    }
  });

  /** bob (followed by alice) records an episode: a new activity in alice's following feed. */
  function bobRecords(comment: string) {
    const episode = [...stack.emulator.data.episodes.values()][0];
    return stack.emulator.data.createRecord({
      userId: DEMO_USERS.bob.id,
      episodeId: episode?.id ?? 0,
      comment,
      rating: 4,
    });
  }

  it('posts each new activity once to each subscribed channel, with one request per cycle, across a restart', async () => {
    // The first cycle only sets the cursor: no history is dumped into the channels.
    const first = await stack.kiroku.jobs.feed.runCycle();
    expect(first.requests).toBe(1);
    expect(stack.discord.allChannelMessages()).toHaveLength(0);

    bobRecords('First!');
    const second = await stack.kiroku.jobs.feed.runCycle();
    expect(second.requests).toBe(1);
    for (const channel of channels) {
      const posted = stack.discord.channelMessages(channel);
      expect(posted).toHaveLength(1);
      expect(JSON.stringify(posted[0]?.embeds)).toContain('||First!||');
    }

    await stack.restart();
    await stack.kiroku.jobs.feed.runCycle();
    for (const channel of channels) expect(stack.discord.channelMessages(channel)).toHaveLength(1);

    bobRecords('Second, after the restart');
    await stack.kiroku.jobs.feed.runCycle();
    await stack.kiroku.jobs.feed.runCycle();
    for (const channel of channels) {
      const posted = stack.discord.channelMessages(channel);
      expect(posted).toHaveLength(2);
      expect(JSON.stringify(posted[1]?.embeds)).toContain('after the restart');
    }
  });

  it('a revoked token pauses the owner’s subscriptions with a notice; linking again resumes them', async () => {
    stack.emulator.data.revokeToken(DEMO_TOKENS.alice);
    await stack.kiroku.jobs.feed.runCycle();
    const paused = await stack.kiroku.deps.subscriptions.all((s) => s.ownerId === USERS.alice.id);
    expect(paused.map((s) => s.state)).toEqual(['paused', 'paused']);
    expect(stack.discord.directMessages(USERS.alice.id).length).toBe(1);

    const token = stack.emulator.data.issueToken(DEMO_USERS.alice.id, ['read', 'write']);
    await (await stack.discord.slash({ name: 'account', subcommand: 'link', user: USERS.alice })).reply(
      TIMEOUT,
    );
    const linked = await (
      await stack.discord.modal({ customId: 'account:token', fields: { token }, user: USERS.alice })
    ).reply(TIMEOUT);
    expect(linked.content).toBe('Linked as **alice**.');
    const resumed = await stack.kiroku.deps.subscriptions.all((s) => s.ownerId === USERS.alice.id);
    expect(resumed.map((s) => s.state)).toEqual(['active', 'active']);
  });
});
