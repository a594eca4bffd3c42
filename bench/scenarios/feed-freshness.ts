/**
 * Scenario: feed freshness. Owners with a heavy-tailed activity model (half idle, the busiest 20%
 * making 80% of the activity), activities injected into the emulator over time, background
 * commands using a fifth of the budget; each size polled first round-robin (the policy before issue
 * 17) and then by the adaptive schedule, with the same seed, the same timeline and the same budget.
 * Measured: delay from an activity's creation to its post in the channel, requests per posted
 * activity, the longest gap between two polls of one owner over round-robin's cycle, and 429s.
 *
 * Time is compressed: the emulator's per-address limit (4/s), kiroku's budget (3/s), the poll
 * interval (60 s) and the activity rates are all scaled by one factor per size, so a cycle takes a
 * fraction of its production time; delays are reported scaled back to production seconds.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REST } from 'discord.js';
import { FeedCursors } from '../../src/jobs/feed-cursors.js';
import { createJobs } from '../../src/jobs/index.js';
import { type ChannelPoster, createRestPoster } from '../../src/jobs/poster.js';
import { createLogger } from '../../src/logger.js';
import { createRequestBudget, ServiceClient } from '../../src/service/index.js';
import { openStore } from '../../src/store/index.js';
import { Subscriptions } from '../../src/subscriptions/model.js';
import { KeyRing, TokenVault } from '../../src/vault/index.js';
import { type FakeDiscord, startFakeDiscord } from '../../test/discord/fake-discord.js';
import type { EmulatorData } from '../../test/emulator/data.js';
import { type Emulator, startEmulator } from '../../test/emulator/server.js';
import { type Arrival, arrivals, ownerRates, seededRandom } from '../activity-model.js';
import { allChannels, feedSubscription, inBatches, ownerDiscordId } from '../population.js';
import { mean, percentile, round, sleep } from '../stats.js';
import { type Row, row, type Scenario } from '../types.js';

const NAME = 'feed-freshness';
const SEED = 17;
const COMMAND_SHARE = 0.2;
/** The schedule plans for exactly what commands leave (FEED_POLL_SHARE = 1 − 1/5), as round-robin gets. */
const PLAN_MARGIN = 1;
/** Unmeasured: the adaptive schedule learns the rates (a running bot has them in its store). */
const WARMUP_CYCLES = 3;
const MEASURE_CYCLES = 2;
const DRAIN_CYCLES = 1.5;
const CHANNELS_PER_GUILD = 50;

type Policy = 'round-robin' | 'adaptive';

interface Size {
  owners: number;
  /** Round-robin's cycle in compressed seconds: sets the compression factor. */
  cycleS: number;
}

interface Setup {
  size: Size;
  scale: number;
  emulator: Emulator;
  discord: FakeDiscord;
  tokens: Map<string, number>;
  userIds: number[];
  channels: string[];
  template: string;
  vaultKey: Buffer;
  timeline: Arrival[];
  /** Each owner's true activity rate (compressed, per second). */
  rates: number[];
  pollTimes: number[][];
  feedRequests: { count: number };
}

interface PhaseResult {
  policy: Policy;
  delaysS: number[];
  meanS: number;
  p95S: number;
  polls: number;
  requests: number;
  posted: number;
  /** Measured activities never posted before the drain ended. */
  unposted: number;
  maxGapS: number;
  http429: number;
}

/** The emulator's feed requests by owner (polls a few ms apart are one poll's pages). */
function observePoll(
  setup: Pick<Setup, 'tokens' | 'pollTimes' | 'feedRequests'>,
  pathName: string,
  token: string | undefined,
) {
  if (!pathName.endsWith('/following_activities') || !token) return;
  const owner = setup.tokens.get(token);
  if (owner === undefined) return;
  setup.feedRequests.count += 1;
  const times = setup.pollTimes[owner] ?? [];
  const now = performance.now();
  if (times.length === 0 || now - (times.at(-1) ?? 0) > 20) times.push(now);
  setup.pollTimes[owner] = times;
}

