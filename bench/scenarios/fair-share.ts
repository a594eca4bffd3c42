/**
 * One abusive person (two accounts, each at the full per-person allowance, spread
 * evenly like a script) beside normal users' lookups and 1,000 feed owners. Normal users' p95 and the
 * feed's pace are compared with the same run's phase without the abuser: both should stay within 1.2×.
 * First, one person alone on the idle bot at a person's pace (never refused: lone-person.ts) and,
 * beside him on an emulator of its own, a flooder with two processes on one Redis against one
 * process (share-processes.ts).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import type { FakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import { burst, finalTimes, type Sample } from '../burst.js';
import { FragmentPool } from '../fragments.js';
import { type LoadPools, type LoadSample, runLoad } from '../load.js';
import { type BenchStack, startBenchStack } from '../stack.js';
import { percentile, round, sleep } from '../stats.js';
import { row, type Scenario, type ScenarioOutcome } from '../types.js';
import { disjointLoadPools, OWNERS, requestsAt, subscribeOwners } from './budget.js';
import { type LonePerson, lonePerson } from './lone-person.js';
import { type ShareProcesses, shareProcesses } from './share-processes.js';

const NAME = 'fair_share';
/** Slowest normal answers kept per window in results.json: the p95 of about 80 is the 5th slowest. */
const SLOWEST_KEPT = 6;
/** Normal users: 20 people, one interaction every 10 s each, spread evenly. */
const OTHERS_PER_SECOND = 2;
/** The per-person allowance (src/bot/interaction-limits.ts): 5 commands and 20 autocompletes per 10 s. */
const ABUSER_COMMANDS_PER_S = 0.5;
const ABUSER_AUTOCOMPLETES_PER_S = 2;
const ABUSER_ACCOUNTS = ['390000000000000001', '390000000000000002'];

/** One window of a phase: normal users' answers and the budget's pace over it. */
interface Window {
  othersP50: number | null;
  othersP95: number | null;
  othersN: number;
  othersBusy: number;
  /** Normal users' answers that were not ok, by kind and outcome (e.g. `work info: busy`). */
  othersNotOk: Record<string, number>;
  pollsPerSecond: number;
  interactivePerSecond: number;
  /** The slowest normal answers (what the p95 is made of): kind, ms into the window, ms to the answer. */
  slowest: { kind: string; at: number; ms: number }[];
}

interface Phase {
  /** The first window: with the abuser, the one in which he spends his burst. */
  first: Window;
  /** The second window: with the abuser, the one in which he lives on his share's refill. */
  second: Window;
  /** Both windows' normal users together. */
  othersP95: number | null;
  abuserSent: number;
  abuserRefused: number;
  /** 429s the service answered during the phase (each pauses the whole budget). */
  rateLimited: number;
  /** The process's event-loop delay (bot, fake Discord and emulator share it), ms. */
  loopDelayP50: number | null;
  loopDelayP99: number | null;
}

function notOk(samples: readonly LoadSample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of samples)
    if (s.outcome !== 'ok') counts[`${s.kind}: ${s.outcome}`] = (counts[`${s.kind}: ${s.outcome}`] ?? 0) + 1;
  return counts;
}

/**
 * The abuser's two accounts, each at full allowance: searches and autocompletes with texts nobody else
 * sends (taken from the normal users' own pool), so the cache never answers him; each search costs two
 * requests (the title, then this season's matches).
 */
