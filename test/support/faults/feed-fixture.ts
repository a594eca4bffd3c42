/**
 * Feed subscriptions for the in-process fault suite: alice and bob (linked) both follow a new
 * service user, the poster; alice subscribes two channels of the first server, bob one of them
 * (shared) and one of the second server. Every activity of the poster is due once in each of
 * those channels.
 */
import { expect } from 'vitest';
import type { RequestBudget } from '#src/service/index.js';
import { DEMO_USERS } from '../../fakes/emulator/seed.js';
import { type Stack, USERS } from '../stack.js';

export interface FeedFixture {
  /** Channels with a subscription of alice, of bob, and all of them. */
  channels: { alice: string[]; bob: string[]; all: string[] };
  /** Records n episodes as the poster: n new activities in both feeds; returns their ids. */
  createActivities(n: number): number[];
}

const TIMEOUT = 15_000;

async function subscribe(
  stack: Stack,
  user: { id: string; username: string },
  channel: string,
  guildId: string,
) {
  const reply = await (
    await stack.discord.slash({
      name: 'subscription',
      subcommand: 'feed',
      options: { channel },
      user,
      guildId,
    })
  ).reply(TIMEOUT);
  expect(reply.content).toMatch(/will be posted in/);
}

/** A new service user whom alice and bob (both linked) follow: whatever it records reaches both feeds. */
export async function posterFollowedByAliceAndBob(stack: Stack, username: string) {
  const data = stack.emulator.data;
  const poster = data.createUser({ username });
  data.follow(DEMO_USERS.alice.id, poster.id);
  data.follow(DEMO_USERS.bob.id, poster.id);
  await stack.link(USERS.alice.id, 'alice');
  await stack.link(USERS.bob.id, 'bob');
  return poster;
}

export async function setUpFeeds(stack: Stack): Promise<FeedFixture> {
  const data = stack.emulator.data;
  const poster = await posterFollowedByAliceAndBob(stack, 'reliability_poster');
  const [first = '', second = ''] = stack.discord.guildIds;
  const [a0 = '', a1 = ''] = stack.discord.channelIds(first);
  const [b0 = ''] = stack.discord.channelIds(second);
  await subscribe(stack, USERS.alice, a0, first);
  await subscribe(stack, USERS.alice, a1, first);
  await subscribe(stack, USERS.bob, a1, first);
  await subscribe(stack, USERS.bob, b0, second);
  // The first cycle only sets the cursors.
  await stack.kiroku.jobs.feed.runCycle();

  const episodes = [...data.episodes.values()];
  let next = 0;
  return {
    channels: { alice: [a0, a1], bob: [a1, b0], all: [a0, a1, b0] },
    createActivities(n) {
      const before = new Set(data.activities.keys());
      for (let i = 0; i < n; i++) {
        const episode = episodes[next++ % episodes.length];
        data.createRecord({ userId: poster.id, episodeId: episode?.id ?? 0, comment: `reliability ${next}` });
      }
      return [...data.activities.keys()].filter((id) => !before.has(id));
    },
  };
}

/** Waits (bounded) until a 429 pause of the request budget is over. */
export async function waitForBudget(budget: RequestBudget, timeoutMs = 40_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (budget.stats().pausedUntil !== null) {
    if (Date.now() > deadline) throw new Error('the request budget is still paused');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs feed cycles until one posts nothing and leaves nothing for later (at most `maxCycles`). */
export async function settleFeed(stack: Stack, maxCycles = 8): Promise<number> {
  let posted = 0;
  for (let i = 0; i < maxCycles; i++) {
    const report = await stack.kiroku.jobs.feed.runCycle();
    posted += report.posted;
    if (report.posted === 0 && report.retryLater === 0) return posted;
  }
  throw new Error(`the feed did not settle in ${maxCycles} cycles`);
}
