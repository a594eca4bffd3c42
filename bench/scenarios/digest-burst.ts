/**
 * Scenario 4: 2,000 schedule subscriptions due at the same minute (08:00 Asia/Tokyo). With an
 * injected clock running at real speed: the digest's tick 599 s before the fire starts the
 * prefetches (the real service budget paces them); the clock then moves to the fire (or to when the
 * prefetch finished, if later) and the due tick posts through discord.js (50 requests/s global).
 * Lateness = how long after the fire each digest message reached Discord.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEMO_WORKS } from '../../test/fakes/emulator/seed.js';
import { createBenchClock } from '../clock.js';
import { allChannels, createOwners, scheduleSubscription, subscribeAll } from '../population.js';
import { type BenchStack, startBenchStack } from '../stack.js';
import { percentile, round } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'digest-burst';
const FIRE = Date.parse('2025-06-01T23:00:00Z'); // 08:00 in Asia/Tokyo on 2025-06-02
const PREFETCH_LEAD_MS = 599_000; // the first tick inside the 10-minute prefetch window
const DISCORD_POSTS_PER_SECOND = 50;
const WATCHED = [DEMO_WORKS.soraNote, DEMO_WORKS.haganeMelody, DEMO_WORKS.cafeLumina, DEMO_WORKS.koshoten];

type BenchClock = ReturnType<typeof createBenchClock>;
type Log = (line: string) => void;

export const digestBurst: Scenario = {
  name: NAME,
  title: 'Digest burst: schedule subscriptions all due at one minute',
  quickDiffers: '250 subscriptions of 7 owners (not 2,000 of 100): the lateness is a smaller burst',
  async run(options) {
    const subscriptionCount = options.quick ? 250 : 2000;
    const ownerCount = options.quick ? 7 : 100;
    const clock = createBenchClock(FIRE - PREFETCH_LEAD_MS - 60_000);
    const stack = await startBenchStack({
      emulator: { rateLimit: true, now: clock.now },
      discord: { guilds: Math.ceil(subscriptionCount / 50), channelsPerGuild: 50 },
      now: clock.now,
    });
    try {
      const { owners, pairs } = await subscribeAtEight(stack, clock, subscriptionCount, ownerCount);
      // How long the bot's event loop (which interactions share) is held up by the two big ticks.
      const stalls = monitorEventLoopDelay({ resolution: 5 });
      stalls.enable();
      const prefetch = await prefetchPhase(stack, clock, options.log);
      const fire = await fireAndPost(stack, clock, stalls, prefetch.prefetchMs, options.log);
      const later = await tickLater(stack, clock, fire.startLateMs, fire.postMs);
      const burst: Burst = {
        subscriptionCount,
        owners: owners.length,
        pairs,
        rate: stack.config.service.ratePerSecond,
        stallP99Ms: stalls.percentile(99) / 1e6,
        ...prefetch,
        ...fire,
        ...later,
      };
      return { rows: burstRows(burst), details: burstDetails(burst) };
    } finally {
      await stack.close();
    }
  },
};

/** Owners watching one to four works, and subscriptionCount digests at 08:00 spread over them. */
async function subscribeAtEight(
  { kiroku, emulator, discord }: BenchStack,
  clock: BenchClock,
  subscriptionCount: number,
  ownerCount: number,
) {
  const owners = await createOwners(kiroku, emulator.data, ownerCount, {
    prefix: 'bench_digest_owner',
    prepare: (userId, i) => {
      for (const workId of WATCHED.slice(0, 1 + (i % WATCHED.length)))
        emulator.data.setStatus(userId, workId, 'watching');
    },
  });
  const channels = allChannels(discord);
  const settings = {
    time: '08:00',
    timezone: 'Asia/Tokyo',
    unwatched: false,
    rebroadcast: false,
    alertMinutes: 0,
  };
  const subscriptions = Array.from({ length: subscriptionCount }, (_, i) => {
    const channel = channels[i % channels.length];
    const owner = owners[i % owners.length];
    if (!channel || !owner) throw new Error('population');
    return scheduleSubscription(owner.discordId, channel.guildId, channel.channelId, settings);
  });
  await subscribeAll(kiroku, subscriptions, clock.now());
  // Owner checks ask for the member once per (server, owner).
  const pairs = new Set(subscriptions.map((s) => `${s.guildId}:${s.ownerId}`)).size;
  return { owners, pairs };
}

