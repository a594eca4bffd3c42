/**
 * One policy of the feed-freshness bench over the whole timeline, on a fresh copy of the seeded
 * store: the jobs polling, commands using a fifth of the budget, activities injected on time, and
 * the delay from each activity to its post measured in the channel.
 */
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { REST } from 'discord.js';
import type { APIEmbed } from 'discord-api-types/v10';
import { LOCALES } from '#src/i18n/locale.js';
import { createTranslator } from '#src/i18n/translator.js';
import { FeedCursors } from '#src/jobs/feed/cursors.js';
import { createJobs, type Jobs } from '#src/jobs/index.js';
import { type ChannelPoster, createRestPoster } from '#src/jobs/posting/poster.js';
import { createLogger } from '#src/logger.js';
import { createRequestBudget, ServiceClient } from '#src/service/index.js';
import { openStore, type Store } from '#src/store/index.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import type { Arrival } from '../activity-model.js';
import { inBatches, ownerDiscordId } from '../population.js';
import { mean, percentile, round, sleep } from '../stats.js';
import {
  COMMAND_SHARE,
  DRAIN_CYCLES,
  MEASURE_CYCLES,
  ROUND_ROBIN_WARMUP_CYCLES,
  resetFeeds,
  type Setup,
  WARMUP_CYCLES,
} from './world.js';

export type Policy = 'round-robin' | 'adaptive';

export interface PhaseResult {
  policy: Policy;
  delaysS: number[];
  meanS: number;
  p95S: number;
  polls: number;
  requests: number;
  /** Activities posted (several per message when batched). */
  posted: number;
  /** Feed messages posted. */
  messages: number;
  /** Measured activities never posted before the drain ended. */
  unposted: number;
  maxGapS: number;
  http429: number;
  /**
   * Whether this process kept up over the warm-up and the window (the bot, the emulator and the fake
   * Discord share it): CPU as a share of one core, and the event loop's p99 delay (ms).
   */
  keptUp: { cpuPercent: number; loopDelayP99Ms: number };
}

/** What a running phase holds until it is closed and measured. */
interface Running {
  dir: string;
  store: Store;
  service: ServiceClient;
  closeBudget: () => void;
  jobs: Jobs;
  stopCommands: () => void;
  /** The emulator's episodes: the k-th activity records the k-th (round), as viewers spread over them. */
  episodes: number[];
  /** Posts still awaited per channel, oldest first, and the delays of the measured ones posted. */
  pending: Map<string, Array<{ at: number; measured: boolean }>>;
  delays: number[];
  posts: { count: number; messages: number };
  requestsBefore: number;
  limitedBefore: number;
}

/** The store copied from the template, every feed reset to its past and every cursor at its newest. */
async function openPhaseStore(setup: Setup): Promise<{ dir: string; store: Store; episodes: number[] }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-fresh-phase-'));
  const file = path.join(dir, 'kiroku.sqlite');
  await copyFile(setup.template, file);
  const store = await openStore(`sqlite://${file}`, { logger: createLogger('warn') });
  const episodes = [...setup.emulator.data.episodes.keys()];
  resetFeeds(setup, episodes);
  const cursors = new FeedCursors(store);
  const newest = [...setup.emulator.data.activities.keys()].reduce((a, b) => Math.max(a, b), 0);
  await inBatches(setup.userIds, 100, (serviceUserId, i) =>
    cursors.set(ownerDiscordId(i), serviceUserId, newest, new Date()),
  );
  return { dir, store, episodes };
}

/** Extra service load beside the feed and commands: the verdicts' refreshes, at requests/s of production time. */
export interface PhaseLoad {
  verdictPerS: number;
  /** Verdict requests made, and those deferred because feed polls waited (as the job does). */
  made?: number;
  deferred?: number;
}

