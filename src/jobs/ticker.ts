/**
 * Runs a job's step on a real-time interval: skipped while the gateway is not ready, never two at
 * once, errors logged and never thrown. What the step does with the time comes from the injected
 * clock, so tests call the step directly instead of waiting for the interval.
 */
import type { Logger } from '../logger.js';

export interface TickerOptions {
  name: string;
  intervalMs: number;
  step: () => Promise<unknown>;
  /** Steps are skipped while this is false (the gateway is down: resume later, lose nothing). */
  isReady: () => boolean;
  logger: Logger;
  /**
   * Ticks on the wall clock's multiples of the interval (e.g. :00 and :30), so that a digest due
   * at 08:00 posts at 08:00:00 rather than up to an interval later.
   */
  alignToClock?: boolean;
}

export class Ticker {
  readonly #options: TickerOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #alignTimer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;

  constructor(options: TickerOptions) {
    if (!(options.intervalMs > 0)) throw new RangeError(`ticker ${options.name}: intervalMs must be > 0`);
    this.#options = options;
  }

  get started(): boolean {
    return this.#timer !== undefined || this.#alignTimer !== undefined;
  }

  /** Runs a first step at once, then every interval (from the next aligned instant when asked). */
  start(): void {
    if (this.#timer || this.#alignTimer) return;
    const { intervalMs, alignToClock } = this.#options;
    const every = () => {
      this.#timer = setInterval(() => void this.runOnce(), intervalMs);
      this.#timer.unref?.();
    };
    if (alignToClock) {
      this.#alignTimer = setTimeout(
        () => {
          this.#alignTimer = undefined;
          void this.runOnce();
          every();
        },
        intervalMs - (Date.now() % intervalMs),
      );
      this.#alignTimer.unref?.();
    } else every();
    void this.runOnce();
  }

  /** One step now, unless one is running or the gateway is down; false when skipped. */
  async runOnce(): Promise<boolean> {
    const { name, step, isReady, logger } = this.#options;
    if (this.#running) return false;
    if (!isReady()) {
      logger.debug({ job: name }, 'jobs: gateway not ready, step skipped');
      return false;
    }
    this.#running = (async () => {
      try {
        await step();
      } catch (error) {
        logger.error({ err: error, job: name }, 'jobs: step failed');
      }
    })();
    try {
      await this.#running;
    } finally {
      this.#running = undefined;
    }
    return true;
  }

  /** Stops the interval and waits for a running step to finish. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    if (this.#alignTimer) clearTimeout(this.#alignTimer);
    this.#timer = undefined;
    this.#alignTimer = undefined;
    await this.#running;
  }
}
