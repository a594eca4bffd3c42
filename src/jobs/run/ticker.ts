/**
 * Runs a job's step on a real-time interval: skipped while the gateway is not ready, never two at
 * once, errors logged and never thrown. What the step does with the time comes from the injected
 * clock, so tests call the step directly instead of waiting for the interval.
 */
import { randomUUID } from 'node:crypto';
import { Cron } from 'croner';
import type { Logger } from '../../logger.js';

export interface TickerOptions<T = unknown> {
  name: string;
  intervalMs: number;
  step: () => Promise<T>;
  /**
   * A step that found nothing to do (the adaptive feed looks every second): its run line is logged
   * at debug rather than info, so an idle bot's log is not a line a second.
   */
  isIdle?: (result: T) => boolean;
  /** Steps are skipped while this is false (the gateway is down: resume later, lose nothing). */
  isReady: () => boolean;
  logger: Logger;
  /**
   * Ticks on the wall clock's multiples of the interval (e.g. :00 and :30), so that a digest due
   * at 08:00 posts at 08:00:00 rather than up to an interval later. The interval is then whole
   * seconds that divide a minute, or whole minutes that divide an hour.
   */
  alignToClock?: boolean;
}

/** The croner pattern that fires on the wall clock's multiples of `intervalMs`. */
function alignedPattern(name: string, intervalMs: number): string {
  const seconds = intervalMs / 1000;
  if (Number.isInteger(seconds) && seconds < 60 && 60 % seconds === 0) return `*/${seconds} * * * * *`;
  const minutes = seconds / 60;
  if (Number.isInteger(minutes) && minutes < 60 && 60 % minutes === 0) return `0 */${minutes} * * * *`;
  throw new RangeError(`ticker ${name}: an aligned interval must divide a minute or an hour`);
}

export class Ticker<T = unknown> {
  readonly #options: Omit<TickerOptions<T>, 'step' | 'isIdle'>;
  /** The step; true when it found nothing to do. Holds no `T`, so any Ticker is a `Ticker<unknown>`. */
  readonly #run: () => Promise<boolean>;
  #timer: ReturnType<typeof setInterval> | undefined;
  #aligned: Cron | undefined;
  #running: Promise<void> | undefined;

  constructor(options: TickerOptions<T>) {
    if (!(options.intervalMs > 0)) throw new RangeError(`ticker ${options.name}: intervalMs must be > 0`);
    if (options.alignToClock) alignedPattern(options.name, options.intervalMs);
    const { step, isIdle, ...rest } = options;
    this.#options = rest;
    this.#run = async () => {
      const result = await step();
      return isIdle?.(result) ?? false;
    };
  }

  get started(): boolean {
    return this.#timer !== undefined || this.#aligned !== undefined;
  }

  /** Runs a first step at once, then every interval (from the next aligned instant when asked). */
  start(): void {
    if (this.started) return;
    const { name, intervalMs, alignToClock } = this.#options;
    if (alignToClock) {
      this.#aligned = new Cron(alignedPattern(name, intervalMs), { unref: true }, () => void this.runOnce());
    } else {
      this.#timer = setInterval(() => void this.runOnce(), intervalMs);
      this.#timer.unref?.();
    }
    void this.runOnce();
  }

  /** One step now, unless one is running or the gateway is down; false when skipped. */
  async runOnce(): Promise<boolean> {
    const { name, isReady, logger } = this.#options;
    if (this.#running) return false;
    if (!isReady()) {
      logger.debug({ job: name }, 'jobs: gateway not ready, step skipped');
      return false;
    }
    this.#running = this.#step(name, logger);
    try {
      await this.#running;
    } finally {
      this.#running = undefined;
    }
    return true;
  }

  /** One step and its one run line: a request id, the job, the outcome and the duration. */
  async #step(name: string, logger: Logger): Promise<void> {
    const requestId = randomUUID();
    const startedAt = performance.now();
    const durationMs = () => Math.round(performance.now() - startedAt);
    try {
      const idle = await this.#run();
      const line = { requestId, job: name, outcome: 'ok', durationMs: durationMs() };
      if (idle) logger.debug(line, 'job run');
      else logger.info(line, 'job run');
    } catch (error) {
      logger.error(
        { err: error, requestId, job: name, outcome: 'failed', durationMs: durationMs() },
        'job run',
      );
    }
  }

  /** Stops the interval and waits for a running step to finish. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#aligned?.stop();
    this.#timer = undefined;
    this.#aligned = undefined;
    await this.#running;
  }
}
