/**
 * One phase of the feed-freshness world in a process of its own (bench/freshness/side-by-side.ts
 * runs two at once, each in one): the world made from the seed (the same in every process), the
 * phase run in it, and its result printed as one line.
 * Arguments: owners, cycle (compressed seconds, already made faithful), policy, and optionally the
 * verdicts' requests per second of production time beside the feed (verdict-budget).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type PhaseLoad, type Policy, runPhase } from '../freshness/phase.js';
import { prepare } from '../freshness/world.js';
import { PHASE_LOG_PREFIX, PHASE_RESULT_PREFIX, type PhaseOutcome } from './freshness-phase-report.js';

const [owners, cycleS, policy, verdictPerS] = process.argv.slice(2);
if (policy !== 'round-robin' && policy !== 'adaptive') throw new Error(`unknown policy ${policy}`);
const preparing = performance.now();
const setup = await prepare({ owners: Number(owners), cycleS: Number(cycleS) });
const log = (line: string) => process.stdout.write(`${PHASE_LOG_PREFIX}${line}\n`);
log(
  `    ${policy}: ${setup.timeline.length} activities, world made in ${((performance.now() - preparing) / 1000).toFixed(0)} s`,
);
try {
  const load: PhaseLoad | undefined = verdictPerS ? { verdictPerS: Number(verdictPerS) } : undefined;
  const result = await runPhase(setup, policy as Policy, log, load);
  const outcome: PhaseOutcome = { result, ...(load ? { load } : {}) };
  process.stdout.write(`${PHASE_RESULT_PREFIX}${JSON.stringify(outcome)}\n`);
} finally {
  await setup.discord.close();
  await setup.emulator.close();
  await rm(path.dirname(setup.template), { recursive: true, force: true });
}
