/**
 * The render-card scenario's child: a fresh process that draws cards and prints one report line.
 * First the cold card (library loaded, fonts registered as the text needs them), then, warm,
 * `CARDS` blank canvases of the weekly card's size encoded as PNG (the baseline: what any PNG of
 * that size costs), then `CARDS` weekly summaries and season cards from the tests' sample data.
 * Before each card the heap is collected and RSS read; while it is drawn RSS is sampled every
 * millisecond the event loop is free (PNG encoding runs off it) and right after: the card's extra
 * RSS is its highest sample above the RSS before it.
 */
import { createTranslator } from '#src/i18n/translator.js';
import { renderSeasonCard, renderWeeklySummary, WEEKLY_SIZE } from '#src/pictures/index.js';
import { coverArt } from '../../test/pictures/cover-art.js';
import { COVER_PATHS, sampleSeason, sampleWeek } from '../../test/pictures/samples.js';
import { type PhaseReport, RENDER_CARD_PREFIX, type RenderCardReport } from './render-card-report.js';

const gc = (globalThis as { gc?: () => void }).gc;

async function settledRss(): Promise<number> {
  if (!gc) throw new Error('run with node --expose-gc');
  gc();
  await new Promise((resolve) => setTimeout(resolve, 50));
  gc();
  return process.memoryUsage.rss();
}

/** Each card timed, and its RSS peak (sampled while it runs) above the settled RSS just before it. */
async function phase(count: number, render: () => Promise<unknown>): Promise<PhaseReport> {
  const times: number[] = [];
  const extraRss: number[] = [];
  for (let i = 0; i < count; i++) {
    const before = await settledRss();
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage.rss());
    };
    const sampler = setInterval(sample, 1);
    try {
      const started = performance.now();
      await render();
      times.push(performance.now() - started);
      sample();
    } finally {
      clearInterval(sampler);
    }
    extraRss.push(peak - before);
  }
  return { times, extraRssBytes: extraRss };
}

async function main(): Promise<void> {
  const count = Number(process.env.CARDS ?? '20');
  const t = createTranslator('ja');
  const arts = new Map<string, Buffer>();
  for (const [index, path] of COVER_PATHS.entries()) arts.set(`bench:${path}`, await coverArt(index));
  // Covers from memory: the figure is the drawing, not the network (covers.test.ts covers fetching).
  const deps = { covers: { fetch: async (url: string | null | undefined) => arts.get(url ?? '') } };
  const week = sampleWeek('bench:');
  const season = sampleSeason('bench:');

  const coldStarted = performance.now();
  await renderWeeklySummary(week, t, deps);
  const coldMs = performance.now() - coldStarted;
  const rssAfterCold = await settledRss();
  const canvas = await import('@napi-rs/canvas');
  const blank = await phase(count, async () => {
    const surface = canvas.createCanvas(WEEKLY_SIZE.width, WEEKLY_SIZE.height);
    const ctx = surface.getContext('2d');
    ctx.fillStyle = '#12152a';
    ctx.fillRect(0, 0, WEEKLY_SIZE.width, WEEKLY_SIZE.height);
    return surface.encode('png');
  });
  const weekly = await phase(count, () => renderWeeklySummary(week, t, deps));
  const seasonPhase = await phase(count, () => renderSeasonCard(season, t, deps));
  const report: RenderCardReport = {
    node: process.version,
    coldMs,
    rssAfterColdBytes: rssAfterCold,
    blank,
    weekly,
    season: seasonPhase,
  };
  process.stdout.write(`${RENDER_CARD_PREFIX}${JSON.stringify(report)}\n`);
}

await main();
