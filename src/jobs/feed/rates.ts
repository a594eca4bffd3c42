/**
 * Each feed owner's activity rate as the polls observe it, kept in the store so that it survives a
 * restart and is shared by every process (with Redis, an owner's next poll may run elsewhere).
 *
 * The estimate is an exponentially weighted rate with a prior: the activities seen and the time
 * watched both decay with a half-life, and a prior (a few activities over some time) keeps an owner
 * that was seldom watched from looking either dead or frantic: rate = (events + a) / (exposure + b).
 *
 * The first poll of an owner does not start from nothing: its page shows the feed's recent past
 * (the newest few activities, new or not, with their times), which says how busy the owner has been
 * over the last half-life, so a new subscriber, or a bot switched to this policy, is polled by its
 * owner's real pace from the start instead of learning it over many cycles.
 */
import { z } from 'zod';
import type { Collection, Store } from '../../store/index.js';
import type { RecentActivity } from './fetch.js';

export const FEED_RATE_COLLECTION = 'feed-rate';
/**
 * A rate unrefreshed this long goes (the hourly sweep removes it): every owner with a subscription is
 * polled within 4 cycles, so only owners who left lose theirs, and a returning one starts from its
 * feed's recent past again.
 */
const RATE_TTL_MS = 30 * 24 * 3600 * 1000;

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

/** What one poll saw: the activities new since the previous poll, and the first page's times. */
export interface PollObservation {
  newActivities: number;
  recent?: RecentActivity;
}

/**
 * A first record from the feed's recent past, counted over at most `horizonS`: a full page whose
 * oldest item is within the horizon is `n` activities in that item's age; otherwise every activity
 * within the horizon was seen, over the whole horizon (an empty feed: none). Items without a readable
 * time tell nothing: the new ones are counted, unexposed.
 */
export function historyRate(observation: PollObservation, at: Date, horizonS: number): FeedRate {
  const polledAt = at.toISOString();
  const ages = (observation.recent?.createdAt ?? [])
    .map((createdAt) => (at.getTime() - Date.parse(createdAt)) / 1000)
    .filter((age) => Number.isFinite(age))
    .map((age) => Math.max(0, age));
  const recent = observation.recent;
  // An empty feed is news too (nothing within the horizon); items without a readable time are not.
  if (!recent || (ages.length === 0 && recent.createdAt.length > 0)) {
    return { events: observation.newActivities, exposureS: 0, polledAt };
  }
  const oldest = Math.max(0, ...ages);
  if (!recent.complete && oldest <= horizonS) return { events: ages.length, exposureS: oldest, polledAt };
  return { events: ages.filter((age) => age <= horizonS).length, exposureS: horizonS, polledAt };
}

/** The record after a poll at `at` (the first one reads the feed's recent past; see historyRate). */
export function observedRate(
  previous: FeedRate | undefined,
  observation: PollObservation,
  at: Date,
  halfLifeS: number,
): FeedRate {
  const polledAt = at.toISOString();
  const { newActivities } = observation;
  if (!previous) return historyRate(observation, at, halfLifeS);
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
  async observe(
    ownerId: string,
    observation: PollObservation,
    at: Date,
    halfLifeS: number,
  ): Promise<FeedRate> {
    const next = await this.#items.update(
      ownerId,
      (current) => observedRate(current, observation, at, halfLifeS),
      RATE_TTL_MS,
    );
    return next ?? observedRate(undefined, observation, at, halfLifeS);
  }
}
