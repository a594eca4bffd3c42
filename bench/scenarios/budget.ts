/**
 * Scenario 3: the request budget under load. 1,000 feed subscriptions (1,000 distinct owners) and
 * 5 interactive commands per second, against the emulator's 4/s per-IP limit with the default
 * budget (3/s). runCycle() is driven by hand, concurrently with the load (not the ticker).
 */
import type { Kiroku } from '#src/app.js';
import { DEMO_USERS } from '../../test/fakes/emulator/seed.js';
import { finalTimes } from '../burst.js';
import { FragmentPool } from '../fragments.js';
import { type LoadPools, type LoadSample, runLoad } from '../load.js';
import { allChannels, createOwners, feedSubscription, subscribeAll } from '../population.js';
import { type BenchStack, startBenchStack } from '../stack.js';
import { percentile, round } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'budget';
export const OWNERS = 1000;
const PER_SECOND = 5;

/** Service requests the bot has made so far at one priority (poll: the feed's following_activities). */
export async function requestsAt(kiroku: Kiroku, priority: 'poll' | 'interactive'): Promise<number> {
  const metric = await kiroku.metrics.serviceRequests.get();
  return metric.values.filter((v) => v.labels.priority === priority).reduce((sum, v) => sum + v.value, 0);
}

function summarize(samples: readonly LoadSample[]) {
  const finals = finalTimes(samples);
  const byKind: Record<string, { n: number; p95: number | null; outcomes: Record<string, number> }> = {};
  for (const kind of new Set(samples.map((s) => s.kind))) {
    const of = samples.filter((s) => s.kind === kind);
    const outcomes: Record<string, number> = {};
    for (const s of of) outcomes[s.outcome] = (outcomes[s.outcome] ?? 0) + 1;
    byKind[kind] = {
      n: of.length,
      p95: round(percentile(finalTimes(of), 95)),
      outcomes,
    };
  }
  const busy = samples.filter((s) => s.outcome === 'busy' || s.outcome === 'empty').length;
  return {
    n: samples.length,
    p50: round(percentile(finals, 50)),
    p95: round(percentile(finals, 95)),
    missed: samples.filter((s) => s.missed).length,
    deferred: samples.filter((s) => s.deferred).length,
    busy,
    byKind,
  };
}

type Summary = ReturnType<typeof summarize>;

/** What the loaded phase measured, read in one go right after the load ended. */
interface LoadedFigures {
  rate: number;
  loaded: Summary;
  polled: number;
  elapsedS: number;
  interactiveRate: number;
  /** What the feed could get at best, given the interactive requests took their share first. */
  floorUnderLoadS: number | null;
  floorS: number;
  projectedS: number | null;
  cycleMeasured: boolean;
  rateLimited: number;
  budgetRateLimited: number;
  serviceRequests: number;
}

export const budget: Scenario = {
  name: NAME,
  title: 'Request budget: 1,000 feed owners + 5 interactive/s vs the 4/s per-IP limit',
  quickDiffers:
    'loaded for 6 s and alone for 3 s (not 60 and 20): the cycle is extrapolated from fewer polls',
  async run(options) {
    const durationMs = options.quick ? 6_000 : 60_000;
    const baselineMs = options.quick ? 3_000 : 20_000;
    const stack = await startBenchStack({
      emulator: { rateLimit: true },
      discord: { guilds: 1, channelsPerGuild: 25 },
    });
    const { discord } = stack;
    try {
      await subscribeOwners(stack);
      const pools = disjointLoadPools(stack);
      const startStats = { ...stack.emulator.stats };

      options.log(`  baseline: interactive load only, ${baselineMs / 1000} s`);
      const alone = summarize(
        await runLoad(discord, {
          perSecond: PER_SECOND,
          durationMs: baselineMs,
          pools: pools(0),
          seed: 1,
          userBase: 360000000000000000n,
        }),
      );
      discord.resetRecords();

      options.log(`  loaded: ${OWNERS} feed owners + interactive load, ${durationMs / 1000} s`);
      const { figures, cycle } = await loadedPhase(stack, pools(1), durationMs, startStats);
      options.log(
        `  polled ${figures.polled} owners in ${figures.elapsedS.toFixed(1)} s; interactive p95 ${figures.loaded.p95} ms (alone ${alone.p95} ms); 429s ${figures.rateLimited}`,
      );
      const rows = budgetRows(figures, alone);
      await stack.kiroku.stop();
      await cycle;
      return { rows, details: budgetDetails(figures, alone, durationMs) };
    } finally {
      await stack.close();
    }
  },
};

/** OWNERS owners who follow alice, each with a feed subscription, spread over the channels. */
export async function subscribeOwners({ kiroku, emulator, discord }: BenchStack): Promise<void> {
  const owners = await createOwners(kiroku, emulator.data, OWNERS, {
    prefix: 'bench_budget_owner',
    prepare: (userId) => emulator.data.follow(userId, DEMO_USERS.alice.id),
  });
  const channels = allChannels(discord);
  await subscribeAll(
    kiroku,
    owners.map((owner, i) => {
      const channel = channels[i % channels.length];
      if (!channel) throw new Error('no channel');
      return feedSubscription(owner.discordId, channel.guildId, channel.channelId);
    }),
    new Date(),
  );
}

