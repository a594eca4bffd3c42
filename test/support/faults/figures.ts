/**
 * Figures for the reliability table in docs/performance.md. Each suite prints one line; with
 * RELIABILITY_FIGURES_FILE set, the line is also appended there as JSON.
 */
import { appendFileSync } from 'node:fs';

export type Figures = Record<string, number>;

/** The figures of a crash run: its seed, how often the bot was killed, the posts it owed and what became of them. */
export function crashRunFigures(
  seed: number,
  killedAt: readonly number[],
  count: { expected: number; lost: number; duplicated: number },
): Figures {
  return {
    seed,
    kills: killedAt.length,
    postsExpected: count.expected,
    postsLost: count.lost,
    postsDuplicated: count.duplicated,
  };
}

export function reportFigures(suite: string, figures: Figures): void {
  const line = JSON.stringify({ suite, ...figures });
  console.info(`[reliability] ${line}`);
  const file = process.env.RELIABILITY_FIGURES_FILE;
  if (file) appendFileSync(file, `${line}\n`);
}
