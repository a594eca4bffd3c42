/**
 * The request budget's gate shared between processes (moved out of budget.ts unchanged).
 *
 * rate-limiter-flexible is the shared gate: each start consumes the point of its time slot and a
 * pause is a blocked key, so a RateLimiterRedis (same options) shares both across processes. Slot
 * keys live whole seconds because store-backed limiters round durations down to seconds. Within one
 * process the local spacing alone keeps the pace exact. Across processes one start per slot is not
 * enough (the first start late in its slot, the next ones early in theirs, fit ceil(rate) + 1 starts
 * in a second), so a start also waits until the start ceil(rate) slots back is over a second old
 * whenever every slot in between is taken: its own starts are dated by its own clock, another
 * process's by that slot key's remaining lifetime (the shared store's clock) plus a small margin.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../logger.js';

/** Slot keys must outlive WINDOW_MS + SHARED_MARGIN_MS: their remaining lifetime dates the start. */
const SLOT_KEY_SECONDS = 2;
const WINDOW_MS = 1000;
/** Slack, for another process's start, between the store granting it and the request leaving. */
const SHARED_MARGIN_MS = 25;
const PAUSE_KEY = 'pause';

export class SharedGate {
  /** Starts one process makes in any 1-second window at full pace: ceil(rate). */
  private readonly startsPerWindow: number;
  /** Slot number -> start time of this process's recent starts (the last second's worth). */
  private readonly ownStarts = new Map<number, number>();

  constructor(
    private readonly limiter: RateLimiterAbstract,
    private readonly intervalMs: number,
    private readonly now: () => number,
    private readonly logger: Logger | undefined,
  ) {
    this.startsPerWindow = Math.floor(WINDOW_MS / intervalMs) + 1;
  }

  /** Shares a pause after a 429 with every process. */
  pauseAll(pauseMs: number): void {
    this.limiter.block(PAUSE_KEY, pauseMs / 1000).catch((error: unknown) => {
      this.logger?.error({ err: error }, 'could not share the rate-limit pause');
    });
  }

  /**
   * ms to wait before starting in `slot` so that no 1-second window holds more than ceil(rate) starts:
   * only when every one of the ceil(rate) slots before it is taken and the first of them started less
   * than a second ago (earlier slots are always over a second old).
   */
  private async windowWait(slot: number, keySeconds: number, now: number): Promise<number> {
    const { limiter } = this;
    const back = slot - this.startsPerWindow;
    const own = this.ownStarts.get(back);
    let wait: number;
    if (own !== undefined) {
      wait = own + WINDOW_MS + 1 - now;
    } else {
      const taken = await limiter.get(`slot:${back}`);
      if (!taken || taken.consumedPoints <= 0 || taken.msBeforeNext <= 0) return 0;
      wait = WINDOW_MS + SHARED_MARGIN_MS - (keySeconds * 1000 - taken.msBeforeNext);
    }
    if (wait <= 0) return 0;
    const between = Array.from({ length: this.startsPerWindow - 1 }, (_, index) => back + 1 + index);
    const taken = await Promise.all(
      between.map(
        async (n) => this.ownStarts.has(n) || ((await limiter.get(`slot:${n}`))?.consumedPoints ?? 0) > 0,
      ),
    );
    return taken.every(Boolean) ? wait : 0;
  }

  /**
   * 0 when this slot's point was won, else ms to wait (a shared pause, told to `onPause` with its end,
   * or another process took the slot).
   */
  async acquire(now: number, onPause: (until: number) => void): Promise<number> {
    const { limiter } = this;
    try {
      const pause = await limiter.get(PAUSE_KEY);
      if (pause && pause.consumedPoints > limiter.points && pause.msBeforeNext > 0) {
        onPause(now + pause.msBeforeNext);
        return pause.msBeforeNext;
      }
      const slot = Math.floor(now / this.intervalMs);
      const keySeconds = Math.max(SLOT_KEY_SECONDS, Math.ceil((2 * this.intervalMs) / 1000));
      const backWait = await this.windowWait(slot, keySeconds, now);
      if (backWait > 0) return backWait;
      await limiter.consume(`slot:${slot}`, 1, { customDuration: keySeconds });
      for (const old of this.ownStarts.keys())
        if (old < slot - this.startsPerWindow) this.ownStarts.delete(old);
      this.ownStarts.set(slot, this.now());
      return 0;
    } catch (error) {
      // The limiter rejects a taken slot with a RateLimiterRes (a result, not an Error).
      if (isLimiterResult(error))
        return Math.max(1, (Math.floor(now / this.intervalMs) + 1) * this.intervalMs - now);
      // The shared store failed: keep the local pace rather than stopping all traffic.
      this.logger?.error({ err: error }, 'request budget limiter failed; using the local pace only');
      return 0;
    }
  }
}

/** rate-limiter-flexible's RateLimiterRes, recognised by shape so the library loads only with Redis. */
function isLimiterResult(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof Error) &&
    'msBeforeNext' in value &&
    'consumedPoints' in value
  );
}