async function seedTemplate(
  dir: string,
  vaultKey: Buffer,
  userIds: number[],
  tokens: string[],
  channels: Array<{ guildId: string; channelId: string }>,
) {
  const file = path.join(dir, 'template.sqlite');
  const logger = createLogger('silent');
  const store = await openStore(`sqlite://${file}`, { logger });
  const vault = new TokenVault(store, KeyRing.fromKeys([{ key: vaultKey }]), { logger });
  const subscriptions = new Subscriptions(store);
  const now = new Date();
  await inBatches(userIds, 50, async (serviceUserId, i) => {
    await vault.put(ownerDiscordId(i), {
      token: tokens[i] ?? '',
      scopes: ['read', 'write'],
      serviceUserId,
      serviceUsername: `fresh${i}`,
      method: 'token',
      linkedAt: now.toISOString(),
    });
    const channel = channels[i];
    if (!channel) throw new Error('fewer channels than owners');
    await subscriptions.create(feedSubscription(ownerDiscordId(i), channel.guildId, channel.channelId), now);
  });
  await store.close();
  return file;
}

async function prepare(size: Size): Promise<Setup> {
  const budget = size.owners / size.cycleS / (1 - COMMAND_SHARE);
  const scale = budget / 3;
  const partial: Pick<Setup, 'tokens' | 'pollTimes' | 'feedRequests'> = {
    tokens: new Map(),
    pollTimes: [],
    feedRequests: { count: 0 },
  };
  const emulator = await startEmulator({
    seed: 'demo',
    rateLimit: true,
    perIpLimit: 4 * scale,
    onRequest: (request) => observePoll(partial, request.path, request.token),
  });
  const discord = await startFakeDiscord({
    guilds: Math.ceil(size.owners / CHANNELS_PER_GUILD),
    channelsPerGuild: CHANNELS_PER_GUILD,
  });
  const data: EmulatorData = emulator.data;
  const userIds: number[] = [];
  const tokenList: string[] = [];
  for (let i = 0; i < size.owners; i++) {
    const user = data.createUser({ username: `fresh${i}` });
    const token = data.issueToken(user.id);
    userIds.push(user.id);
    tokenList.push(token);
    partial.tokens.set(token, i);
  }
  const all = allChannels(discord);
  const channels = all.map((c) => c.channelId);
  const vaultKey = Buffer.alloc(32, 7);
  const dir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-fresh-'));
  const template = await seedTemplate(dir, vaultKey, userIds, tokenList, all);
  const random = seededRandom(SEED);
  const rates = ownerRates(size.owners, 1 / (4 * size.cycleS), random);
  const timeline = arrivals(rates, (WARMUP_CYCLES + MEASURE_CYCLES) * size.cycleS, random);
  return {
    size,
    scale,
    emulator,
    discord,
    ...partial,
    userIds,
    channels,
    template,
    vaultKey,
    timeline,
    rates,
  };
}

/** Interactive requests at a fifth of the budget, as people's commands would make them. */
function startCommands(service: ServiceClient, token: string, perS: number): () => void {
  let stopped = false;
  void (async () => {
    while (!stopped) {
      for (let i = 0; i < Math.ceil(perS / 10); i++)
        service.me({}, { token, priority: 'interactive' }).catch(() => undefined);
      await sleep(100);
    }
  })();
  return () => {
    stopped = true;
  };
}

/** Records when each channel's posts land: the k-th post in an owner's channel is its k-th activity. */
function timedPoster(
  real: ChannelPoster,
  pending: Map<string, Array<{ at: number; measured: boolean }>>,
  delays: number[],
  posts: { count: number },
) {
  return {
    notifyUser: (userId: string, content: string) => real.notifyUser(userId, content),
    async post(channelId: string, message: Parameters<ChannelPoster['post']>[1]) {
      const outcome = await real.post(channelId, message);
      const created = outcome.ok ? pending.get(channelId)?.shift() : undefined;
      if (outcome.ok) posts.count += 1;
      if (created?.measured) delays.push((performance.now() - created.at) / 1000);
      return outcome;
    },
  } satisfies ChannelPoster;
}