async function abuse(discord: FakeDiscord, fragments: FragmentPool, durationMs: number): Promise<Sample[]> {
  const pending: Promise<Sample[]>[] = [];
  const began = performance.now();
  const perSecond = (ABUSER_COMMANDS_PER_S + ABUSER_AUTOCOMPLETES_PER_S) * ABUSER_ACCOUNTS.length;
  const everyCommand = Math.round(
    (ABUSER_COMMANDS_PER_S + ABUSER_AUTOCOMPLETES_PER_S) / ABUSER_COMMANDS_PER_S,
  );
  for (let i = 0; performance.now() - began < durationMs; i++) {
    const id = ABUSER_ACCOUNTS[i % ABUSER_ACCOUNTS.length] ?? '';
    const user = { id, username: `abuser${id.slice(-1)}` };
    const command = Math.floor(i / ABUSER_ACCOUNTS.length) % everyCommand === 0;
    const send = () =>
      command
        ? discord.slash({ name: 'work', subcommand: 'search', options: { title: fragments.take() }, user })
        : discord.autocomplete({
            name: 'work',
            subcommand: 'info',
            options: { work: fragments.take() },
            focused: 'work',
            user,
          });
    pending.push(
      burst(1, send, (reply) =>
        reply.embeds.length > 0 || (reply.choices?.length ?? 0) > 0 ? 'ok' : 'refused',
      ),
    );
    await sleep(Math.max(0, began + ((i + 1) * 1000) / perSecond - performance.now()));
  }
  return (await Promise.all(pending)).flat();
}

interface PaceMark {
  at: number;
  polls: number;
  interactive: number;
}

/** The service requests the emulator has seen so far. */
function requestsAtNow(stack: BenchStack): number {
  return stack.emulator.stats.requests;
}

async function paceMark(stack: BenchStack): Promise<PaceMark> {
  return {
    at: performance.now(),
    polls: await requestsAt(stack.kiroku, 'poll'),
    interactive: await requestsAt(stack.kiroku, 'interactive'),
  };
}

function windowFigures(samples: readonly LoadSample[], from: PaceMark, to: PaceMark): Window {
  const seconds = (to.at - from.at) / 1000;
  const finals = finalTimes(samples);
  return {
    othersP50: round(percentile(finals, 50)),
    othersP95: round(percentile(finals, 95)),
    othersN: samples.length,
    othersBusy: samples.filter((s) => s.outcome !== 'ok').length,
    othersNotOk: notOk(samples),
    pollsPerSecond: (to.polls - from.polls) / seconds,
    interactivePerSecond: (to.interactive - from.interactive) / seconds,
    slowest: samples
      .flatMap((s) =>
        s.finalMs === null ? [] : [{ kind: s.kind, at: Math.round(s.at), ms: Math.round(s.finalMs) }],
      )
      .sort((a, b) => b.ms - a.ms)
      .slice(0, SLOWEST_KEPT),
  };
}

/**
 * Normal users for two windows of `windowMs` each, with or without the abuser, who starts with the
 * first window: the first holds his burst, the second his refill. Each window has pools of its own, so
 * the second is not lighter for what the first left in the cache.
 */
async function phase(
  stack: BenchStack,
  pools: () => LoadPools,
  windowMs: number,
  abuser: FragmentPool | undefined,
  seed: number,
): Promise<Phase> {
  const { discord, emulator } = stack;
  const rateLimitedBefore = emulator.stats.rateLimited;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const others = (windowSeed: number) =>
    runLoad(discord, {
      perSecond: OTHERS_PER_SECOND,
      durationMs: windowMs,
      pools: pools(),
      seed: windowSeed,
      userBase: 380000000000000000n + BigInt(windowSeed) * 1000n,
    });
  const abusing = abuser ? abuse(discord, abuser, 2 * windowMs) : Promise.resolve([]);
  const began = await paceMark(stack);
  const firstSamples = await others(seed);
  const middle = await paceMark(stack);
  const secondSamples = await others(seed + 1);
  const ended = await paceMark(stack);
  const abuserSamples = await abusing;
  loop.disable();
  const finals = finalTimes([...firstSamples, ...secondSamples]);
  return {
    first: windowFigures(firstSamples, began, middle),
    second: windowFigures(secondSamples, middle, ended),
    othersP95: round(percentile(finals, 95)),
    abuserSent: abuserSamples.length,
    abuserRefused: abuserSamples.filter((s) => s.outcome !== 'ok').length,
    rateLimited: emulator.stats.rateLimited - rateLimitedBefore,
    loopDelayP50: round(loop.percentile(50) / 1e6),
    loopDelayP99: round(loop.percentile(99) / 1e6),
  };
}

/**
 * Seconds the feed takes over its 1,000 owners from the start of a phase: the first window at the pace
 * measured in it (with the abuser: while he spends his burst), the rest at the pace of the second.
 */
