/**
 * The service's per-IP limit: at most `limit` accepted requests in any sliding window.
 * Rejected requests do not enter the window, so a client that keeps retrying too fast is
 * let through again as soon as its accepted requests age out.
 */
export class SlidingWindowLimiter {
  private readonly accepted = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs = 1000,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** Records and allows the request, or returns false when the key is over its limit. */
  tryAcquire(key: string): boolean {
    const now = this.clock();
    const times = (this.accepted.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (times.length >= this.limit) {
      this.accepted.set(key, times);
      return false;
    }
    times.push(now);
    this.accepted.set(key, times);
    return true;
  }

  reset(): void {
    this.accepted.clear();
  }
}