/** One policy over the whole timeline, on a fresh copy of the seeded store. */
async function runPhase(setup: Setup, policy: Policy, log: (line: string) => void): Promise<PhaseResult> {
  const { size, scale, emulator, discord } = setup;
  const dir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-fresh-phase-'));
  const file = path.join(dir, 'kiroku.sqlite');
  await copyFile(setup.template, file);
  const logger = createLogger('warn');
  const store = await openStore(`sqlite://${file}`, { logger });
  const vault = new TokenVault(store, KeyRing.fromKeys([{ key: setup.vaultKey }]), { logger });
  const cursors = new FeedCursors(store);
  const newest = Math.max(0, ...emulator.data.activities.keys());
  await inBatches(setup.userIds, 100, (serviceUserId, i) =>
    cursors.set(ownerDiscordId(i), serviceUserId, newest, new Date()),
  );
  const budgetPerS = 3 * scale;
  const budget = createRequestBudget({ ratePerSecond: budgetPerS, logger });
  const service = new ServiceClient({ baseUrl: emulator.url, budget, logger });
  const rest = new REST({ api: discord.restUrl, retries: 0 }).setToken(discord.botToken);
  const pending = new Map<string, Array<{ at: number; measured: boolean }>>();
  const delays: number[] = [];
  const posts = { count: 0 };
  const jobs = createJobs({
    store,
    subscriptions: new Subscriptions(store),
    vault,
    service,
    poster: timedPoster(createRestPoster(rest, logger), pending, delays, posts),
    logger,
    now: () => new Date(),
    intervals: { feedMs: 60_000 / scale },
    feed: { policy, concurrency: 16 },
    feedPollsPerSecond: budgetPerS * (1 - COMMAND_SHARE) * PLAN_MARGIN,
  });
  const commander = emulator.data.createUser({ username: `commander_${policy}_${size.owners}` });
  const stopCommands = startCommands(
    service,
    emulator.data.issueToken(commander.id),
    budgetPerS * COMMAND_SHARE,
  );
  setup.pollTimes.length = 0;
  const requestsBefore = setup.feedRequests.count;
  const limitedBefore = emulator.stats.rateLimited;
  const episode = [...emulator.data.episodes.values()][0]?.id ?? 0;
  const t0 = performance.now();
  jobs.start(() => true);
  const warmupEnd = t0 + WARMUP_CYCLES * size.cycleS * 1000;
  const measureEnd = warmupEnd + MEASURE_CYCLES * size.cycleS * 1000;
  let next = 0;
  let measured = 0;
  while (performance.now() < measureEnd) {
    const elapsedS = (performance.now() - t0) / 1000;
    for (; next < setup.timeline.length && (setup.timeline[next]?.atS ?? Infinity) <= elapsedS; next++) {
      const arrival = setup.timeline[next] as Arrival;
      emulator.data.createRecord({ userId: setup.userIds[arrival.owner] ?? 0, episodeId: episode });
      const isMeasured = arrival.atS >= WARMUP_CYCLES * size.cycleS;
      if (isMeasured) measured += 1;
      const channel = setup.channels[arrival.owner] ?? '';
      pending.set(channel, [
        ...(pending.get(channel) ?? []),
        { at: performance.now(), measured: isMeasured },
      ]);
    }
    await sleep(10);
  }
  const drainEnd = measureEnd + DRAIN_CYCLES * size.cycleS * 1000;
  while (delays.length < measured && performance.now() < drainEnd) await sleep(50);
  stopCommands();
  await jobs.stop();
  await service.close();
  budget.close();
  await store.close();
  await rm(dir, { recursive: true, force: true });
  const inWindow = setup.pollTimes.map((times) => times.filter((t) => t >= warmupEnd && t <= measureEnd));
  const polls = inWindow.reduce((sum, times) => sum + times.length, 0);
  const byTier = pollsByTier(setup.rates, inWindow);
  const result: PhaseResult = {
    policy,
    delaysS: delays,
    meanS: (mean(delays) ?? 0) * scale,
    p95S: (percentile(delays, 95) ?? 0) * scale,
    polls,
    requests: setup.feedRequests.count - requestsBefore,
    posted: posts.count,
    unposted: measured - delays.length,
    maxGapS: (longestGap(setup.pollTimes, size.owners, t0, warmupEnd, measureEnd) / 1000) * scale,
    http429: emulator.stats.rateLimited - limitedBefore,
  };
  log(
    `    ${policy}: ${delays.length}/${measured} measured activities posted, mean ${result.meanS.toFixed(0)} s, p95 ${result.p95S.toFixed(0)} s, ${polls} polls in the window, longest gap ${result.maxGapS.toFixed(0)} s, 429s ${result.http429}; polls per owner: busiest 20% ${byTier.busy}, other active ${byTier.other}, idle ${byTier.idle}`,
  );
  return result;
}