function cycleSeconds(phase: Phase, windowMs: number): number | null {
  const windowS = windowMs / 1000;
  const polledFirst = phase.first.pollsPerSecond * windowS;
  if (polledFirst >= OWNERS) return OWNERS / phase.first.pollsPerSecond;
  return phase.second.pollsPerSecond > 0
    ? windowS + (OWNERS - polledFirst) / phase.second.pollsPerSecond
    : null;
}

function paceRow(label: string, abused: Window, alone: Window) {
  return row(NAME, label, {
    value: round(abused.pollsPerSecond, 2),
    unit: 'polls/s',
    baseline: round(alone.pollsPerSecond, 2),
    baselineLabel: 'same window, no abuser',
    target: '',
    met: null,
    note: `normal users p95 ${abused.othersP95} ms (alone ${alone.othersP95} ms); not answered ok ${JSON.stringify(abused.othersNotOk)} (alone ${JSON.stringify(alone.othersNotOk)}); interactive requests ${abused.interactivePerSecond.toFixed(2)}/s (alone ${alone.interactivePerSecond.toFixed(2)})`,
  });
}

/** The fair share's own rows: a lone person at a person's pace, and a flooder on two processes. */
function shareRows(lone: LonePerson, processes: ShareProcesses | undefined) {
  return [
    row(NAME, "refusals for a lone person at a person's pace, idle bot", {
      value: lone.refused,
      unit: 'actions',
      baseline: lone.actions,
      baselineLabel: 'actions sent',
      target: '= 0',
      met: lone.refused === 0,
      note: `one action every 2.5 s (autocomplete, searches, lookups, an Open menu, Next); ${lone.requests} service requests; production share`,
    }),
    row(NAME, "flooder's searches answered, two processes on Redis", {
      value: processes?.twoProcesses ?? null,
      unit: 'requests',
      baseline: processes?.oneProcess ?? null,
      baselineLabel: 'one process, same run',
      target: '= baseline ± 1',
      met: processes ? Math.abs(processes.twoProcesses - processes.oneProcess) <= 1 : null,
      note: processes
        ? `he sent ${processes.floodSent} in ${processes.windowMs / 1000} s beside each process's feed backlog; share 8 per 80 s; each process counting alone: ${processes.twoCountingAlone}`
        : 'not measured: redis-server is not installed',
    }),
  ];
}

function outcome(alone: Phase, abused: Phase, windowMs: number): ScenarioOutcome {
  const othersRatio =
    alone.othersP95 && abused.othersP95 !== null ? round(abused.othersP95 / alone.othersP95, 2) : null;
  const aloneCycle = cycleSeconds(alone, windowMs);
  const abusedCycle = cycleSeconds(abused, windowMs);
  const cycleRatio = aloneCycle && abusedCycle !== null ? round(abusedCycle / aloneCycle, 2) : null;
  const seconds = windowMs / 1000;
  return {
    rows: [
      row(NAME, 'normal users p95 time to final answer, with the abuser', {
        value: abused.othersP95,
        unit: 'ms',
        baseline: alone.othersP95,
        baselineLabel: 'same run, no abuser',
        target: '≤ 1.2× baseline',
        met: othersRatio !== null && othersRatio <= 1.2,
        note: `n=${abused.first.othersN + abused.second.othersN} over ${2 * seconds} s; abuser sent ${abused.abuserSent}, ${abused.abuserRefused} refused; 429s ${abused.rateLimited} (alone ${alone.rateLimited}); event-loop p99 ${abused.loopDelayP99} ms (alone ${alone.loopDelayP99} ms)`,
      }),
      row(NAME, 'feed cycle over 1,000 owners, with the abuser from its start', {
        value: abusedCycle === null ? null : round(abusedCycle, 1),
        unit: 's',
        baseline: aloneCycle === null ? null : round(aloneCycle, 1),
        baselineLabel: 'same run, no abuser',
        target: '≤ 1.2× baseline',
        met: cycleRatio !== null && cycleRatio <= 1.2,
        note: `the first ${seconds} s at the pace measured while he spends his burst, the rest at the pace measured after it (the same two windows without him for the baseline)`,
      }),
      paceRow(`feed pace, first ${seconds} s (the abuser spends his burst)`, abused.first, alone.first),
      paceRow(`feed pace, next ${seconds} s (the abuser lives on his refill)`, abused.second, alone.second),
    ],
    details: { windowMs, alone, abused },
    summary: { others_p95_ratio: othersRatio, feed_cycle_ratio: cycleRatio },
  };
}