/** Two disjoint pools: the baseline phase must not warm the cache for the loaded phase. */
export function disjointLoadPools(
  { emulator }: BenchStack,
  fragments = new FragmentPool(),
): (offset: number) => LoadPools {
  return (offset) => ({
    autocomplete: Array.from({ length: 40 }, () => fragments.take()),
    search: Array.from({ length: 20 }, () => fragments.take()),
    workIds: [...emulator.data.works.keys()].filter((_, i) => i % 2 === offset),
  });
}

/** One feed cycle started by hand, concurrently with the interactive load. */
async function loadedPhase(
  stack: BenchStack,
  pools: LoadPools,
  durationMs: number,
  startStats: { requests: number; rateLimited: number },
): Promise<{ figures: LoadedFigures; cycle: Promise<unknown> }> {
  const { kiroku, emulator, discord } = stack;
  const rate = stack.config.service.ratePerSecond;
  const pollsBefore = await requestsAt(kiroku, 'poll');
  const interactiveBefore = await requestsAt(kiroku, 'interactive');
  const cycleStarted = performance.now();
  let cycleEnded: number | undefined;
  const cycle = kiroku.jobs.feed.runCycle().then(
    (report) => {
      cycleEnded = performance.now();
      return report;
    },
    () => undefined,
  );
  const samples = await runLoad(discord, {
    perSecond: PER_SECOND,
    durationMs,
    pools,
    seed: 2,
    userBase: 370000000000000000n,
  });
  const loadEnded = performance.now();
  const polled = (await requestsAt(kiroku, 'poll')) - pollsBefore;
  const elapsedS = (loadEnded - cycleStarted) / 1000;
  const interactiveRate = ((await requestsAt(kiroku, 'interactive')) - interactiveBefore) / elapsedS;
  const projectedS =
    cycleEnded !== undefined
      ? (cycleEnded - cycleStarted) / 1000
      : polled > 0
        ? (OWNERS * elapsedS) / polled
        : null;
  const figures: LoadedFigures = {
    rate,
    loaded: summarize(samples),
    polled,
    elapsedS,
    interactiveRate,
    floorUnderLoadS: rate > interactiveRate ? OWNERS / (rate - interactiveRate) : null,
    floorS: OWNERS / rate,
    projectedS,
    cycleMeasured: cycleEnded !== undefined,
    rateLimited: emulator.stats.rateLimited - startStats.rateLimited,
    budgetRateLimited: kiroku.budget.stats().rateLimitedCount,
    serviceRequests: emulator.stats.requests - startStats.requests,
  };
  return { figures, cycle };
}

function budgetRows(f: LoadedFigures, alone: Summary) {
  const { rate, loaded } = f;
  return [
    row(NAME, '429 responses from the service', {
      value: f.rateLimited,
      unit: 'count',
      baseline: 0,
      baselineLabel: 'target',
      target: '= 0',
      met: f.rateLimited === 0,
      note: `${f.serviceRequests} requests in both phases; budget ${rate}/s vs emulator 4/s per IP`,
    }),
    row(NAME, `interactive p95 time to final answer (${PER_SECOND}/s with ${OWNERS} feed owners)`, {
      value: loaded.p95,
      unit: 'ms',
      baseline: alone.p95,
      baselineLabel: 'same load, no feed',
      target: '< 3000 ms',
      met: loaded.p95 !== null && loaded.p95 < 3000,
      note: `n=${loaded.n}, p50 ${loaded.p50} ms, busy/empty answers ${loaded.busy} (alone ${alone.busy}), deferred ${loaded.deferred}, missed ${loaded.missed}; ${JSON.stringify(loaded.byKind)}`,
    }),
    row(NAME, `feed lag: one full cycle over ${OWNERS} owners`, {
      value: f.projectedS === null ? null : round(f.projectedS, 1),
      unit: 's',
      baseline: round(f.floorS, 1),
      baselineLabel: 'floor owners/rate',
      note: f.cycleMeasured
        ? 'measured: the cycle finished within the run'
        : `extrapolated: ${f.polled} owners polled in ${f.elapsedS.toFixed(1)} s under the interactive load (${(f.polled / f.elapsedS).toFixed(2)} owners/s); interactive requests took ${f.interactiveRate.toFixed(2)}/s of the ${rate}/s, leaving a floor of ${f.floorUnderLoadS === null ? '∞' : `${f.floorUnderLoadS.toFixed(0)} s`} for the feed`,
    }),
  ];
}

function budgetDetails(f: LoadedFigures, alone: Summary, durationMs: number) {
  return {
    owners: OWNERS,
    ratePerSecond: f.rate,
    interactivePerSecond: PER_SECOND,
    durationS: durationMs / 1000,
    driver: 'runCycle() called once by the bench, concurrently with the load (jobs not started)',
    rateLimited: f.rateLimited,
    budgetRateLimitedCount: f.budgetRateLimited,
    serviceRequests: f.serviceRequests,
    polledOwners: f.polled,
    pollElapsedS: f.elapsedS,
    feedFloorS: f.floorS,
    interactiveRequestsPerSecond: f.interactiveRate,
    feedFloorUnderLoadS: f.floorUnderLoadS,
    feedCycleS: f.projectedS,
    feedCycleMeasured: f.cycleMeasured,
    interactiveAlone: alone,
    interactiveLoaded: f.loaded,
  };
}