/** Discord reads an owner check may make (member, server, channel), among REST calls since `from`. */
function checkReads(discord: BenchStack['discord'], from: number) {
  const reads = discord.restCalls.slice(from).filter((call) => call.method === 'GET');
  return {
    member: reads.filter((call) => /^\/guilds\/\d+\/members\/\d+$/.test(call.path)).length,
    guild: reads.filter((call) => /^\/guilds\/\d+$/.test(call.path)).length,
    channel: reads.filter((call) => /^\/channels\/\d+$/.test(call.path)).length,
  };
}

/**
 * Phase A: the tick inside the prefetch window starts one walk per owner, which run at the budget's
 * pace, and the owners' membership checks, at Discord's.
 */
async function prefetchPhase({ kiroku, emulator, discord }: BenchStack, clock: BenchClock, log: Log) {
  const digest = kiroku.jobs.digest;
  clock.set(FIRE - PREFETCH_LEAD_MS);
  const requestsBefore = emulator.stats.requests;
  const rateLimitedBefore = emulator.stats.rateLimited;
  const restBefore = discord.restCalls.length;
  const prefetchBegan = performance.now();
  const first = await digest.tick();
  await digest.drain();
  const prefetchMs = performance.now() - prefetchBegan;
  const prefetchRequests = emulator.stats.requests - requestsBefore;
  const prefetch429 = emulator.stats.rateLimited - rateLimitedBefore;
  const prefetchReads = checkReads(discord, restBefore);
  log(
    `  prefetch: ${first.prefetchStarted} started, ${prefetchRequests} requests (${prefetch429} × 429) in ${(prefetchMs / 1000).toFixed(1)} s; Discord reads for owner checks ${JSON.stringify(prefetchReads)}`,
  );
  return { first, prefetchMs, prefetchRequests, prefetch429, prefetchReads };
}

/** Phase B: the due tick, at the fire or when the prefetch would have finished if that is later. */
async function fireAndPost(
  { kiroku, emulator, discord }: BenchStack,
  clock: BenchClock,
  stalls: ReturnType<typeof monitorEventLoopDelay>,
  prefetchMs: number,
  log: Log,
) {
  const startLateMs = Math.max(0, prefetchMs - PREFETCH_LEAD_MS);
  clock.set(FIRE + startLateMs);
  const messagesBefore = discord.allChannelMessages().length;
  const restBefore = discord.restCalls.length;
  const postBegan = Date.now();
  const requestsAtFire = emulator.stats.requests;
  const due = await kiroku.jobs.digest.tick();
  const postMs = Date.now() - postBegan;
  stalls.disable();
  const longestStallMs = stalls.max / 1e6;
  const fireRequests = emulator.stats.requests - requestsAtFire;
  const fireReads = checkReads(discord, restBefore);
  const posted = discord.allChannelMessages().slice(messagesBefore);
  const lateness = posted.map((m) => (startLateMs + Date.parse(m.timestamp) - postBegan) / 1000);
  log(`  due tick: ${JSON.stringify(due)} in ${(postMs / 1000).toFixed(1)} s`);
  return { startLateMs, due, postMs, longestStallMs, fireRequests, fireReads, lateness };
}

