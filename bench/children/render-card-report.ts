/** The line the render-card child prints (see render-card.ts), read by bench/scenarios/render-card.ts. */
export const RENDER_CARD_PREFIX = 'BENCH_RENDER_CARD ';

export interface PhaseReport {
  /** Milliseconds per card, in order. */
  times: number[];
  /** Per card, in order: the highest RSS seen while it was drawn above the settled RSS before it, in bytes. */
  extraRssBytes: number[];
}

export interface RenderCardReport {
  node: string;
  coldMs: number;
  rssAfterColdBytes: number;
  blank: PhaseReport;
  weekly: PhaseReport;
  season: PhaseReport;
}
