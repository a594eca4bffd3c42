/**
 * Scenario: feed freshness. Owners with a heavy-tailed activity model (half idle, the busiest 20%
 * making 80% of the activity), activities injected into the emulator over time, background
 * commands using a fifth of the budget; each size polled round-robin (the policy before issue 17)
 * and by the adaptive schedule, with the same seed, the same timeline, the same feeds' past and the
 * same budget, the two at once in worlds of their own (bench/freshness/side-by-side.ts). Measured:
 * delay from an activity's creation to its post in the channel, requests per posted activity, the
 * longest gap between two polls of one owner over round-robin's cycle, and 429s. The world and its
 * time compression: bench/freshness/world.ts; one policy's run: bench/freshness/phase.ts.
 */
import type { PhaseResult } from '../freshness/phase.js';
import { runSideBySide } from '../freshness/side-by-side.js';
import { faithfulSize, MEASURE_CYCLES, QUICK_SIZE, SEED, type Size, scaleOf } from '../freshness/world.js';
import { round } from '../stats.js';
import { type Row, row, type Scenario } from '../types.js';

const NAME = 'feed-freshness';

interface SizeResult {
  owners: number;
  scale: number;
  roundRobin: PhaseResult;
  adaptive: PhaseResult;
  /** Round-robin's measured cycle (production seconds): the window over its polls per owner. */
  cycleS: number;
}

/**
 * Each size's two policies side by side (bench/freshness/side-by-side.ts), one size after the other:
 * a size started while the other's adaptive phase was still measuring, to use the core its
 * round-robin had left, took 80 s less but shared the machine with it (10,000 owners' p95 0.61×
 * in that run, 0.59–0.60× otherwise), so each size has the machine to itself.
 */
async function runSize(size: Size, log: (line: string) => void): Promise<SizeResult> {
  const scale = scaleOf(size);
  log(
    `  ${size.owners} owners: time compressed ×${scale.toFixed(1)}: limit ${(4 * scale).toFixed(0)}/s, budget ${(3 * scale).toFixed(0)}/s, poll interval ${(60 / scale).toFixed(2)} s; round-robin and adaptive side by side, each in a process of its own`,
  );
  const [roundRobin, adaptive] = await runSideBySide(
    size,
    [{ policy: 'round-robin' }, { policy: 'adaptive' }],
    `  ${size.owners} owners, both policies done:`,
    log,
  );
  const windowS = MEASURE_CYCLES * size.cycleS * scale;
  const cycleS = roundRobin.result.polls > 0 ? (windowS * size.owners) / roundRobin.result.polls : windowS;
  return { owners: size.owners, scale, roundRobin: roundRobin.result, adaptive: adaptive.result, cycleS };
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
    /** Measured activities never posted before the drain ended, per policy. */
    unposted: { adaptive: adaptive.unposted, round_robin: roundRobin.unposted },
    /** Feed messages posted (a message carries a poll's activities for a channel). */
    messages: { adaptive: adaptive.messages, round_robin: roundRobin.messages },
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
      target: '≤ 0.4×',
      met: (s.mean_ratio ?? 1) <= 0.4,
      note,
    }),
    row(NAME, `${label}: p95 delay from activity to post`, {
      value: s.p95_delay_s,
      unit: 's',
      baseline: s.baseline_p95_delay_s,
      baselineLabel: 'round-robin, same run',
      target: '≤ 0.6×',
      met: (s.p95_ratio ?? 1) <= 0.6,
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
    }),
    row(NAME, `${label}: measured activities left unposted at the end (adaptive)`, {
      value: s.unposted.adaptive,
      unit: 'count',
      baseline: s.unposted.round_robin,
      baselineLabel: 'round-robin, same run',
      target: '= 0',
      met: s.unposted.adaptive === 0 && s.unposted.round_robin === 0,
      note: `round-robin left ${s.unposted.round_robin}; target 0 for both`,
    }),
  ];
}

/**
 * BENCH_FRESHNESS_OWNERS=1000 (comma-separated owner counts) keeps only those sizes: the 10,000-owner
 * run takes about 7 minutes on its own, so a check of the smaller one need not wait for it.
 */
function selectedSizes(sizes: Size[]): Size[] {
  const wanted = process.env.BENCH_FRESHNESS_OWNERS?.split(',').map((value) => Number(value.trim()));
  if (!wanted || wanted.length === 0) return sizes;
  const kept = sizes.filter((size) => wanted.includes(size.owners));
  if (kept.length === 0)
    throw new Error(`BENCH_FRESHNESS_OWNERS: none of ${sizes.map((s) => s.owners).join(', ')} owners`);
  return kept;
}

export const feedFreshness: Scenario = {
  name: NAME,
  title:
    'Feed freshness: adaptive poll schedule vs round-robin, heavy-tailed activity, commands at 1/5 of the budget',
  resultsKey: 'feed_freshness',
  quickDiffers: `${QUICK_SIZE.owners} owners (not 1,000 and 10,000): a few hundred measured activities, rough ratios`,
  async run(options) {
    const sizes: Size[] = options.quick
      ? [QUICK_SIZE]
      : [
          { owners: 1_000, cycleS: 10 },
          { owners: 10_000, cycleS: 50 },
        ];
    const results: SizeResult[] = [];
    for (const size of selectedSizes(sizes)) results.push(await runSize(faithfulSize(size), options.log));
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