/** Longest time (ms) an owner went unpolled, over gaps ending in the window (or open at its end). */
function longestGap(pollTimes: number[][], owners: number, t0: number, from: number, to: number): number {
  let longest = 0;
  for (let owner = 0; owner < owners; owner++) {
    let previous = t0;
    for (const t of pollTimes[owner] ?? []) {
      if (t > to) break;
      if (t >= from) longest = Math.max(longest, t - previous);
      previous = t;
    }
    longest = Math.max(longest, to - previous);
  }
  return longest;
}

interface SizeResult {
  owners: number;
  scale: number;
  roundRobin: PhaseResult;
  adaptive: PhaseResult;
  /** Round-robin's measured cycle (production seconds): the window over its polls per owner. */
  cycleS: number;
}

async function runSize(size: Size, log: (line: string) => void): Promise<SizeResult> {
  const setup = await prepare(size);
  try {
    log(
      `  ${size.owners} owners, ${setup.timeline.length} activities; time compressed ×${setup.scale.toFixed(1)}: limit ${(4 * setup.scale).toFixed(0)}/s, budget ${(3 * setup.scale).toFixed(0)}/s, poll interval ${(60 / setup.scale).toFixed(2)} s`,
    );
    const roundRobin = await runPhase(setup, 'round-robin', log);
    const adaptive = await runPhase(setup, 'adaptive', log);
    const windowS = MEASURE_CYCLES * size.cycleS * setup.scale;
    const cycleS = roundRobin.polls > 0 ? (windowS * size.owners) / roundRobin.polls : windowS;
    return { owners: size.owners, scale: setup.scale, roundRobin, adaptive, cycleS };
  } finally {
    await setup.discord.close();
    await setup.emulator.close();
    await rm(path.dirname(setup.template), { recursive: true, force: true });
  }
}

function summaryOf(result: SizeResult) {
  const { adaptive, roundRobin } = result;
  return {
    owners: result.owners,
    mean_delay_s: round(adaptive.meanS, 1),
    p95_delay_s: round(adaptive.p95S, 1),
    baseline_mean_delay_s: round(roundRobin.meanS, 1),
    baseline_p95_delay_s: round(roundRobin.p95S, 1),
    mean_ratio: round(adaptive.meanS / roundRobin.meanS, 3),
    p95_ratio: round(adaptive.p95S / roundRobin.p95S, 3),
    max_gap_ratio: round(adaptive.maxGapS / result.cycleS, 3),
    http_429: adaptive.http429 + roundRobin.http429,
    requests_per_post: round(adaptive.requests / Math.max(1, adaptive.posted), 2),
    baseline_requests_per_post: round(roundRobin.requests / Math.max(1, roundRobin.posted), 2),
    baseline_cycle_s: round(result.cycleS, 0),
    time_compression: round(result.scale, 1),
    unposted: adaptive.unposted + roundRobin.unposted,
  };
}

