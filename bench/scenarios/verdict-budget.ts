/**
 * Scenario: the verdicts' service requests. First the real refresh
 * (jobs/verdict/refresh.ts) over two simulated days of 1,000 airing posts a day, spread evenly, a
 * step every 30 s: its requests per verdict per hour (the busiest hour of a post and the mean over
 * its day) and the steady rate they add to the budget. Then the feed-freshness world at 1,000
 * owners, adaptive schedule, run twice in one run: without verdicts (the baseline) and with the
 * verdicts' requests at that rate, at announcement priority but none started while feed polls wait
 * (as the job does), beside the commands at a fifth of the budget; the baseline again after it, for
 * the noise. The feed's delays should not move beyond that noise.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openStore } from '#src/store/index.js';
import { quietVerdicts } from '../../test/support/quiet-verdicts.js';
import { type PhaseLoad, type PhaseResult, runPhase } from '../freshness/phase.js';
import { faithfulSize, prepare } from '../freshness/world.js';
import { round } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'verdict-budget';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const POSTS_PER_DAY = 1_000;
const STEP_MS = 30_000;

interface Simulated {
  requests: number;
  /** The most requests one post made in any hour after it aired. */
  busiestHour: number;
  /** Requests per post over the day it is refreshed, per hour. */
  meanPerHour: number;
  /** Requests per second the verdicts add at 1,000 posts a day (a day's posts' requests over a day). */
  perS: number;
}

/** The real refresh over two days, its service answering at once with no records. */
async function simulate(): Promise<Simulated> {
  const store = await openStore('sqlite://:memory:');
  let clock = Date.parse('2026-11-27T00:00:00Z');
  const now = () => new Date(clock);
  const asked: Array<{ episode: number; at: number }> = [];
  const { board, refresh } = quietVerdicts(store, now, async (params) => {
    asked.push({ episode: params.filter_episode_id ?? 0, at: clock });
    return { items: [] };
  });
  const start = clock;
  for (let i = 0; i < POSTS_PER_DAY; i++) {
    const aired = start + Math.floor((i * DAY) / POSTS_PER_DAY);
    await board.track({
      guildId: 'g',
      channelId: `c${i}`,
      messageId: `m${i}`,
      episodeId: i + 1,
      subscriptionId: 's',
      locale: 'en',
      airedAt: new Date(aired).toISOString(),
      nextRefreshAt: new Date(aired + 15 * 60_000).toISOString(),
    });
  }
  for (; clock <= start + 2 * DAY + HOUR; clock += STEP_MS) await refresh.tick();
  await store.close();
  let busiestHour = 0;
  const perPost = new Map<number, number[]>();
  for (const { episode, at } of asked) perPost.set(episode, [...(perPost.get(episode) ?? []), at]);
  for (const times of perPost.values())
    for (const t of times)
      busiestHour = Math.max(busiestHour, times.filter((u) => u >= t && u < t + HOUR).length);
  const perDayPerPost = asked.length / POSTS_PER_DAY;
  return {
    requests: asked.length,
    busiestHour,
    meanPerHour: perDayPerPost / 24,
    perS: (perDayPerPost * POSTS_PER_DAY) / (DAY / 1000),
  };
}

async function freshness(perS: number, log: (line: string) => void) {
  const setup = await prepare(faithfulSize({ owners: 1_000, cycleS: 5 }));
  try {
    const without = await runPhase(setup, 'adaptive', log);
    const load: PhaseLoad = { verdictPerS: perS };
    const withVerdicts = await runPhase(setup, 'adaptive', log, load);
    const again = await runPhase(setup, 'adaptive', log);
    log(
      `  verdict requests made beside the feed: ${load.made}; deferrals while polls waited: ${load.deferred}`,
    );
    return { without, withVerdicts, again, scale: setup.scale, load };
  } finally {
    await setup.discord.close();
    await setup.emulator.close();
    await rm(path.dirname(setup.template), { recursive: true, force: true });
  }
}

export const verdictBudget: Scenario = {
  name: NAME,
  title:
    'Verdicts: service requests per verdict per hour at 1,000 airing posts a day, and the feed beside them',
  resultsKey: 'verdict_budget',
  async run(options) {
    const sim = await simulate();
    options.log(
      `  ${sim.requests} refresh requests for ${POSTS_PER_DAY} posts; ${sim.perS.toFixed(3)} requests/s`,
    );
    const fresh = await freshness(sim.perS, options.log);
    const noise = (a: PhaseResult, b: PhaseResult) => Math.abs(a.meanS - b.meanS);
    const note = `time compressed ×${round(fresh.scale, 1)}; the baseline run twice (before and after): noise ${round(noise(fresh.without, fresh.again), 1)} s in the mean`;
    const rows = [
      row(NAME, 'service requests per verdict in its busiest hour', {
        value: sim.busiestHour,
        unit: 'requests',
        baseline: 4,
        baselineLabel: 'stated budget (docs/usage.md)',
        target: '≤ 4',
        met: sim.busiestHour <= 4,
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
      row(NAME, 'feed mean delay with verdicts (1,000 owners, adaptive)', {
        value: round(fresh.withVerdicts.meanS, 1),
        unit: 's',
        baseline: round(fresh.without.meanS, 1),
        baselineLabel: 'without verdicts, same run',
        note,
      }),
      row(NAME, 'feed p95 delay with verdicts', {
        value: round(fresh.withVerdicts.p95S, 1),
        unit: 's',
        baseline: round(fresh.without.p95S, 1),
        baselineLabel: 'without verdicts, same run',
        note: `second baseline p95 ${round(fresh.again.p95S, 1)} s`,
      }),
    ];
    const strip = (phase: PhaseResult) => ({ ...phase, delaysS: undefined });
    return {
      rows,
      details: {
        simulated: sim,
        without: strip(fresh.without),
        with: strip(fresh.withVerdicts),
        again: strip(fresh.again),
      },
      summary: {
        ...sim,
        feed_mean_s: {
          without: fresh.without.meanS,
          with: fresh.withVerdicts.meanS,
          again: fresh.again.meanS,
        },
      },
    };
  },
};
