/**
 * Without Redis, this process's feed owners polled by due time instead of in turn: every tick polls
 * the owners whose next poll is due, most overdue first (relative to their interval, so that when the
 * budget falls short every owner slows down in proportion and the plan's shares hold), no more than
 * the poll budget covers until the next tick, and gives each its next due time from the pace. After a
 * restart each owner is due one interval after its stored last poll, so nobody starts from zero.
 * Due times fall unevenly, so at moments nobody is due while the plan's rate is not spent: then the
 * owner nearest its time (relative to its interval) is polled early, never beyond the plan's rate
 * over time and never sooner than POLL_INTERVAL_SECONDS after its last poll.
 */
import type { Logger } from '../../logger.js';
import type { OwnerSnapshot } from '../owners/snapshot.js';
import { DueQueue } from './due-queue.js';
import type { FeedPace } from './pace.js';
import type { FeedPoller } from './poller.js';

export interface PacedPollingOptions {
  poller: Pick<FeedPoller, 'pollOwned'>;
  pace: Pick<FeedPace, 'replan' | 'intervalMs' | 'nextDelayMs' | 'dueAt' | 'mayPollNow'>;
  owners: Pick<OwnerSnapshot, 'feedOwners' | 'ofOwner' | 'invalidate'>;
  /** Polls per second the feed may use: bounds how many owners one tick takes. */
  pollsPerS: number;
  concurrency: number;
  now: () => Date;
  logger: Logger;
}

export interface PacedTickReport {
  owners: number;
  polled: number;
}

/** One tick polls at most this much of the budget's time before the owner list is read again. */
const TICK_SHARE_MS = 5_000;

export class PacedPolling {
  readonly #options: PacedPollingOptions;
  /** The owners not being polled, by next due time and interval. */
  readonly #due = new DueQueue();
  /** Owners being polled (out of `#due` meanwhile). */
  readonly #inFlight = new Set<string>();
  /** Owners given a new subscription while being polled: due again as soon as that poll ends. */
  readonly #soon = new Set<string>();
  /** Polls the plan's rate allows beyond those made (it accrues over time; every poll spends one). */
  #unspent = 0;
  #unspentAt: number | undefined;

  constructor(options: PacedPollingOptions) {
    this.#options = options;
  }

  /** Owners due for a poll and not yet taken, and the longest any of them has waited past its due time. */
  backlog(): { due: number; longestWaitMs: number } {
    return this.#due.overdue(this.#options.now().getTime());
  }

  /** A new feed subscription: its owner is due at the next tick. */
  pollSoon(ownerId: string): void {
    this.#options.owners.invalidate();
    if (this.#inFlight.has(ownerId)) this.#soon.add(ownerId);
    else this.#due.set(ownerId, this.#options.now().getTime(), 1);
  }

  /**
   * Polls due owners, each worker taking the most overdue one left, until none is due or the tick
   * has taken its share of the budget (a few seconds' worth, so the owner list is read again).
   */
  async tick(): Promise<PacedTickReport> {
    const { owners, pace, concurrency, now } = this.#options;
    const ownerIds = await owners.feedOwners();
    await pace.replan();
    this.#follow(ownerIds);
    const limit = Math.max(concurrency, Math.ceil((this.#options.pollsPerS * TICK_SHARE_MS) / 1000));
    let polled = 0;
    const worker = async () => {
      while (polled < limit) {
        const at = now().getTime();
        this.#accrue(at);
        const owner = this.#due.takeMostOverdue(at) ?? this.#early(at);
        if (owner === undefined) return;
        this.#unspent -= 1;
        polled += 1;
        await this.#poll(owner);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return { owners: ownerIds.length, polled };
  }

  /**
   * The plan's rate accrues polls, at most one round of the workers (a quiet spell is not made up
   * for later in a burst); due polls may overdraw it.
   */
  #accrue(at: number): void {
    const { pollsPerS, concurrency } = this.#options;
    const since = this.#unspentAt === undefined ? 0 : Math.max(0, at - this.#unspentAt);
    this.#unspent = Math.min(concurrency, this.#unspent + (pollsPerS * since) / 1000);
    this.#unspentAt = at;
  }

  /** The owner nearest its due time, when nobody is due and the plan's rate has a poll unspent. */
  #early(at: number): string | undefined {
    if (this.#unspent < 1) return undefined;
    return this.#due.takeNearestDue(at, (owner) => this.#options.pace.mayPollNow(owner));
  }

  /** Drops owners that have no feed any more; a new one is due by its stored last poll (now if none). */
  #follow(ownerIds: readonly string[]): void {
    const { pace } = this.#options;
    const current = new Set(ownerIds);
    // Deleting from a Map while iterating its keys is safe: no copy of every owner per tick.
    for (const owner of this.#due.owners()) if (!current.has(owner)) this.#due.delete(owner);
    for (const owner of ownerIds) {
      if (!this.#due.has(owner) && !this.#inFlight.has(owner))
        this.#due.set(owner, pace.dueAt(owner), pace.intervalMs(owner));
    }
  }

  async #poll(ownerId: string): Promise<void> {
    const { owners, pace, poller, now } = this.#options;
    this.#inFlight.add(ownerId);
    try {
      const { owned, mark } = await owners.ofOwner(ownerId);
      await poller.pollOwned(ownerId, owned, mark);
    } catch (error) {
      this.#options.logger.error({ err: error, ownerId }, 'feed: scheduled poll failed');
    } finally {
      this.#inFlight.delete(ownerId);
      const at = now().getTime();
      if (this.#soon.delete(ownerId)) this.#due.set(ownerId, at, 1);
      else this.#due.set(ownerId, at + pace.nextDelayMs(ownerId), pace.intervalMs(ownerId));
    }
  }
}