async function openPhase(setup: Setup, policy: Policy, load?: PhaseLoad): Promise<Running> {
  const { scale, emulator, discord } = setup;
  const logger = createLogger('warn');
  const { dir, store, episodes } = await openPhaseStore(setup);
  const vault = new TokenVault(store, KeyRing.fromKeys([{ key: setup.vaultKey }]), { logger });
  const budgetPerS = 3 * scale;
  const budget = createRequestBudget({ ratePerSecond: budgetPerS, logger });
  const service = new ServiceClient({ baseUrl: emulator.url, budget, logger });
  const rest = new REST({ api: discord.restUrl, retries: 0 }).setToken(discord.botToken);
  const pending = new Map<string, Array<{ at: number; measured: boolean }>>();
  const delays: number[] = [];
  const posts = { count: 0, messages: 0 };
  const jobs = createJobs({
    store,
    subscriptions: new Subscriptions(store),
    vault,
    service,
    poster: timedPoster(createRestPoster(rest, logger), pending, delays, posts),
    logger,
    now: () => new Date(),
    intervals: { feedMs: 60_000 / scale },
    // Polls in flight must cover the compressed budget times a poll's latency (~0.25 s here), as
    // kiroku's default of 4 covers 3 requests/s; both policies get the same.
    feed: { policy, concurrency: Math.max(16, Math.ceil(budgetPerS / 4)) },
    // The schedule plans for exactly what commands leave (FEED_POLL_SHARE = 1 − 1/5).
    feedPollsPerSecond: budgetPerS * (1 - COMMAND_SHARE),
  });
  const commander = emulator.data.createUser({ username: `commander_${policy}_${setup.size.owners}` });
  const commandToken = emulator.data.issueToken(commander.id);
  const stopLoad = startCommands(service, commandToken, budgetPerS * COMMAND_SHARE);
  const feedWaiting = () => budget.stats().queued.poll > 0;
  const stopVerdicts = load
    ? startVerdicts(service, commandToken, load.verdictPerS * scale, episodes, feedWaiting, load)
    : () => {};
  const stopCommands = () => {
    stopLoad();
    stopVerdicts();
  };
  setup.pollTimes.length = 0;
  const requestsBefore = setup.feedRequests.count;
  const limitedBefore = emulator.stats.rateLimited;
  // Closing the budget ends round-robin's cycle at once (the rest of its owners refused, unlogged):
  // stopping waited for the cycle in flight, up to a whole one (about 20 s at 10,000 owners) measuring nothing.
  const closeBudget = () => {
    logger.level = 'silent';
    budget.close();
  };
  return {
    dir,
    store,
    service,
    closeBudget,
    jobs,
    stopCommands,
    episodes,
    pending,
    delays,
    posts,
    requestsBefore,
    limitedBefore,
  };
}

/**
 * Injects the timeline's activities on time until the window ends, from `skipS` into it (the phase's
 * start); returns how many are measured.
 */
async function playTimeline(
  setup: Setup,
  running: Running,
  at: { t0: number; skipS: number; measureEnd: number },
): Promise<number> {
  const { timeline, size } = setup;
  const { t0, skipS, measureEnd } = at;
  let next = timeline.findIndex((arrival) => arrival.atS >= skipS);
  if (next < 0) next = timeline.length;
  let measured = 0;
  while (performance.now() < measureEnd) {
    const elapsedS = skipS + (performance.now() - t0) / 1000;
    for (; next < timeline.length && (timeline[next]?.atS ?? Infinity) <= elapsedS; next++) {
      const arrival = timeline[next] as Arrival;
      setup.emulator.data.createRecord({
        userId: setup.userIds[arrival.owner] ?? 0,
        episodeId: running.episodes[next % running.episodes.length] ?? 0,
      });
      const isMeasured = arrival.atS >= WARMUP_CYCLES * size.cycleS;
      if (isMeasured) measured += 1;
      const channel = setup.channels[arrival.owner] ?? '';
      running.pending.set(channel, [
        ...(running.pending.get(channel) ?? []),
        { at: performance.now(), measured: isMeasured },
      ]);
    }
    await sleep(10);
  }
  return measured;
}

async function closePhase(running: Running): Promise<void> {
  running.stopCommands();
  running.closeBudget();
  await running.jobs.stop();
  await running.service.close();
  await running.store.close();
  await rm(running.dir, { recursive: true, force: true });
}

export async function runPhase(
  setup: Setup,
  policy: Policy,
  log: (line: string) => void,
  load?: PhaseLoad,
): Promise<PhaseResult> {
  const { size, scale, emulator } = setup;
  const opening = performance.now();
  const running = await openPhase(setup, policy, load);
  const t0 = performance.now();
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const cpuBefore = process.cpuUsage();
  running.jobs.start(() => true);
  const warmupCycles = policy === 'round-robin' ? ROUND_ROBIN_WARMUP_CYCLES : WARMUP_CYCLES;
  const skipS = (WARMUP_CYCLES - warmupCycles) * size.cycleS;
  const warmupEnd = t0 + warmupCycles * size.cycleS * 1000;
  const measureEnd = warmupEnd + MEASURE_CYCLES * size.cycleS * 1000;
  const measured = await playTimeline(setup, running, { t0, skipS, measureEnd });
  const cpu = process.cpuUsage(cpuBefore);
  loop.disable();
  const kept = {
    cpuPercent: Math.round((100 * (cpu.user + cpu.system)) / 1000 / (performance.now() - t0)),
    loopDelayP99Ms: round(loop.percentile(99) / 1e6, 1) ?? 0,
  };
  const drainEnd = measureEnd + DRAIN_CYCLES * size.cycleS * 1000;
  while (running.delays.length < measured && performance.now() < drainEnd) await sleep(50);
  const drainedS = (performance.now() - measureEnd) / 1000;
  // Counted from the start to the drain's end, before the stop (which ends a policy mid-step).
  const requests = setup.feedRequests.count - running.requestsBefore;
  const posts = { ...running.posts };
  await closePhase(running);
  const { delays } = running;
  const inWindow = setup.pollTimes.map((times) => times.filter((t) => t >= warmupEnd && t <= measureEnd));
  const polls = inWindow.reduce((sum, times) => sum + times.length, 0);
  const result: PhaseResult = {
    policy,
    delaysS: delays,
    meanS: (mean(delays) ?? 0) * scale,
    p95S: (percentile(delays, 95) ?? 0) * scale,
    polls,
    requests,
    posted: posts.count,
    messages: posts.messages,
    unposted: measured - delays.length,
    maxGapS: (longestGap(setup.pollTimes, size.owners, t0, warmupEnd, measureEnd) / 1000) * scale,
    http429: emulator.stats.rateLimited - running.limitedBefore,
    keptUp: kept,
  };
  const byTier = pollsByTier(setup.rates, inWindow);
  log(
    `    ${policy} (set-up ${((t0 - opening) / 1000).toFixed(0)} s, ${warmupCycles} + ${MEASURE_CYCLES} cycles, drained in ${drainedS.toFixed(0)} s): ${delays.length}/${measured} measured activities posted, mean ${result.meanS.toFixed(0)} s, p95 ${result.p95S.toFixed(0)} s, ${polls} polls in the window, longest gap ${result.maxGapS.toFixed(0)} s, 429s ${result.http429}; polls per owner: busiest 20% ${byTier.busy}, other active ${byTier.other}, idle ${byTier.idle}; CPU ${kept.cpuPercent}% of a core, event-loop p99 ${kept.loopDelayP99Ms} ms`,
  );
  return result;
}

