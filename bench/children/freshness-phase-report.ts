/** What bench/children/freshness-phase.ts prints: its progress lines and, last, its phase's outcome. */
import type { PhaseLoad, PhaseResult } from '../freshness/phase.js';

export const PHASE_LOG_PREFIX = 'freshness-phase-log ';
export const PHASE_RESULT_PREFIX = 'freshness-phase-result ';

export interface PhaseOutcome {
  result: PhaseResult;
  /** The verdicts' load, with the requests made and deferred, when the phase had one. */
  load?: PhaseLoad;
}
