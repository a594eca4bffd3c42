/**
 * Runs the selected scenarios one after another and keeps, beside their rows and details, how long
 * each took: the bench's own running time, per scenario, is a figure of its own (issue 39).
 */
import type { Row, Scenario } from './types.js';

/** How long one scenario ran (seconds of wall time), and whether it threw. */
export interface ScenarioDuration {
  durationS: number;
  failed: boolean;
}

export interface Ran {
  rows: Row[];
  details: Record<string, unknown>;
  failures: Record<string, string>;
  summaries: Record<string, unknown>;
  durations: Record<string, ScenarioDuration>;
}

export async function runScenarios(
  selected: readonly Scenario[],
  options: { quick: boolean; log: (line: string) => void; now?: () => number },
): Promise<Ran> {
  const { quick, log } = options;
  const now = options.now ?? (() => performance.now());
  const ran: Ran = { rows: [], details: {}, failures: {}, summaries: {}, durations: {} };
  for (const scenario of selected) {
    const began = now();
    log(`▶ ${scenario.name}: ${scenario.title}`);
    try {
      const outcome = await scenario.run({ quick, log });
      ran.rows.push(...outcome.rows);
      ran.details[scenario.name] = outcome.details;
      if (scenario.resultsKey && outcome.summary) ran.summaries[scenario.resultsKey] = outcome.summary;
    } catch (error) {
      ran.failures[scenario.name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`✗ ${scenario.name} failed: ${ran.failures[scenario.name]}`);
    }
    const durationS = Math.round((now() - began) / 100) / 10;
    ran.durations[scenario.name] = { durationS, failed: scenario.name in ran.failures };
    log(`  ${scenario.name} took ${durationS.toFixed(1)} s`);
  }
  return ran;
}
