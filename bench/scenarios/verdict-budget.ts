/**
 * Scenario: the verdicts' service requests. First the real refresh
 * (jobs/verdict/refresh.ts) over two simulated days of 1,000 airing posts a day, spread evenly, a
 * step every 30 s: its requests per verdict per hour (the busiest hour of a post and the mean over
 * its day) and the steady rate they add to the budget, with every post its own episode (the worst
 * case) and with each episode posted by 10 servers (one request serves them all). Then the
 * feed-freshness world at 1,000 owners, adaptive schedule, in one run: without verdicts (the
 * baseline), with the verdicts' requests at each of those two rates, at announcement priority but
 * none started while feed polls wait (as the job does), beside the commands at a fifth of the
 * budget; the baseline again, for the noise. The feed's delays should not move beyond it. The four
 * phases run two at a time, each in a world of its own: the baseline beside the first rate, then
 * the second rate beside the baseline again.
 */
import { VERDICT_REQUESTS_PER_POST_HOUR } from '#src/verdicts/cadence.js';
import type { PhaseLoad, PhaseResult } from '../freshness/phase.js';
import { runSideBySide } from '../freshness/side-by-side.js';
import { faithfulSize, QUICK_SIZE, scaleOf } from '../freshness/world.js';
import { round } from '../stats.js';
import { row, type Scenario } from '../types.js';
import { type AiringPost, refreshRequests, refreshSteps } from '../verdict-refresh.js';

const NAME = 'verdict-budget';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POSTS_PER_DAY = 1_000;
/** A quick run's posts a day: the refresh's requests per post are the same, extrapolated to 1,000. */
const QUICK_POSTS_PER_DAY = 100;
const STEP_MS = 30_000;
/** A popular episode's posts: several servers follow the same work on the same broadcast. */
const SERVERS_PER_EPISODE = 10;

interface Simulated {
  requests: number;
  /** The most requests made for one episode (for one post, when each has its own) in any hour. */
  busiestHour: number;
  /** Requests per post over the day it is refreshed, per hour. */
  meanPerHour: number;
  /** Requests per second the verdicts add at 1,000 posts a day (a day's posts' requests over a day). */
  perS: number;
}

/**
 * The real refresh over two days, its service answering at once with no records; each episode
 * posted by `serversPerEpisode` servers at the same time (1: every post its own episode, the worst case).
 * `postsPerDay` spread evenly over the day; the rate is given at 1,000 posts a day.
 */
async function simulate(serversPerEpisode: number, postsPerDay: number): Promise<Simulated> {
  const start = Date.parse('2026-11-27T00:00:00Z');
  const posts: AiringPost[] = Array.from({ length: postsPerDay }, (_, i) => {
    const episode = Math.floor(i / serversPerEpisode);
    return {
      episodeId: episode + 1,
      aired: start + Math.floor((episode * serversPerEpisode * DAY) / postsPerDay),
    };
  });
  const steps = refreshSteps(
    posts.map((post) => post.aired),
    start,
    start + 2 * DAY + HOUR,
    STEP_MS,
  );
  const asked = await refreshRequests(posts, steps);
  let busiestHour = 0;
  const perEpisode = new Map<number, number[]>();
  for (const { episode, at } of asked) perEpisode.set(episode, [...(perEpisode.get(episode) ?? []), at]);
  for (const times of perEpisode.values())
    for (const t of times)
      busiestHour = Math.max(busiestHour, times.filter((u) => u >= t && u < t + HOUR).length);
  const perDayPerPost = asked.length / postsPerDay;
  return {
    requests: asked.length,
    busiestHour,
    meanPerHour: perDayPerPost / 24,
    perS: (perDayPerPost * POSTS_PER_DAY) / (DAY / 1000),
  };
}

/**
 * The feed without verdicts beside the feed with them at `perS` (every post its own episode), then
 * with them at `sharedPerS` beside the feed without again (the noise): two at a time, each phase in a
 * world of its own (bench/freshness/side-by-side.ts), so each comparison is made in the same minutes.
 * A quick run, at its small size, runs the first two only: the shared episodes' load is the same code
 * at a tenth of the rate, and the second baseline a repetition.
 */
async function freshness(perS: number, sharedPerS: number, log: (line: string) => void, quick: boolean) {
  const size = faithfulSize(quick ? QUICK_SIZE : { owners: 1_000, cycleS: 5 });
  const [first, second] = await runSideBySide(
    size,
    [{ policy: 'adaptive' }, { policy: 'adaptive', verdictPerS: perS }],
    '  without verdicts, beside them at the rate of every post its own episode:',
    log,
  );
  const load: PhaseLoad = second.load ?? { verdictPerS: perS };
  const [shared, baseline] = quick
    ? []
    : await runSideBySide(
        size,
        [{ policy: 'adaptive', verdictPerS: sharedPerS }, { policy: 'adaptive' }],
        '  verdicts at the rate of episodes shared by 10 servers, beside the baseline again:',
        log,
      );
  log(
    `  verdict requests made beside the feed: ${load.made} (shared episodes: ${shared?.load?.made ?? 'not run'}); deferrals while polls waited: ${load.deferred} (${shared?.load?.deferred ?? 'not run'})`,
  );
  const [without, withVerdicts, withShared, again] = [
    first.result,
    second.result,
    shared?.result,
    baseline?.result,
  ];
  return { without, withVerdicts, withShared, again, owners: size.owners, scale: scaleOf(size), load };
}