/** Later ticks the same day post nothing more; counts what every channel got. */
async function tickLater(
  { kiroku, discord }: BenchStack,
  clock: BenchClock,
  startLateMs: number,
  postMs: number,
) {
  clock.set(FIRE + startLateMs + postMs + 30_000);
  const again = await kiroku.jobs.digest.tick();
  const perChannel = new Map<string, number>();
  for (const m of discord.allChannelMessages())
    perChannel.set(m.channel_id, (perChannel.get(m.channel_id) ?? 0) + 1);
  const duplicates = [...perChannel.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
  const total = discord.allChannelMessages().length;
  return { again, duplicates, total };
}

type Burst = {
  subscriptionCount: number;
  owners: number;
  pairs: number;
  rate: number;
  stallP99Ms: number;
} & Awaited<ReturnType<typeof prefetchPhase>> &
  Awaited<ReturnType<typeof fireAndPost>> &
  Awaited<ReturnType<typeof tickLater>>;

function burstRows(b: Burst) {
  const { subscriptionCount, owners, rate, lateness, due, postMs, startLateMs, duplicates, total } = b;
  const floorS = burstFloorS(b);
  const lastS = lateness.length > 0 ? Math.max(...lateness) : null;
  return [
    row(NAME, `last of ${subscriptionCount} digests (${owners} owners) late by`, {
      value: lastS === null ? null : round(lastS / 60, 2),
      unit: 'min',
      baseline: round(floorS / 60, 2),
      baselineLabel: `floor max(${subscriptionCount}/50, ${owners}/${rate}) s`,
      target: '≤ 1.1×',
      met: lastS !== null && lastS <= 1.1 * floorS,
      note: `p50 ${round((percentile(lateness, 50) ?? 0) / 60, 2)} min; posted ${due.posted}/${subscriptionCount} in ${(postMs / 1000).toFixed(1)} s; prefetch ${(b.prefetchMs / 1000).toFixed(1)} s for ${b.prefetchRequests} requests (finished ${startLateMs > 0 ? `${(startLateMs / 1000).toFixed(1)} s after` : 'before'} the fire); ${b.fireRequests} requests at the fire; excludes the ≤ 30 s phase of the 30 s digest ticker`,
    }),
    row(NAME, 'duplicate digest messages', {
      value: duplicates,
      unit: 'count',
      baseline: 0,
      baselineLabel: 'target',
      target: '= 0',
      met: duplicates === 0 && total === subscriptionCount,
      note: `${total} messages for ${subscriptionCount} subscriptions; a later tick posted ${b.again.posted}`,
    }),
    row(NAME, 'service requests to prefetch', {
      value: b.prefetchRequests,
      unit: 'requests',
      baseline: owners,
      baselineLabel: 'distinct owners',
      target: '= owners',
      met: b.prefetchRequests === owners,
      note: `${b.prefetch429} answered 429`,
    }),
    row(NAME, 'Discord reads for owner checks at the due minute', {
      value: b.fireReads.member + b.fireReads.guild + b.fireReads.channel,
      unit: 'count',
      baseline: 0,
      baselineLabel: 'target',
      target: '= 0',
      met: b.fireReads.member + b.fireReads.guild + b.fireReads.channel === 0,
      note: `in the prefetch window: ${b.prefetchReads.member} member lookups for ${b.pairs} (server, owner) pairs, ${b.prefetchReads.channel} channel reads (each channel once; then the gateway keeps it), ${b.prefetchReads.guild} server reads (the gateway's cache)`,
    }),
    row(NAME, 'longest event-loop stall during the prefetch and due ticks', {
      value: round(b.longestStallMs, 1),
      unit: 'ms',
      note: `p99 ${round(b.stallP99Ms, 1)} ms (sampled every 5 ms); interactions wait this long`,
    }),
  ];
}

/** Discord's 50 posts/s for every digest, or the budget for one walk per owner, whichever is longer. */
function burstFloorS(b: Burst): number {
  return Math.max(b.subscriptionCount / DISCORD_POSTS_PER_SECOND, b.owners / b.rate);
}

function burstDetails(b: Burst) {
  const lastS = b.lateness.length > 0 ? Math.max(...b.lateness) : null;
  return {
    subscriptions: b.subscriptionCount,
    owners: b.owners,
    ratePerSecond: b.rate,
    prefetchMs: b.prefetchMs,
    prefetchRequests: b.prefetchRequests,
    longestStallMs: b.longestStallMs,
    prefetchTick: b.first,
    startLateMs: b.startLateMs,
    dueTick: b.due,
    postMs: b.postMs,
    requestsAtFire: b.fireRequests,
    checkReads: { prefetch: b.prefetchReads, atFire: b.fireReads },
    latenessS: {
      p50: round(percentile(b.lateness, 50)),
      p95: round(percentile(b.lateness, 95)),
      max: round(lastS),
    },
    floorS: burstFloorS(b),
    duplicates: b.duplicates,
    totalMessages: b.total,
    laterTick: b.again,
  };
}
