/** A clock that runs at real speed from a chosen virtual instant and can be moved (injected `now`). */
export interface BenchClock {
  now: () => Date;
  /** Makes the virtual time `at` now; time keeps running from there. */
  set(at: Date | number): void;
}

export function createBenchClock(start: Date | number): BenchClock {
  let offset = 0;
  const clock: BenchClock = {
    now: () => new Date(Date.now() + offset),
    set(at) {
      offset = new Date(at).getTime() - Date.now();
    },
  };
  clock.set(start);
  return clock;
}
