/** What scenario 1 (interaction-overhead.ts) measures of each variant, and how many times. */
import type { VariantName } from '../targets.js';

export const CONCURRENCY = [1, 50, 200] as const;
/** Interactions at once in each burst of the warm-up. */
export const WARMUP_BURST = 50;

export interface Plan {
  quick: boolean;
  /** Interactions of each kind one at a time before anything is measured. */
  warmup: number;
  /**
   * Then bursts of WARMUP_BURST of each kind (not on the production budget): V8 optimizes kiroku's
   * larger code later than the bare client's, so a short warm-up measured a bot not yet compiled.
   */
  warmupBursts: number;
  singleSamples: number;
  rounds: Record<number, number>;
  /** Interactions per kind whose steps are marked (floor and generous budget only). */
  stepSamples: number;
}

export function planFor(quick: boolean): Plan {
  return quick
    ? { quick: true, warmup: 3, warmupBursts: 2, singleSamples: 3, rounds: { 50: 1, 200: 1 }, stepSamples: 3 }
    : {
        quick: false,
        warmup: 15,
        warmupBursts: 12,
        singleSamples: 30,
        rounds: { 50: 6, 200: 3 },
        stepSamples: 30,
      };
}

/**
 * The concurrencies a variant is measured at. In --quick the production budget skips 200 at once
 * at no latency: its busy answers wait out the budget (10 s a cell), and the slow-service cell
 * checks 200 at once on that budget anyway.
 */
export function concurrencies(variant: VariantName, plan: Plan): readonly number[] {
  return plan.quick && variant === 'production' ? CONCURRENCY.filter((c) => c !== 200) : CONCURRENCY;
}

/**
 * Rounds of `concurrency` interactions at once. The production budget (3/s) gets one round at 50 and
 * at 200, not 6 and 3: each round waits out its queue (4–10 s), and that queue sets its p50 (1.5–2 s,
 * 10–60× the bare client, far past the 1.3× target whatever the count; 50 and 200 samples show it).
 * The generous budget, which measures the bot's own cost, and the bare client and floor it is
 * compared with keep every round.
 */
export function rounds(variant: VariantName, plan: Plan, concurrency: number): number {
  return variant === 'production' ? 1 : (plan.rounds[concurrency] ?? 1);
}
