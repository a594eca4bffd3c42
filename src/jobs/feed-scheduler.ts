/**
 * Without Redis, this process's feed owners polled by due time instead of in turn: every tick polls
 * the owners whose next poll is due, most overdue first, no more than the poll budget covers until
 * the next tick, and gives each its next due time from the schedule (feed-schedule.ts). After a
 * restart each owner is due one interval after its stored last poll, so nobody starts from zero.
 */
import type { Logger } from '../logger.js';
import { forEachLimited } from './concurrency.js';
import type { FeedPoller } from './feed-poller.js';
import type { FeedSchedule } from './feed-schedule.js';
import type { OwnerSnapshot } from './owner-snapshot.js';

export interface FeedSchedulerOptions {
  poller: Pick<FeedPoller, 'pollOwner'>;
  schedule: Pick<FeedSchedule, 'replan' | 'intervalMs' | 'dueAt'>;
  owners: Pick<OwnerSnapshot, 'feedOwners' | 'ofOwner' | 'invalidate'>;
  /** Polls per second the feed may use: bounds how many owners one tick takes. */
  pollsPerS: number;
  /** The tick's interval (how far ahead one tick's share of the budget reaches). */
  tickMs: number;
  concurrency: number;
  now: () => Date;
  logger: Logger;
}

export interface ScheduledTickReport {
  owners: number;
  due: number;
  polled: number;
}

export class FeedScheduler {
  readonly #options: FeedSchedulerOptions;
  readonly #dueAt = new Map<string, number>();

  constructor(options: FeedSchedulerOptions) {
    this.#options = options;
  }

  /** A new feed subscription: its owner is due at the next tick. */
  pollSoon(ownerId: string): void {
    this.#options.owners.invalidate();
    this.#dueAt.set(ownerId, this.#options.now().getTime());
  }

  async tick(): Promise<ScheduledTickReport> {
    const { owners, schedule, poller, now } = this.#options;
    const ownerIds = await owners.feedOwners();
    await schedule.replan();
    const current = new Set(ownerIds);
    for (const owner of this.#dueAt.keys()) if (!current.has(owner)) this.#dueAt.delete(owner);
    for (const owner of ownerIds) if (!this.#dueAt.has(owner)) this.#dueAt.set(owner, schedule.dueAt(owner));
    const at = now().getTime();
    const due = [...this.#dueAt.entries()]
      .filter(([, dueAt]) => dueAt <= at)
      .sort((a, b) => a[1] - b[1])
      .map(([owner]) => owner);
    const perTick = Math.max(
      this.#options.concurrency,
      Math.ceil((this.#options.pollsPerS * this.#options.tickMs) / 1000),
    );
    const taken = due.slice(0, perTick);
    await forEachLimited(taken, this.#options.concurrency, async (ownerId) => {
      try {
        const { owned, mark } = await owners.ofOwner(ownerId);
        const feeds = owned.filter((s) => s.kind === 'feed');
        if (feeds.length > 0) await poller.pollOwner(ownerId, feeds, mark);
      } catch (error) {
        this.#options.logger.error({ err: error, ownerId }, 'feed: scheduled poll failed');
      } finally {
        this.#dueAt.set(ownerId, now().getTime() + schedule.intervalMs(ownerId));
      }
    });
    return { owners: ownerIds.length, due: due.length, polled: taken.length };
  }
}
