/** What every crash test checks at the end, over all the bot processes it started. */
import { expect } from 'vitest';
import type { CrashStack } from './crash-stack.js';
import { directorySources, findLeaks, restSources } from './secrets.js';

export interface CrashOutcome {
  /** Processes that exited without being killed. */
  crashes: number;
  unhandledRejections: number;
  /** Posts re-sent with their nonce after a kill left them pending (the fake answered with the first). */
  pendingRetried: number;
  leaks: number;
}

export async function checkCrashOutcome(
  stack: CrashStack,
  secrets: readonly string[],
): Promise<CrashOutcome> {
  const outputs = stack.bots.map((bot) => bot.output());
  const leaks = findLeaks(
    [...secrets, stack.discord.botToken],
    [
      ...outputs.map((content, index) => ({ name: `bot process #${index} output`, content })),
      ...restSources(stack.discord.restCalls),
      ...(await directorySources(stack.dataDir)),
    ],
  );
  const outcome: CrashOutcome = {
    crashes: stack.bots.filter((bot) => bot.crashed).length,
    unhandledRejections: stack.bots.reduce(
      (n, bot) => n + bot.markers('unhandled-rejection').length + bot.markers('uncaught-exception').length,
      0,
    ),
    pendingRetried: outputs.reduce(
      (n, text) => n + text.split('outbox: retrying a pending post').length - 1,
      0,
    ),
    leaks: leaks.length,
  };
  expect(leaks).toEqual([]);
  expect({ crashes: outcome.crashes, unhandledRejections: outcome.unhandledRejections }).toEqual({
    crashes: 0,
    unhandledRejections: 0,
  });
  return outcome;
}

/** A number in [min, max] from a seeded generator. */
export function between(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** The seed of every random choice in this suite (RELIABILITY_SEED overrides it to reproduce a run). */
export function suiteSeed(fallback: number): number {
  const fromEnv = Number(process.env.RELIABILITY_SEED);
  return Number.isInteger(fromEnv) ? fromEnv : fallback;
}