type Freshness = Awaited<ReturnType<typeof freshness>>;

function figures(sim: Simulated, shared: Simulated, fresh: Freshness) {
  const noise = (a: PhaseResult, b: PhaseResult) => Math.abs(a.meanS - b.meanS);
  const noted = fresh.again
    ? `the baseline run twice (beside each rate): noise ${round(noise(fresh.without, fresh.again), 1)} s in the mean`
    : 'the baseline run once (--quick)';
  const note = `time compressed ×${round(fresh.scale, 1)}; ${noted}`;
  return [
    row(NAME, 'service requests per verdict in its busiest hour', {
      value: sim.busiestHour,
      unit: 'requests',
      baseline: VERDICT_REQUESTS_PER_POST_HOUR,
      baselineLabel: 'stated budget (docs/usage.md)',
      target: `≤ ${VERDICT_REQUESTS_PER_POST_HOUR}`,
      met: sim.busiestHour <= VERDICT_REQUESTS_PER_POST_HOUR,
    }),
    row(NAME, 'service requests per verdict per hour, mean over its refreshed day', {
      value: round(sim.meanPerHour, 2),
      unit: 'requests',
      baseline: null,
    }),
    row(NAME, 'requests/s the verdicts add at 1,000 airing posts a day', {
      value: round(sim.perS, 3),
      unit: 'requests/s',
      baseline: 3,
      baselineLabel: 'the whole budget (SERVICE_RATE_PER_SECOND)',
    }),
    row(
      NAME,
      `requests/s at 1,000 airing posts a day, each episode posted by ${SERVERS_PER_EPISODE} servers`,
      {
        value: round(shared.perS, 3),
        unit: 'requests/s',
        baseline: round(sim.perS, 3),
        baselineLabel: 'each post its own episode',
        note: `busiest hour of one episode: ${shared.busiestHour} requests`,
      },
    ),
    row(NAME, `feed mean delay with verdicts (${fresh.owners.toLocaleString('en')} owners, adaptive)`, {
      value: round(fresh.withVerdicts.meanS, 1),
      unit: 's',
      baseline: round(fresh.without.meanS, 1),
      baselineLabel: 'without verdicts, same run',
      note,
    }),
    row(NAME, `feed mean delay with verdicts, each episode posted by ${SERVERS_PER_EPISODE} servers`, {
      value: fresh.withShared ? round(fresh.withShared.meanS, 1) : null,
      unit: 's',
      baseline: round(fresh.without.meanS, 1),
      baselineLabel: 'without verdicts, same run',
      note: fresh.withShared ? `p95 ${round(fresh.withShared.p95S, 1)} s` : 'not run in --quick',
    }),
    row(NAME, 'feed p95 delay with verdicts', {
      value: round(fresh.withVerdicts.p95S, 1),
      unit: 's',
      baseline: round(fresh.without.p95S, 1),
      baselineLabel: 'without verdicts, same run',
      note: fresh.again
        ? `second baseline p95 ${round(fresh.again.p95S, 1)} s`
        : 'no second baseline (--quick)',
    }),
  ];
}

export const verdictBudget: Scenario = {
  name: NAME,
  title:
    'Verdicts: service requests per verdict per hour at 1,000 airing posts a day, and the feed beside them',
  resultsKey: 'verdict_budget',
  quickDiffers: `${QUICK_POSTS_PER_DAY} posts a day simulated (rates given at 1,000), the feed at ${QUICK_SIZE.owners} owners (not 1,000) without and with verdicts only (no shared-episode run, no second baseline)`,
  async run(options) {
    const posts = options.quick ? QUICK_POSTS_PER_DAY : POSTS_PER_DAY;
    const sim = await simulate(1, posts);
    const shared = await simulate(SERVERS_PER_EPISODE, posts);
    options.log(
      `  ${sim.requests} refresh requests for ${posts} posts of as many episodes; ${sim.perS.toFixed(3)} requests/s at ${POSTS_PER_DAY} a day; ${shared.requests} when ${SERVERS_PER_EPISODE} servers post each episode`,
    );
    const fresh = await freshness(sim.perS, shared.perS, options.log, options.quick);
    const rows = figures(sim, shared, fresh);
    const strip = (phase: PhaseResult) => ({ ...phase, delaysS: undefined });
    return {
      rows,
      details: {
        simulated: sim,
        shared,
        without: strip(fresh.without),
        with: strip(fresh.withVerdicts),
        withShared: fresh.withShared ? strip(fresh.withShared) : null,
        again: fresh.again ? strip(fresh.again) : null,
      },
      summary: {
        ...sim,
        feed_mean_s: {
          without: fresh.without.meanS,
          with: fresh.withVerdicts.meanS,
          with_shared: fresh.withShared?.meanS ?? null,
          again: fresh.again?.meanS ?? null,
        },
      },
    };
  },
};
