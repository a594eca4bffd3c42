/**
 * Two phases of the feed-freshness world at once, each in a process of its own
 * (bench/children/freshness-phase.ts) with its own copy of the world, made from the same seed: the
 * same owners, feeds' past, timeline and compressed limits as when one process ran one phase after
 * the other in one world. Each process is the bot, the emulator and the fake Discord of its phase
 * (at 10,000 owners about half a core for round-robin and two thirds for adaptive): on two cores
 * each has one to itself, and both see the machine as it is during the same minutes. Each phase's
 * log line gives its CPU and event-loop delay, to show its process kept up.
 */
import {
  PHASE_LOG_PREFIX,
  PHASE_RESULT_PREFIX,
  type PhaseOutcome,
} from '../children/freshness-phase-report.js';
import { type SpawnedChild, spawnScript } from '../spawn.js';
import type { Policy } from './phase.js';
import type { Size } from './world.js';

/** The longest a phase may take (10,000 owners: about 7 minutes). */
const PHASE_TIMEOUT_MS = 30 * 60_000;

export interface PhaseSpec {
  policy: Policy;
  /** Verdict requests per second of production time beside the feed (verdict-budget); none if unset. */
  verdictPerS?: number;
}

function spawnPhase(size: Size, spec: PhaseSpec): SpawnedChild {
  const args = [String(size.owners), String(size.cycleS), spec.policy];
  if (spec.verdictPerS !== undefined) args.push(String(spec.verdictPerS));
  return spawnScript({ runner: 'node', script: 'bench/children/freshness-phase.ts', args });
}

async function outcomeOf(child: SpawnedChild): Promise<PhaseOutcome> {
  const pattern = new RegExp(`^${PHASE_RESULT_PREFIX}`);
  const { line } = await child.waitForLine(pattern, PHASE_TIMEOUT_MS);
  return JSON.parse(line.slice(PHASE_RESULT_PREFIX.length)) as PhaseOutcome;
}

/** The two phases at once: their outcomes in the order given, their progress lines logged after `title`. */
export async function runSideBySide(
  size: Size,
  specs: readonly [PhaseSpec, PhaseSpec],
  title: string,
  log: (line: string) => void,
): Promise<[PhaseOutcome, PhaseOutcome]> {
  const children = specs.map((spec) => spawnPhase(size, spec));
  try {
    const [first, second] = await Promise.all(children.map(outcomeOf));
    if (!first || !second) throw new Error('a phase gave no outcome');
    return [first, second];
  } finally {
    log(title);
    for (const child of children)
      for (const line of child.output().split('\n'))
        if (line.startsWith(PHASE_LOG_PREFIX)) log(line.slice(PHASE_LOG_PREFIX.length));
    await Promise.all(children.map((child) => child.stop()));
  }
}
