/** Shapes shared by the benchmark scenarios, the table and results.json. */

/** One figure of one scenario, with the baseline measured in the same run. */
export interface Row {
  scenario: string;
  figure: string;
  /** The measured value (null when it could not be measured). */
  value: number | null;
  unit: string;
  /** What the value is compared with: a bare client measured now, or a computed floor. */
  baseline: number | null;
  /** Short description of the baseline (e.g. "bare client", "floor owners/rate"). */
  baselineLabel?: string;
  /** value / baseline when both are present. */
  ratio: number | null;
  /** Human-readable target, e.g. "≤ 1.3×" or "= 0"; empty when the figure is informative only. */
  target: string;
  /** Whether the target is met; null when there is no target. */
  met: boolean | null;
  /** Extra detail (counts, variants) for the report. */
  note?: string;
}

export interface ScenarioOptions {
  quick: boolean;
  /** Progress lines go here (stderr), never into the table. */
  log: (line: string) => void;
}

export interface ScenarioOutcome {
  rows: Row[];
  /** Raw numbers kept in results.json beside the rows. */
  details: Record<string, unknown>;
  /** Headline figures, written at the top level of results.json under the scenario's `resultsKey`. */
  summary?: Record<string, unknown>;
}

export interface Scenario {
  name: string;
  title: string;
  /** Top-level key of results.json for the outcome's `summary` (e.g. `scale_out`). */
  resultsKey?: string;
  /**
   * What `--quick` measures differently (smaller sizes, shorter windows), when its figures are not
   * comparable with a full run's: printed beside the scenario's time in a quick run.
   */
  quickDiffers?: string;
  run(options: ScenarioOptions): Promise<ScenarioOutcome>;
}

/** Builds a row, computing the ratio. */
export function row(
  scenario: string,
  figure: string,
  fields: {
    value: number | null;
    unit: string;
    baseline?: number | null;
    baselineLabel?: string;
    target?: string;
    met?: boolean | null;
    note?: string;
  },
): Row {
  const baseline = fields.baseline ?? null;
  const ratio = fields.value !== null && baseline !== null && baseline !== 0 ? fields.value / baseline : null;
  return {
    scenario,
    figure,
    value: fields.value,
    unit: fields.unit,
    baseline,
    ...(fields.baselineLabel ? { baselineLabel: fields.baselineLabel } : {}),
    ratio,
    target: fields.target ?? '',
    met: fields.met ?? null,
    ...(fields.note ? { note: fields.note } : {}),
  };
}
