/**
 * How every property test here runs. Seeds stay random per run, so each CI run can find new cases.
 * A failure is shrunk for at most PROPERTY_TIME_LIMIT_MS: shrinking a body of ten embeds of essays
 * took 70,000 runs and over 30 s, so CI reported a timeout instead of the counterexample. The
 * smallest counterexample found by then is reported with its seed and path, which replay it.
 */
export const PROPERTY_TIME_LIMIT_MS = 8_000;

/** vitest's timeout for a property test: the time limit and room for the run under way when it strikes. */
export const PROPERTY_TEST_TIMEOUT_MS = 60_000;

/** fast-check settings: `numRuns` generated cases; interrupted (a pass only if nothing failed) after the time limit. */
export function runs(numRuns: number): { numRuns: number; interruptAfterTimeLimit: number } {
  return { numRuns, interruptAfterTimeLimit: PROPERTY_TIME_LIMIT_MS };
}
