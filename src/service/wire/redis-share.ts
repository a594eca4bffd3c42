/**
 * The person share's counts in Redis (scale-out): every process of a deployment adds to one count per
 * person, so two processes do not give anyone twice the share. rate-limiter-flexible's Redis limiter
 * keeps the count (a fixed window from the person's first request, as the memory counter does); its
 * points are never reached, since a share is an account, not a quota.
 *
 * While Redis does not answer, the counts are kept in this process's memory, said once in a warning,
 * and Redis is asked again with the next request: a Redis outage never leaves people without a share.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { TIMED_OUT, within } from '../../lib/deadline.js';
import type { Logger } from '../../logger.js';
import { MemoryShareCounter, type ShareCount, type ShareCounter } from './person-share.js';

/** The limiter's points: far beyond any count, so that it only counts. */
export const SHARE_COUNT_POINTS = 1_000_000_000;
export const SHARE_KEY_PREFIX = 'kiroku-share';
/** A count Redis has not answered by then is kept in memory instead: a call does not wait on Redis. */
const REDIS_ANSWER_MS = 500;

interface LimiterAnswer {
  consumedPoints: number;
  msBeforeNext: number;
}

function isAnswer(value: unknown): value is LimiterAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as LimiterAnswer).consumedPoints === 'number' &&
    typeof (value as LimiterAnswer).msBeforeNext === 'number'
  );
}

export class RedisShareCounter implements ShareCounter {
  readonly #limiter: RateLimiterAbstract;
  readonly #fallback: MemoryShareCounter;
  readonly #logger: Logger;
  readonly #now: () => number;
  /** True from the first failure until Redis answers again: one warning per outage. */
  #failing = false;

  constructor(options: {
    limiter: RateLimiterAbstract;
    windowSeconds: number;
    logger: Logger;
    now?: () => number;
  }) {
    if (options.limiter.points < SHARE_COUNT_POINTS)
      throw new RangeError('the share limiter must be created with SHARE_COUNT_POINTS points');
    this.#limiter = options.limiter;
    this.#now = options.now ?? Date.now;
    this.#fallback = new MemoryShareCounter(options.windowSeconds, this.#now);
    this.#logger = options.logger;
  }

  async add(person: string, points: number): Promise<ShareCount> {
    try {
      const asked =
        points >= 0 ? this.#limiter.consume(person, points) : this.#limiter.reward(person, -points);
      const answer = await within(asked, REDIS_ANSWER_MS);
      if (answer === TIMED_OUT) throw new Error(`Redis did not answer within ${REDIS_ANSWER_MS} ms`);
      if (!isAnswer(answer)) throw new Error('unexpected answer from the share limiter');
      this.#recovered();
      return {
        used: Math.max(0, answer.consumedPoints),
        resetAt: this.#now() + Math.max(0, answer.msBeforeNext),
      };
    } catch (error) {
      // A rejection that is a limiter answer still carries the count (the points were reached).
      if (isAnswer(error))
        return { used: error.consumedPoints, resetAt: this.#now() + Math.max(0, error.msBeforeNext) };
      this.#failed(error);
      return this.#fallback.add(person, points);
    }
  }

  #failed(error: unknown): void {
    if (this.#failing) return;
    this.#failing = true;
    this.#logger.warn(
      { err: error },
      'person share: Redis is not answering; counting each person in this process until it does',
    );
  }

  #recovered(): void {
    if (!this.#failing) return;
    this.#failing = false;
    this.#logger.info('person share: Redis answers again; counting each person there');
  }
}
