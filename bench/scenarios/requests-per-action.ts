/**
 * Scenario 2: service requests per user action against the minimum (emulator.stats deltas):
 * 1 for a lookup, 0 for a repeat within the cache TTL, and for the feed one request per distinct
 * linked owner per cycle however many channels each owner feeds.
 */
import type { InteractionResult } from '../../test/fakes/discord/fake-discord.js';
import { DEMO_GINGA, DEMO_USERS, DEMO_WORKS } from '../../test/fakes/emulator/seed.js';
import { allChannels, createOwners, feedSubscription, subscribeAll } from '../population.js';
import { type BenchStack, startBenchStack } from '../stack.js';
import { type Row, row, type Scenario } from '../types.js';

const NAME = 'requests-per-action';
const USER = { id: '350000000000000001', username: 'bench_requests' };

async function countRequests(stack: BenchStack, action: () => Promise<InteractionResult>): Promise<number> {
  const before = stack.emulator.stats.requests;
  const result = await action();
  await result.reply(15_000);
  // An answer edited in after a defer may still be on its way; requests are made before any answer.
  return stack.emulator.stats.requests - before;
}

function minimumRow(figure: string, value: number, minimum: number, note?: string): Row {
  return row(NAME, figure, {
    value,
    unit: 'requests',
    baseline: minimum,
    baselineLabel: 'minimum',
    target: `= ${minimum}`,
    met: value === minimum,
    ...(note ? { note } : {}),
  });
}

async function interactiveRows(stack: BenchStack): Promise<{ rows: Row[]; details: Record<string, number> }> {
  const { discord } = stack;
  const info = (work: string) => () =>
    discord.slash({ name: 'work', subcommand: 'info', options: { work }, user: USER });
  const complete = (work: string) => () =>
    discord.autocomplete({
      name: 'work',
      subcommand: 'info',
      options: { work },
      focused: 'work',
      user: USER,
    });
  const search = (title: string) => () =>
    discord.slash({ name: 'work', subcommand: 'search', options: { title }, user: USER });
  const id = String(DEMO_GINGA.firstId + 7);
  const d = {
    workInfoById: await countRequests(stack, info(id)),
    workInfoByIdRepeat: await countRequests(stack, info(id)),
    workInfoByTitle: await countRequests(stack, info('鋼の旋律')),
    workSearch: await countRequests(stack, search('銀河')),
    workSearchRepeat: await countRequests(stack, search('銀河')),
    autocomplete: await countRequests(stack, complete('そらいろ')),
    autocompleteRepeat: await countRequests(stack, complete('そらいろ')),
    workInfoAfterAutocompletePick: await countRequests(stack, info(String(DEMO_WORKS.soraNote))),
  };
  const rows = [
    minimumRow('/work info (id, first lookup)', d.workInfoById, 1),
    minimumRow('/work info (same id again, within TTL)', d.workInfoByIdRepeat, 0),
    minimumRow('/work info (free-text title)', d.workInfoByTitle, 1),
    minimumRow('/work search (first)', d.workSearch, 1),
    minimumRow('/work search (same query again, within TTL)', d.workSearchRepeat, 0),
    minimumRow('autocomplete (first)', d.autocomplete, 1),
    minimumRow('autocomplete (repeat within TTL)', d.autocompleteRepeat, 0),
    minimumRow(
      '/work info (id picked from autocomplete)',
      d.workInfoAfterAutocompletePick,
      1,
      'choices carry only id+title, so the pick costs one lookup',
    ),
  ];
  return { rows, details: d };
}

async function feedRows(stack: BenchStack, ownerCount: number) {
  const { kiroku, emulator, discord } = stack;
  const { friends, owners, inputs, expectedPosts } = await subscribeFeedOwners(stack, ownerCount);
  const cycle = async () => {
    const before = emulator.stats.requests;
    const report = await kiroku.jobs.feed.runCycle();
    return { report, requests: emulator.stats.requests - before };
  };
  const first = await cycle();
  const episode = emulator.data.episodesOfWork(DEMO_WORKS.soraNote)[5];
  for (const friend of friends)
    emulator.data.createRecord({ userId: friend.id, episodeId: episode?.id ?? 1 });
  const messagesBefore = discord.allChannelMessages().length;
  const second = await cycle();
  const messages = discord.allChannelMessages().length - messagesBefore;
  const third = await cycle();
  const counts = { owners: owners.length, subscriptions: inputs.length, expectedPosts, messages };
  return {
    rows: feedCycleRows(counts, { first, second, third }),
    details: {
      owners: owners.length,
      subscriptions: inputs.length,
      expectedPosts,
      channelMessages: messages,
      firstCycle: first,
      newActivitiesCycle: second,
      idleCycle: third,
    },
  };
}

