import { beforeAll, describe, expect, it } from 'vitest';
import { activityPosts, countDeliveries } from '../support/faults/deliveries.js';
import { posterFollowedByAliceAndBob } from '../support/faults/feed-fixture.js';
import { USERS, useStack } from '../support/stack.js';

const ACTIVITIES = 40;

/**
 * Two owners subscribe the same channel: each activity is due once there (the outbox key is the
 * channel and the activity), but the poller polls owners concurrently.
 */
describe('a channel shared by two feed subscriptions', () => {
  let channel: string;
  let ids: number[];

  const stack = useStack({ env: { SERVICE_RATE_PER_SECOND: '10' }, emulatorRateLimit: false });
  beforeAll(async () => {
    const data = stack.emulator.data;
    const poster = await posterFollowedByAliceAndBob(stack, 'shared_poster');
    channel = stack.discord.channelIds()[0] ?? '';
    for (const user of [USERS.alice, USERS.bob]) {
      const reply = await (
        await stack.discord.slash({ name: 'subscription', subcommand: 'feed', options: { channel }, user })
      ).reply(15_000);
      expect(reply.content).toMatch(/will be posted in/);
    }
    await stack.kiroku.jobs.feed.runCycle();
    const before = new Set(data.activities.keys());
    const episodes = [...data.episodes.values()];
    for (let i = 0; i < ACTIVITIES; i++)
      data.createRecord({ userId: poster.id, episodeId: episodes[i]?.id ?? 0, comment: `shared ${i}` });
    ids = [...data.activities.keys()].filter((id) => !before.has(id));
    // Posts that take a little while, as Discord's do: the two owners' loops overlap.
    stack.discord.faults.latencyMs = 10;
    await stack.kiroku.jobs.feed.runCycle();
    stack.discord.faults.latencyMs = 0;
  });

  it('shows each activity once in the channel', () => {
    const count = countDeliveries(stack.discord, activityPosts([channel], ids, stack.emulator.data));
    expect({ lost: count.lost, duplicated: count.duplicated }).toEqual({ lost: 0, duplicated: 0 });
  });

  // Found by the crash suite: two owners polled at once both posted the same activity (the second
  // took the first's `pending` entry for an interrupted attempt); only Discord's enforce_nonce hid
  // the second message. Fixed by serializing the deliveries of one outbox key (src/jobs/posting/outbox.ts).
  it('sends each activity to Discord once (no second POST with the same nonce)', () => {
    const posts = stack.discord.restCalls.filter(
      (call) => call.method === 'POST' && call.path === `/channels/${channel}/messages`,
    );
    const perNonce = new Map<string, number>();
    for (const call of posts) {
      const nonce = String((call.body as { nonce?: unknown } | undefined)?.nonce);
      perNonce.set(nonce, (perNonce.get(nonce) ?? 0) + 1);
    }
    const repeated = [...perNonce.values()].filter((n) => n > 1).length;
    expect(stack.logs()).not.toContain('outbox: retrying a pending post');
    expect(repeated).toBe(0);
    // Batched: the activities sent add up to each one once, in messages of ten at most.
    const sent = posts.reduce(
      (n, call) => n + ((call.body as { embeds?: unknown[] }).embeds?.length ?? 0),
      0,
    );
    expect(sent).toBe(ACTIVITIES);
    expect(posts.length).toBeLessThan(ACTIVITIES);
  });
});