function rowsOf(result: SizeResult): Row[] {
  const s = summaryOf(result);
  const label = `${result.owners} owners`;
  const note = `time compressed ×${s.time_compression} (limit, budget, poll interval and activity rates alike; delays scaled back); round-robin cycle ${s.baseline_cycle_s} s`;
  return [
    row(NAME, `${label}: mean delay from activity to post`, {
      value: s.mean_delay_s,
      unit: 's',
      baseline: s.baseline_mean_delay_s,
      baselineLabel: 'round-robin, same run',
      target: '≤ 0.5×',
      met: (s.mean_ratio ?? 1) <= 0.5,
      note,
    }),
    row(NAME, `${label}: p95 delay from activity to post`, {
      value: s.p95_delay_s,
      unit: 's',
      baseline: s.baseline_p95_delay_s,
      baselineLabel: 'round-robin, same run',
      target: '≤ 0.7×',
      met: (s.p95_ratio ?? 1) <= 0.7,
    }),
    row(NAME, `${label}: feed requests per posted activity`, {
      value: s.requests_per_post,
      unit: 'requests',
      baseline: s.baseline_requests_per_post,
      baselineLabel: 'round-robin, same run',
    }),
    row(NAME, `${label}: longest gap between two polls of one owner`, {
      value: round(result.adaptive.maxGapS, 0),
      unit: 's',
      baseline: s.baseline_cycle_s,
      baselineLabel: 'round-robin cycle',
      target: '≤ 4×',
      met: (s.max_gap_ratio ?? Infinity) <= 4,
    }),
    row(NAME, `${label}: 429 responses (both policies)`, {
      value: s.http_429,
      unit: 'count',
      baseline: 0,
      baselineLabel: 'target',
      target: '= 0',
      met: s.http_429 === 0,
      note: `${s.unposted} measured activities left unposted at the end`,
    }),
  ];
}

export const feedFreshness: Scenario = {
  name: NAME,
  title:
    'Feed freshness: adaptive poll schedule vs round-robin, heavy-tailed activity, commands at 1/5 of the budget',
  resultsKey: 'feed_freshness',
  async run(options) {
    const sizes: Size[] = options.quick
      ? [
          { owners: 300, cycleS: 8 },
          { owners: 1_000, cycleS: 8 },
        ]
      : [
          { owners: 1_000, cycleS: 20 },
          { owners: 10_000, cycleS: 30 },
        ];
    const results: SizeResult[] = [];
    for (const size of sizes) results.push(await runSize(size, options.log));
    const strip = (phase: PhaseResult) => ({ ...phase, delaysS: undefined });
    return {
      rows: results.flatMap(rowsOf),
      details: {
        seed: SEED,
        results: results.map((r) => ({ ...r, roundRobin: strip(r.roundRobin), adaptive: strip(r.adaptive) })),
      },
      summary: { sizes: results.map(summaryOf) },
    };
  },
};

/** Mean polls per owner in the window, for the busiest 20% of owners, the other active ones and the idle. */
function pollsByTier(rates: readonly number[], inWindow: number[][]) {
  const order = rates.map((rate, owner) => ({ rate, owner })).sort((a, b) => b.rate - a.rate);
  const busyCount = Math.round(rates.length * 0.2);
  const meanPolls = (tier: Array<{ owner: number }>) =>
    round(
      tier.reduce((sum, { owner }) => sum + (inWindow[owner]?.length ?? 0), 0) / Math.max(1, tier.length),
      1,
    );
  return {
    busy: meanPolls(order.slice(0, busyCount)),
    other: meanPolls(order.slice(busyCount).filter(({ rate }) => rate > 0)),
    idle: meanPolls(order.filter(({ rate }) => rate === 0)),
  };
}
