/** Scenario 1's rows against the floor (the bare client making the one service request). */
import { round } from '../stats.js';
import { type Row, row } from '../types.js';

/** Every interaction within this of the floor (the bare client making the one request). */
const FLOOR_RATIO_TARGET = 1.15;

/**
 * The bot against the floor. With the generous budget that is the bot's own cost (target 1.15×); with
 * the production budget the 3/s pacing decides, which the floor does not have: informative only.
 */
export function floorRow(
  scenario: string,
  generous: boolean,
  figure: string,
  value: number | null,
  floor: number | null,
  extra: { baselineLabel: string; note: string },
): Row {
  const result = row(scenario, `${figure} first-callback p50 vs floor`, {
    value,
    unit: 'ms',
    baseline: floor,
    ...extra,
    ...(generous ? { target: `≤ ${FLOOR_RATIO_TARGET}×` } : {}),
  });
  if (generous) result.met = result.ratio === null ? null : result.ratio <= FLOOR_RATIO_TARGET;
  return result;
}

/**
 * The CPU each interaction cost the bench's process while in flight (the bot or the floor, the fake
 * Discord and the driver alike; the emulator runs in its own process): it moves far less with the
 * machine's load than latency does, and what kiroku adds over the floor is its own work.
 */
export function cpuRow(
  scenario: string,
  prefix: string,
  cell: { cpuMsPerInteraction: number },
  floor: { cpuMsPerInteraction: number },
): Row {
  return row(scenario, `${prefix} CPU per interaction`, {
    value: round(cell.cpuMsPerInteraction, 2),
    unit: 'ms',
    baseline: round(floor.cpuMsPerInteraction, 2),
    baselineLabel: 'floor, same process and driver',
    note: `kiroku's own work: ${round(cell.cpuMsPerInteraction - floor.cpuMsPerInteraction, 2)} ms of CPU per interaction`,
  });
}
