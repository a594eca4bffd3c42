import { setTimeout as sleep } from 'node:timers/promises';

/** What `within` answers when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/**
 * Resolves with `promise`, or with TIMED_OUT after `ms`, whichever comes first (the promise keeps
 * running). The timer is cleared as soon as the race is decided, so a finished wait never holds
 * the process open for the rest of `ms`. The one deadline race of the code base: the store's
 * probes, the router's autocomplete and drain, the responder's defer, the shards' exit, the wait
 * for command ids.
 */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  const timer = new AbortController();
  const elapsed = sleep(ms, TIMED_OUT, { signal: timer.signal });
  // Aborted once the race is decided: nothing waits for it any more.
  elapsed.catch(() => undefined);
  try {
    return await Promise.race([promise, elapsed]);
  } finally {
    timer.abort();
  }
}

/** Resolves with `promise`, or rejects after `ms` (the promise keeps running). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const result = await within(promise, ms);
  if (result === TIMED_OUT) throw new Error(`${what} did not answer within ${ms} ms`);
  return result;
}