/**
 * Ten friends; each owner follows one of them, so every owner sees a new activity per round.
 * Every 4th owner feeds a second channel, every 10th a third.
 */
async function subscribeFeedOwners({ kiroku, emulator, discord }: BenchStack, ownerCount: number) {
  const friends = Array.from({ length: 10 }, (_, i) =>
    emulator.data.createUser({ username: `bench_friend${i}` }),
  );
  const owners = await createOwners(kiroku, emulator.data, ownerCount, {
    prefix: 'bench_feed_owner',
    prepare: (userId, i) =>
      emulator.data.follow(userId, friends[i % friends.length]?.id ?? DEMO_USERS.alice.id),
  });
  const channels = allChannels(discord);
  const inputs = owners.flatMap((owner, i) => {
    const extra = (i % 4 === 0 ? 1 : 0) + (i % 10 === 0 ? 1 : 0);
    return Array.from({ length: 1 + extra }, (_, k) => {
      const channel = channels[(i + k * 7) % channels.length];
      if (!channel) throw new Error('no channel');
      return feedSubscription(owner.discordId, channel.guildId, channel.channelId);
    });
  });
  await subscribeAll(kiroku, inputs, new Date());
  // The outbox posts an activity once per channel, even when several owners there see it.
  const friendOf = new Map(owners.map((owner, i) => [owner.discordId, i % friends.length]));
  const expectedPosts = new Set(inputs.map((s) => `${s.channelId}|${friendOf.get(s.ownerId)}`)).size;
  return { friends, owners, inputs, expectedPosts };
}

interface FeedCycle {
  report: Awaited<ReturnType<BenchStack['kiroku']['jobs']['feed']['runCycle']>>;
  requests: number;
}

function feedCycleRows(
  counts: { owners: number; subscriptions: number; expectedPosts: number; messages: number },
  { first, second, third }: { first: FeedCycle; second: FeedCycle; third: FeedCycle },
): Row[] {
  const { expectedPosts, messages } = counts;
  const perOwner = (n: number) => n / counts.owners;
  return [
    minimumRow(
      `feed cycle with new activities: requests / distinct owners (${counts.owners} owners, ${counts.subscriptions} subscriptions)`,
      perOwner(second.requests),
      1,
      `posted ${second.report.posted} of ${expectedPosts} expected (${second.report.skippedDuplicates} same activity already posted in that channel); first cycle (cursors) ${perOwner(first.requests).toFixed(2)}, idle cycle ${perOwner(third.requests).toFixed(2)}`,
    ),
    minimumRow('feed idle cycle: requests / distinct owners', perOwner(third.requests), 1),
    row(NAME, 'feed: messages in channels after that cycle', {
      value: messages,
      unit: 'count',
      baseline: expectedPosts,
      baselineLabel: 'distinct channel×activity',
      target: '= expected',
      met: messages === expectedPosts,
      ...(second.report.posted > expectedPosts
        ? {
            note: `the poller counted ${second.report.posted} posts: owners polled concurrently delivered the same activity to one channel twice; Discord's enforce_nonce folded them into one message`,
          }
        : {}),
    }),
  ];
}

export const requestsPerAction: Scenario = {
  name: NAME,
  title: 'Service requests per user action vs the minimum',
  async run(options) {
    const stack = await startBenchStack({
      emulator: { rateLimit: false },
      discord: { guilds: 10, channelsPerGuild: 30 },
      ratePerSecond: 1000,
    });
    try {
      const interactive = await interactiveRows(stack);
      options.log(`  interactive: ${JSON.stringify(interactive.details)}`);
      const feed = await feedRows(stack, options.quick ? 40 : 200);
      options.log(`  feed: ${JSON.stringify(feed.details)}`);
      return {
        rows: [...interactive.rows, ...feed.rows],
        details: { interactive: interactive.details, feed: feed.details },
      };
    } finally {
      await stack.close();
    }
  },
};
