/**
 * Without Redis, this process's feed owners polled by due time instead of in turn: every tick polls
 * the owners whose next poll is due, most overdue first (relative to their interval, so that when the
 * budget falls short every owner slows down in proportion and the plan's shares hold), no more than
 * the poll budget covers until the next tick, and gives each its next due time from the schedule. After a
 * restart each owner is due one interval after its stored last poll, so nobody starts from zero.
 */
import type { Logger } from '../logger.js';
import type { FeedPoller } from './feed-poller.js';
import type { FeedSchedule } from './feed-schedule.js';
import type { OwnerSnapshot } from './owner-snapshot.js';

export interface FeedSchedulerOptions {
  poller: Pick<FeedPoller, 'pollOwner'>;
  schedule: Pick<FeedSchedule, 'replan' | 'intervalMs' | 'nextDelayMs' | 'dueAt'>;
  owners: Pick<OwnerSnapshot, 'feedOwners' | 'ofOwner' | 'invalidate'>;
  /** Polls per second the feed may use: bounds how many owners one tick takes. */
  pollsPerS: number;
  concurrency: number;
  now: () => Date;
  logger: Logger;
}

export interface ScheduledTickReport {
  owners: number;
  polled: number;
}

/** One tick polls at most this much of the budget's time before the owner list is read again. */
const TICK_SHARE_MS = 5_000;

export class FeedScheduler {
  readonly #options: FeedSchedulerOptions;
  /** Each owner's next due time and the interval it was given (epoch ms, ms). */
  readonly #due = new Map<string, { at: number; intervalMs: number }>();

  constructor(options: FeedSchedulerOptions) {
    this.#options = options;
  }

  /** A new feed subscription: its owner is due at the next tick. */
  pollSoon(ownerId: string): void {
    this.#options.owners.invalidate();
    this.#due.set(ownerId, { at: this.#options.now().getTime(), intervalMs: 1 });
  }

  /**
   * Polls due owners, each worker taking the most overdue one left, until none is due or the tick
   * has taken its share of the budget (a few seconds' worth, so the owner list is read again).
   */
  async tick(): Promise<ScheduledTickReport> {
    const { owners, schedule, concurrency } = this.#options;
    const ownerIds = await owners.feedOwners();
    await schedule.replan();
    const current = new Set(ownerIds);
    for (const owner of this.#due.keys()) if (!current.has(owner)) this.#due.delete(owner);
    for (const owner of ownerIds) {
      if (!this.#due.has(owner))
        this.#due.set(owner, { at: schedule.dueAt(owner), intervalMs: schedule.intervalMs(owner) });
    }
    const limit = Math.max(concurrency, Math.ceil((this.#options.pollsPerS * TICK_SHARE_MS) / 1000));
    const inFlight = new Set<string>();
    let polled = 0;
    const worker = async () => {
      for (
        let owner = this.#mostOverdue(inFlight);
        owner && polled < limit;
        owner = this.#mostOverdue(inFlight)
      ) {
        polled += 1;
        inFlight.add(owner);
        await this.#poll(owner);
        inFlight.delete(owner);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { owners: ownerIds.length, polled };
  }

  /** The due owner latest relative to its interval (not being polled), or undefined. */
  #mostOverdue(inFlight: ReadonlySet<string>): string | undefined {
    const at = this.#options.now().getTime();
    let best: string | undefined;
    let bestLateness = Number.NEGATIVE_INFINITY;
    for (const [owner, due] of this.#due) {
      if (due.at > at || inFlight.has(owner)) continue;
      const lateness = (at - due.at) / Math.max(1, due.intervalMs);
      if (lateness > bestLateness) {
        best = owner;
        bestLateness = lateness;
      }
    }
    return best;
  }

  async #poll(ownerId: string): Promise<void> {
    const { owners, schedule, poller, now } = this.#options;
    try {
      const { owned, mark } = await owners.ofOwner(ownerId);
      const feeds = owned.filter((s) => s.kind === 'feed');
      if (feeds.length > 0) await poller.pollOwner(ownerId, feeds, mark);
    } catch (error) {
      this.#options.logger.error({ err: error, ownerId }, 'feed: scheduled poll failed');
    } finally {
      const intervalMs = schedule.intervalMs(ownerId);
      this.#due.set(ownerId, { at: now().getTime() + schedule.nextDelayMs(ownerId), intervalMs });
    }
  }
}
