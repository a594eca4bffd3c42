/**
 * Simulated time for tests about pacing (budgets, pauses, windows) that still talk over real
 * loopback HTTP: vitest's fake timers replace setTimeout, setInterval, Date and performance, so a
 * test that would wait a minute of wall-clock time runs in milliseconds. setImmediate, nextTick and
 * promises stay real, so sockets work as usual.
 *
 * The clock moves only while nothing is in flight (`busy`): a request is sent, received, answered and
 * read back at the simulated instant it left, so what the service's limiter sees is exactly the pace
 * the code under test kept, with none of the jitter a loaded machine adds to wall-clock runs.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** Captured before any test fakes the timers: the real event loop, for waiting on sockets. */
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;

const FAKED = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'] as const;

/** Default start of the simulated clock: any fixed instant will do. */
export const SIMULATED_START = Date.UTC(2025, 3, 1, 9, 0, 0);

/**
 * Simulated time for every test of the enclosing block (create what reads the clock inside the
 * tests or their beforeEach, after this one's). Drive waits with `inSimulatedTime`.
 */
export function useSimulatedTime(start: number = SIMULATED_START): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: [...FAKED], now: start });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/**
 * Awaits `work`, moving the simulated clock to the next timer whenever nothing is `busy` (no request
 * in flight), and letting the real event loop run in between. Work that waits on something other than
 * a timer or a counted request (a socket nobody counts, or node:timers/promises, which vitest leaves
 * real) must not be driven this way: the clock would run ahead of it. Gives up after `realTimeoutMs`
 * of real time, so that work that never settles stops driving the clock when its test times out.
 */
export async function inSimulatedTime<T>(
  work: Promise<T>,
  busy: () => boolean,
  { realTimeoutMs = 30_000 } = {},
): Promise<T> {
  const deadline = realNow() + realTimeoutMs;
  let settled = false;
  const done = work.finally(() => {
    settled = true;
  });
  // The rejection reaches the caller through `return done`; this only keeps it from being unhandled meanwhile.
  done.catch(() => undefined);
  while (!settled) {
    if (realNow() > deadline) throw new Error(`not settled within ${realTimeoutMs} ms of real time`);
    // A turn of the real loop: sockets deliver, and what they set off (the next send) starts.
    await new Promise((resolve) => realSetTimeout(resolve, busy() ? 1 : 0));
    if (settled || busy()) continue;
    await vi.advanceTimersToNextTimerAsync();
  }
  return done;
}