/** Interactive requests at a fifth of the budget, as people's commands would make them. */
function startCommands(service: ServiceClient, token: string, perS: number): () => void {
  let stopped = false;
  void (async () => {
    // Exactly `perS` on average: the fraction left over from one 100 ms step is carried to the next.
    let owed = 0;
    while (!stopped) {
      owed += perS / 10;
      for (; owed >= 1; owed -= 1)
        service.me({}, { token, priority: 'interactive', person: null }).catch(() => undefined);
      await sleep(100);
    }
  })();
  return () => {
    stopped = true;
  };
}

/**
 * The verdicts' refreshes as the job makes them (jobs/verdict/refresh.ts): an episode's 50 newest
 * records at announcement priority, `perS` a second on average.
 */
function startVerdicts(
  service: ServiceClient,
  token: string,
  perS: number,
  episodes: number[],
  feedWaiting: () => boolean,
  counts: PhaseLoad,
): () => void {
  let stopped = false;
  counts.made = 0;
  counts.deferred = 0;
  void (async () => {
    let owed = 0;
    let k = 0;
    while (!stopped) {
      owed += perS / 10;
      for (; owed >= 1; owed -= 1) {
        // As the job: a refresh waits while feed polls wait (it is made later, not dropped).
        if (feedWaiting()) {
          counts.deferred = (counts.deferred ?? 0) + 1;
          break;
        }
        counts.made = (counts.made ?? 0) + 1;
        const episode = episodes[k++ % Math.max(1, episodes.length)] ?? 1;
        const query = { filter_episode_id: episode, sort_id: 'desc' as const, per_page: 50 };
        service.records(query, { token, priority: 'announcement' }).catch(() => undefined);
      }
      await sleep(100);
    }
  })();
  return () => {
    stopped = true;
  };
}

/**
 * The author line of a run's entry ("alice recorded 3 episodes", jobs/feed/runs.ts) in each
 * language, its count captured: one embed for that many records.
 */
const RUN_AUTHOR = LOCALES.map((locale) => {
  const sample = createTranslator(locale)('jobs.feed.recordedMany', { user: '\u0000', count: 987654 });
  const escaped = sample.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace('\u0000', '.*').replace('987654', '(\\d+)')}$`);
});

/** The activities one embed stands for: a record (several when a run), or one status line each. */
function activitiesInEmbed(embed: APIEmbed): number {
  if (!embed.author) return (embed.description ?? '').split('\n').length;
  for (const pattern of RUN_AUTHOR) {
    const count = pattern.exec(embed.author.name)?.[1];
    if (count) return Number(count);
  }
  return 1;
}

/**
 * How many activities one feed message carries: a poll's activities for a channel are batched, one
 * embed per record (or run of records), one line per status change, one plain message per minimal post.
 */
export function activitiesIn(message: Parameters<ChannelPoster['post']>[1]): number {
  const embeds = message.embeds ?? [];
  if (embeds.length === 0) return 1;
  return embeds.reduce((sum, embed) => sum + activitiesInEmbed(embed), 0);
}

/** Records when each channel's posts land: the k-th activity posted in an owner's channel is its k-th. */
function timedPoster(
  real: ChannelPoster,
  pending: Map<string, Array<{ at: number; measured: boolean }>>,
  delays: number[],
  posts: { count: number; messages: number },
) {
  return {
    notifyUser: (userId: string, content: string) => real.notifyUser(userId, content),
    async post(channelId: string, message: Parameters<ChannelPoster['post']>[1]) {
      const outcome = await real.post(channelId, message);
      if (!outcome.ok) return outcome;
      posts.messages += 1;
      posts.count += activitiesIn(message);
      for (let i = activitiesIn(message); i > 0; i--) {
        const created = pending.get(channelId)?.shift();
        if (created?.measured) delays.push((performance.now() - created.at) / 1000);
      }
      return outcome;
    },
  } satisfies ChannelPoster;
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
