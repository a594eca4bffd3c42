/**
 * Each feed owner's activity rate as the polls observe it, kept in the store so that it survives a
 * restart and is shared by every process (with Redis, an owner's next poll may run elsewhere).
 *
 * The estimate is an exponentially weighted rate with a prior: the activities seen and the time
 * watched both decay with a half-life, and a prior (a few activities over some time) keeps an owner
 * that was seldom watched from looking either dead or frantic: rate = (events + a) / (exposure + b).
 */
import { z } from 'zod';
import type { Collection, Store } from '../store/index.js';

export const FEED_RATE_COLLECTION = 'feed-rate';

export const feedRateSchema = z.object({
  /** New activities seen, decayed. */
  events: z.number().min(0),
  /** Seconds watched (between polls), decayed the same way. */
  exposureS: z.number().min(0),
  /** When the owner's feed was last polled (ISO): the next elapsed time starts here. */
  polledAt: z.string(),
});
export type FeedRate = z.infer<typeof feedRateSchema>;

export interface RatePrior {
  /** Pseudo-activities and the seconds they are spread over (a / b above). */
  events: number;
  exposureS: number;
}

/** The record after a poll at `at` that found `newActivities` since the previous one. */
export function observedRate(
  previous: FeedRate | undefined,
  newActivities: number,
  at: Date,
  halfLifeS: number,
): FeedRate {
  const polledAt = at.toISOString();
  if (!previous) return { events: newActivities, exposureS: 0, polledAt };
  const since = Date.parse(previous.polledAt);
  const elapsedS = Number.isFinite(since) ? Math.max(0, (at.getTime() - since) / 1000) : 0;
  const decay = halfLifeS > 0 ? 2 ** (-elapsedS / halfLifeS) : 0;
  return {
    events: previous.events * decay + newActivities,
    exposureS: previous.exposureS * decay + elapsedS,
    polledAt,
  };
}

/** Activities per second, from the record (none yet: the prior alone). Always > 0 when the prior is. */
export function estimatedRate(record: FeedRate | undefined, prior: RatePrior): number {
  const events = (record?.events ?? 0) + prior.events;
  const exposureS = (record?.exposureS ?? 0) + prior.exposureS;
  return exposureS > 0 ? events / exposureS : 0;
}

export class FeedRates {
  readonly #items: Collection<FeedRate>;

  constructor(store: Store) {
    this.#items = store.collection(FEED_RATE_COLLECTION, feedRateSchema);
  }

  get(ownerId: string): Promise<FeedRate | undefined> {
    return this.#items.get(ownerId);
  }

  getMany(ownerIds: readonly string[]): Promise<Array<FeedRate | undefined>> {
    return this.#items.getMany(ownerIds);
  }

  /** Adds one poll's observation (read-modify-write, so two writers never lose one). */
  async observe(ownerId: string, newActivities: number, at: Date, halfLifeS: number): Promise<FeedRate> {
    const next = await this.#items.update(ownerId, (current) =>
      observedRate(current, newActivities, at, halfLifeS),
    );
    return next ?? observedRate(undefined, newActivities, at, halfLifeS);
  }
}
