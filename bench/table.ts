/** The plain-text table printed at the end: scenario, figure, value, baseline, ratio, target, met?. */
import type { ScenarioDuration } from './runner.js';
import type { Row, Scenario } from './types.js';

function formatNumber(value: number | null, unit = ''): string {
  if (value === null) return '—';
  const abs = Math.abs(value);
  const text =
    Number.isInteger(value) || abs >= 100
      ? String(Math.round(value))
      : abs >= 10
        ? value.toFixed(1)
        : value.toFixed(2);
  return unit && unit !== 'count' ? `${text} ${unit}` : text;
}

function formatMet(met: boolean | null): string {
  if (met === null) return '';
  return met ? 'yes' : 'NO';
}

const HEADERS = ['scenario', 'figure', 'value', 'baseline', 'ratio', 'target', 'met?'] as const;

export function formatTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.scenario,
    r.figure,
    formatNumber(r.value, r.unit),
    r.baseline === null
      ? '—'
      : `${formatNumber(r.baseline, r.unit)}${r.baselineLabel ? ` (${r.baselineLabel})` : ''}`,
    r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`,
    r.target,
    formatMet(r.met),
  ]);
  const widths = HEADERS.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (values: readonly string[]) =>
    values
      .map((v, i) => (i >= 2 && i <= 4 ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0)))
      .join(' │ ');
  const out = [line(HEADERS), widths.map((w) => '─'.repeat(w)).join('─┼─')];
  let previous = '';
  for (const c of cells) {
    if (c[0] !== previous && previous !== '') out.push(widths.map((w) => '─'.repeat(w)).join('─┼─'));
    previous = c[0] ?? '';
    out.push(line(c));
  }
  return out.join('\n');
}

/** Notes per row, numbered after the table (they are too long for a column). */
export function formatNotes(rows: readonly Row[]): string {
  return rows
    .filter((r) => r.note)
    .map((r) => `- ${r.scenario} · ${r.figure}: ${r.note}`)
    .join('\n');
}

/**
 * How long each scenario took, and the whole run; in a quick run, what each scenario measured
 * differently from a full run (its figures are a smoke check, not comparable with the full run's).
 */
export function formatDurations(
  selected: readonly Pick<Scenario, 'name' | 'quickDiffers'>[],
  durations: Readonly<Record<string, ScenarioDuration>>,
  quick: boolean,
): string {
  const lines = selected.map((scenario) => {
    const duration = durations[scenario.name];
    const took = duration ? `${duration.durationS.toFixed(1)} s${duration.failed ? ' (failed)' : ''}` : '—';
    const differs = quick && scenario.quickDiffers ? ` · quick: ${scenario.quickDiffers}` : '';
    return { name: scenario.name, took, differs };
  });
  const nameWidth = Math.max(8, ...lines.map((l) => l.name.length));
  const tookWidth = Math.max(4, ...lines.map((l) => l.took.length));
  const total = Object.values(durations).reduce((sum, d) => sum + d.durationS, 0);
  const heading = quick
    ? 'Time per scenario (quick run: a smoke check at reduced sizes; its figures are rough and not comparable with a full run where marked):'
    : 'Time per scenario:';
  return [
    heading,
    ...lines.map((l) => `  ${l.name.padEnd(nameWidth)}  ${l.took.padStart(tookWidth)}${l.differs}`),
    `  ${'all'.padEnd(nameWidth)}  ${`${total.toFixed(1)} s`.padStart(tookWidth)}`,
  ].join('\n');
}
