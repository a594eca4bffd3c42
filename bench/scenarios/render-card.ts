/**
 * Scenario: pictures. Render time and extra RSS per card, for the weekly summary and the
 * season card, in a fresh process (bench/children/render-card.ts), against the same process encoding
 * a blank canvas of the weekly card's size as PNG: the part of a card's cost any PNG that size has.
 * Targets (on two cores): at most 300 ms and 40 MB of extra RSS per card.
 */
import { RENDER_CARD_PREFIX, type RenderCardReport } from '../children/render-card-report.js';
import { spawnScript } from '../spawn.js';
import { median, percentile, round } from '../stats.js';
import { type Row, row, type Scenario } from '../types.js';

const NAME = 'render-card';
const MB = 1024 * 1024;
const TARGET_MS = 300;
const TARGET_MB = 40;

async function measure(cards: number): Promise<RenderCardReport> {
  const child = spawnScript({
    runner: 'node',
    nodeFlags: ['--expose-gc'],
    script: 'bench/children/render-card.ts',
    env: { CARDS: String(cards) },
  });
  try {
    const { line } = await child.waitForLine(new RegExp(`^${RENDER_CARD_PREFIX}`), 300_000);
    return JSON.parse(line.slice(RENDER_CARD_PREFIX.length)) as RenderCardReport;
  } catch (error) {
    throw new Error(`render-card child failed: ${String(error)}\n${child.output()}`);
  } finally {
    await child.stop();
  }
}

function rows(report: RenderCardReport, cards: number): Row[] {
  const blankMs = round(median(report.blank.times));
  const blankMb = round(Math.max(...report.blank.extraRssBytes) / MB);
  const baseline = { baselineLabel: 'blank PNG, same size' };
  const cardRows = (label: string, phase: RenderCardReport['weekly']): Row[] => {
    const p50 = round(median(phase.times));
    const p95 = round(percentile(phase.times, 95));
    // The largest, not the median: once a card has grown the heap, the next ones reuse that memory.
    const mb = round(Math.max(...phase.extraRssBytes) / MB);
    const medianMb = round((median(phase.extraRssBytes) ?? 0) / MB);
    return [
      row(NAME, `${label}: render time p50`, {
        value: p50,
        unit: 'ms',
        baseline: blankMs,
        ...baseline,
        target: `≤ ${TARGET_MS} ms`,
        met: p50 !== null && p50 <= TARGET_MS,
        note: `p95 ${p95} ms over ${cards} cards`,
      }),
      row(NAME, `${label}: extra RSS per card`, {
        value: mb,
        unit: 'MB',
        baseline: blankMb,
        ...baseline,
        target: `≤ ${TARGET_MB} MB`,
        met: mb !== null && mb <= TARGET_MB,
        note: `the largest over ${cards} cards (median ${medianMb} MB)`,
      }),
    ];
  };
  return [
    ...cardRows('weekly summary', report.weekly),
    ...cardRows('season card', report.season),
    row(NAME, 'first card in a process (cold)', {
      value: round(report.coldMs),
      unit: 'ms',
      note: `loads the library and registers the fonts its text needs; RSS after it ${round(report.rssAfterColdBytes / MB)} MB`,
    }),
  ];
}

export const renderCard: Scenario = {
  name: NAME,
  title: 'Pictures: render time and extra RSS per card',
  resultsKey: 'render_card',
  quickDiffers: '5 cards of each kind (not 40)',
  async run(options) {
    const cards = options.quick ? 5 : 40;
    options.log(`  ${cards} blank PNGs, weekly summaries and season cards in a fresh process`);
    const report = await measure(cards);
    options.log(
      `    weekly p50 ${round(median(report.weekly.times))} ms, season p50 ${round(median(report.season.times))} ms, blank p50 ${round(median(report.blank.times))} ms (node ${report.node})`,
    );
    return {
      rows: rows(report, cards),
      details: { report },
      summary: {
        weekly_p50_ms: round(median(report.weekly.times)),
        season_p50_ms: round(median(report.season.times)),
        blank_p50_ms: round(median(report.blank.times)),
        weekly_extra_rss_mb: round(Math.max(...report.weekly.extraRssBytes) / MB),
        season_extra_rss_mb: round(Math.max(...report.season.extraRssBytes) / MB),
        blank_extra_rss_mb: round(Math.max(...report.blank.extraRssBytes) / MB),
        cold_ms: round(report.coldMs),
      },
    };
  },
};
