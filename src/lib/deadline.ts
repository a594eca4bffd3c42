/** What `within` answers when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/**
 * Resolves with `promise`, or with TIMED_OUT after `ms`, whichever comes first (the promise keeps
 * running). The timer is cleared as soon as the race is decided, so a finished wait never holds
 * the process open for the rest of `ms`. The one deadline race of the code base: the store's
 * probes, the router's autocomplete and drain, the responder's defer, the shards' exit, the wait
 * for command ids.
 */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  // A plain timer: aborting a timers/promises sleep instead builds an AbortError (with its stack) for
  // every race, which on an interaction's path costs more than the race itself.
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(resolve, ms, TIMED_OUT);
  });
  return Promise.race([promise, elapsed]).finally(() => clearTimeout(timer));
}

/** Resolves with `promise`, or rejects after `ms` (the promise keeps running). */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  const result = await within(promise, ms);
  if (result === TIMED_OUT) throw new Error(`${what} did not answer within ${ms} ms`);
  return result;
}