export const fairShare: Scenario = {
  name: NAME,
  resultsKey: 'fair_share',
  quickDiffers:
    'windows of 5 s (not 40), the lone person for 7.5 s (not 60), the flooder for 2.5 s per phase (not 20): the abuser spends less of his burst',
  title: 'Fair share: one abusive person at full allowance vs 20 normal users and 1,000 feed owners',
  async run(options) {
    const windowMs = options.quick ? 5_000 : 40_000;
    // The lone person acts for the windows plus 20 s in a full run; a quick run checks a few actions.
    const loneMs = options.quick ? 7_500 : windowMs + 20_000;
    const stack = await startBenchStack({
      emulator: { rateLimit: true },
      discord: { guilds: 1, channelsPerGuild: 25 },
      // The production share of the budget per person; the abuser's interactions are paced at the
      // full allowance by abuse() itself, so every one of them reaches the bot.
      serviceShare: DEFAULT_INTERACTION_LIMITS.serviceShare,
    });
    let closed = false;
    try {
      // One pool of texts for everyone: nobody's search or autocomplete is answered from another's.
      const fragments = new FragmentPool();
      // The flooder's phases run beside the lone person: both count answers, not times, each with
      // its own emulator and budgets, at a few requests a second, so the bot the lone person uses
      // stays as idle as before and neither share sees the other's calls. Side by side they take
      // one minute of real time instead of two; both are over before the timed phases below.
      options.log(
        `  one person alone, an action every 2.5 s for ${loneMs / 1000} s; beside him, on their own emulator, a flooder on one process, then on two sharing Redis, ${windowMs / 2000} s each`,
      );
      const withEpisodes = [...stack.emulator.data.works.keys()].filter(
        (id) => stack.emulator.data.episodesOfWork(id).length > 0,
      );
      const [loneRun, floodRun] = await Promise.allSettled([
        lonePerson(stack.discord, fragments, withEpisodes, loneMs, () => requestsAtNow(stack)),
        shareProcesses(windowMs / 2),
      ]);
      if (loneRun.status === 'rejected') throw loneRun.reason;
      if (floodRun.status === 'rejected') throw floodRun.reason;
      const [lone, processes] = [loneRun.value, floodRun.value];
      await subscribeOwners(stack);
      const pools = disjointLoadPools(stack, fragments);
      // One feed cycle runs through both phases (1,000 owners take minutes): its pace is compared.
      const cycle = stack.kiroku.jobs.feed.runCycle().catch(() => undefined);
      options.log(`  without the abuser, 2 × ${windowMs / 1000} s`);
      const alone = await phase(stack, () => pools(0), windowMs, undefined, 1);
      options.log(`  with the abuser, 2 × ${windowMs / 1000} s`);
      const abused = await phase(stack, () => pools(1), windowMs, fragments, 3);
      options.log(
        `  event-loop delay p50/p99 ${abused.loopDelayP50}/${abused.loopDelayP99} ms (alone ${alone.loopDelayP50}/${alone.loopDelayP99} ms); 429s ${abused.rateLimited} (alone ${alone.rateLimited})`,
      );
      await stack.kiroku.stop();
      await cycle;
      closed = true;
      await stack.close();
      const measured = outcome(alone, abused, windowMs);
      return {
        rows: [...shareRows(lone, processes), ...measured.rows],
        details: { ...measured.details, lone, processes },
        summary: {
          ...measured.summary,
          lone_person_refusals: lone.refused,
          two_processes_flooder: processes?.twoProcesses ?? null,
          one_process_flooder: processes?.oneProcess ?? null,
        },
      };
    } finally {
      if (!closed) await stack.close();
    }
  },
};
