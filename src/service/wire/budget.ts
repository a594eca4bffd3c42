/**
 * The request budget: one scheduler every service request passes through.
 *
 * - Starts are spaced at least `floor(1000 / rate) + 1` ms apart, so any 1-second window
 *   holds at most ceil(rate) starts (the service rejects a 5th request within 1000 ms per IP).
 * - Strict priority interactive > write > announcement > poll, except that the feed's polls have a
 *   floor of the starts whenever they wait (start-floor.ts; the starts of people who have spent their
 *   share come out of the feed's turns, not out of everyone else's) and a starving lower priority gets
 *   a permit now and then; within a priority, calls take turns person by person (fair-queue.ts).
 * - Each person has a bounded share of the budget over time (person-share.ts) and may have only a few
 *   interactive calls waiting: beyond either, a call is refused at once with the wait.
 * - A 429 pauses the whole budget: 1 s, 2 s, 4 s ... capped at 30 s, reset by a success.
 * - With several processes, a shared gate (shared-gate.ts) spaces the starts of all of them.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { DEFAULTS } from '../../config.js';
import type { Logger } from '../../logger.js';
import { BudgetBusy } from './errors.js';
import { FairQueue } from './fair-queue.js';
import { PersonShare, type PersonShareSettings } from './person-share.js';
import { SharedGate } from './shared-gate.js';
import { StartFloor } from './start-floor.js';

export type Priority = 'interactive' | 'write' | 'announcement' | 'poll';
export const PRIORITIES: readonly Priority[] = ['interactive', 'write', 'announcement', 'poll'];

export interface RunOptions {
  /** Give up with BudgetBusy when the call cannot start within this many ms. */
  maxWaitMs?: number;
  /** The Discord user the call is for: people take turns, and each has a bounded share of the budget. */
  person?: string | undefined;
  /** Requests of the person's share this call must leave for what follows (autocomplete keeps some). */
  shareReserve?: number | undefined;
  /** Operation name for BudgetBusy and logs. */
  operation?: string;
}

export interface BudgetStats {
  queued: Record<Priority, number>;
  /** Epoch ms until which everything is paused after a 429, or null. */
  pausedUntil: number | null;
  rateLimitedCount: number;
}

export interface RequestBudget {
  run<T>(priority: Priority, task: () => Promise<T>, opts?: RunOptions): Promise<T>;
  reportRateLimited(): void;
  reportSuccess(): void;
  stats(): BudgetStats;
  /** Rejects queued work with BudgetBusy (reason `closed`); later `run` calls reject too. */
  close(): void;
}

/** Options the budget needs from a limiter; pass them to e.g. `new RateLimiterRedis({ storeClient, ...opts })`. */
export const BUDGET_LIMITER_OPTIONS = { points: 1, duration: 1, keyPrefix: 'kiroku-budget' } as const;

export interface RequestBudgetOptions {
  /** Requests per second for the whole process (default 3). */
  ratePerSecond?: number;
  logger?: Logger;
  /** Clock in epoch ms (default Date.now). The memory limiter reads Date.now itself. */
  now?: () => number;
  /** Default maxWaitMs of interactive calls (default 2000); other priorities wait unless told. */
  interactiveMaxWaitMs?: number;
  /** First pause after a 429 (default 1000 ms); doubles per consecutive 429. */
  initialPauseMs?: number;
  /** Longest pause (default 30000 ms). */
  maxPauseMs?: number;
  /**
   * The shared gate, created with BUDGET_LIMITER_OPTIONS (points 1), e.g. a RateLimiterRedis to
   * share the budget between processes. Default: none, the local pace alone.
   */
  limiter?: RateLimiterAbstract;
  /** Each person's share of requests over time; unset: no share (operator scripts, smoke tests). */
  personShare?: PersonShareSettings | undefined;
  /** Share of the starts the feed's polls always get while they wait (FEED_FLOOR_SHARE); default none. */
  feedFloor?: number;
}

interface Waiter {
  priority: Priority;
  person?: string | undefined;
  operation: string;
  /** A request was taken from the person's share: given back if the call never starts. */
  shared: boolean;
  enqueuedAt: number;
  start: () => void;
  fail: (error: Error) => void;
  deadline?: ReturnType<typeof setTimeout>;
}

/** Interactive calls one person may have waiting; a further one is refused (their share is used). */
export const MAX_QUEUED_PER_PERSON = 3;

/** A lower-priority call waiting this long is starving; it then gets one permit in RESCUE_EVERY. */
const STARVATION_MS = 5_000;
const RESCUE_EVERY = 4;

class PriorityBudget implements RequestBudget {
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly logger: Logger | undefined;
  private readonly interactiveMaxWaitMs: number;
  private readonly initialPauseMs: number;
  private readonly maxPauseMs: number;
  /** The gate shared with other processes; without one, the local pace alone is exact. */
  private readonly gate: SharedGate | undefined;
  private readonly share: PersonShare | undefined;
  private readonly feedFloor: StartFloor;
  private readonly queues: Record<Priority, FairQueue<Waiter>>;
  private lastStart = Number.NEGATIVE_INFINITY;
  private pausedUntil = 0;
  private consecutive429 = 0;
  private rateLimitedCount = 0;
  private pumping = false;
  private wakeTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(options: RequestBudgetOptions) {
    const rate = options.ratePerSecond ?? DEFAULTS.serviceRatePerSecond;
    if (!(rate > 0) || !Number.isFinite(rate))
      throw new RangeError('ratePerSecond must be a positive number');
    this.intervalMs = Math.floor(1000 / rate) + 1;
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.interactiveMaxWaitMs = options.interactiveMaxWaitMs ?? 2000;
    this.initialPauseMs = options.initialPauseMs ?? 1000;
    this.maxPauseMs = options.maxPauseMs ?? 30_000;
    if (options.limiter && options.limiter.points !== 1)
      throw new RangeError('the budget limiter must be created with points: 1');
    this.gate = options.limiter && new SharedGate(options.limiter, this.intervalMs, this.now, this.logger);
    this.share = options.personShare && new PersonShare(options.personShare, this.now);
    this.feedFloor = new StartFloor(options.feedFloor ?? 0);
    // Whoever has more of their share left goes first; calls made for no one are not held back.
    const share = this.share;
    const rank = share && ((person?: string) => (person === undefined ? Infinity : share.left(person)));
    this.queues = {
      interactive: new FairQueue(rank),
      write: new FairQueue(rank),
      announcement: new FairQueue(),
      poll: new FairQueue(),
    };
  }

  run<T>(priority: Priority, task: () => Promise<T>, opts: RunOptions = {}): Promise<T> {
    const operation = opts.operation ?? 'budget';
    if (this.closed) return Promise.reject(new BudgetBusy(operation, 'closed'));
    const maxWaitMs = opts.maxWaitMs ?? (priority === 'interactive' ? this.interactiveMaxWaitMs : undefined);
    const { person } = opts;
    if (person !== undefined && this.queues[priority].queuedBy(person) >= MAX_QUEUED_PER_PERSON) {
      // This person's share is in use: they are told when one of their calls will have started.
      const retryAfterMs = this.estimatedWaitMs(priority, person);
      return Promise.reject(new BudgetBusy(operation, 'share', maxWaitMs, retryAfterMs));
    }
    if (maxWaitMs !== undefined && this.estimatedWaitMs(priority, person) > maxWaitMs) {
      return Promise.reject(new BudgetBusy(operation, 'wait', maxWaitMs));
    }
    const shareWaitMs = person === undefined ? 0 : (this.share?.take(person, opts.shareReserve) ?? 0);
    // Beyond their share over time, a person is told at once when it has grown back.
    if (shareWaitMs > 0) return Promise.reject(new BudgetBusy(operation, 'share', maxWaitMs, shareWaitMs));
    const started = new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        priority,
        person,
        operation,
        shared: person !== undefined && this.share !== undefined,
        enqueuedAt: this.now(),
        start: resolve,
        fail: reject,
      };
      if (maxWaitMs !== undefined) {
        waiter.deadline = setTimeout(() => {
          if (this.remove(waiter)) {
            this.giveBackShare(waiter);
            reject(new BudgetBusy(operation, 'wait', maxWaitMs));
          }
        }, maxWaitMs);
      }
      this.queues[priority].push(waiter);
    });
    void this.pump();
    return started.then(task);
  }

  reportRateLimited(): void {
    this.rateLimitedCount += 1;
    const now = this.now();
    // Requests cannot start during a pause, so a 429 arriving now was already in flight: no escalation.
    if (now < this.pausedUntil) return;
    this.consecutive429 += 1;
    const pauseMs = Math.min(this.initialPauseMs * 2 ** (this.consecutive429 - 1), this.maxPauseMs);
    this.pausedUntil = now + pauseMs;
    this.logger?.warn(
      { pauseMs, consecutive: this.consecutive429 },
      'service rate limit hit: pausing all requests',
    );
    this.gate?.pauseAll(pauseMs);
    this.wake(pauseMs);
  }

  reportSuccess(): void {
    this.consecutive429 = 0;
  }

  stats(): BudgetStats {
    const now = this.now();
    return {
      queued: {
        interactive: this.queues.interactive.length,
        write: this.queues.write.length,
        announcement: this.queues.announcement.length,
        poll: this.queues.poll.length,
      },
      pausedUntil: this.pausedUntil > now ? this.pausedUntil : null,
      rateLimitedCount: this.rateLimitedCount,
    };
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    for (const priority of PRIORITIES) {
      for (const waiter of this.queues[priority].drain()) {
        if (waiter.deadline) clearTimeout(waiter.deadline);
        this.giveBackShare(waiter);
        waiter.fail(new BudgetBusy(waiter.operation, 'closed'));
      }
    }
  }

  /** How long a new call of this priority (for this person) would wait behind the pause and what is ahead. */
  private estimatedWaitMs(priority: Priority, person?: string): number {
    const now = this.now();
    let ahead = 0;
    for (const p of PRIORITIES) {
      ahead += p === priority ? this.queues[p].aheadOf(person) : this.queues[p].length;
      if (p === priority) break;
    }
    const free = Math.max(this.pausedUntil, this.lastStart + this.intervalMs, now);
    return free - now + ahead * this.intervalMs;
  }

  private remove(waiter: Waiter): boolean {
    return this.queues[waiter.priority].remove(waiter);
  }

  /** A pause another process shared. */
  private pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
  }

  private giveBackShare(waiter: Waiter): void {
    if (waiter.shared && waiter.person !== undefined) this.share?.giveBack(waiter.person);
  }

  /** Permits handed to a higher priority since the last one that went to a starving waiter. */
  private grantsSinceRescue = 0;

  /** The waiter that gets this start: the feed when its floor is owed, else by priority (next). */
  private nextWaiter(): Waiter | undefined {
    const feedWaiting = this.queues.poll.length > 0;
    const floorOwed = this.feedFloor.owed(feedWaiting);
    const floored = floorOwed ? this.queues.poll.shift() : undefined;
    // A start the floor gave the feed is its rescue too: the two must not add up.
    if (floored) this.grantsSinceRescue = 0;
    const waiter = floored ?? this.next();
    if (waiter?.priority === 'poll') this.feedFloor.took();
    else if (feedWaiting && this.hasSpentShare(waiter)) this.feedFloor.uncount();
    return waiter;
  }

  /** A call of a person with less than one request of their share left: they live on the refill. */
  private hasSpentShare(waiter: Waiter | undefined): boolean {
    const person = waiter?.person;
    return person !== undefined && this.share !== undefined && this.share.left(person) < 1;
  }

  /**
   * Strict priority, except that a lower-priority waiter older than STARVATION_MS gets one permit
   * in RESCUE_EVERY: a steady stream of commands must not stop the feed and digests for good.
   */
  private next(): Waiter | undefined {
    const starving = this.oldestStarving();
    if (starving && this.grantsSinceRescue >= RESCUE_EVERY - 1) {
      this.grantsSinceRescue = 0;
      this.remove(starving);
      return starving;
    }
    for (const priority of PRIORITIES) {
      const waiter = this.queues[priority].shift();
      if (!waiter) continue;
      if (starving && waiter !== starving) this.grantsSinceRescue += 1;
      else this.grantsSinceRescue = 0;
      return waiter;
    }
    return undefined;
  }

  private oldestStarving(): Waiter | undefined {
    const now = this.now();
    let oldest: Waiter | undefined;
    for (const priority of PRIORITIES.slice(1)) {
      const head = this.queues[priority].peek();
      if (head && now - head.enqueuedAt >= STARVATION_MS && (!oldest || head.enqueuedAt < oldest.enqueuedAt))
        oldest = head;
    }
    return oldest;
  }

  private hasWaiters(): boolean {
    return PRIORITIES.some((priority) => this.queues[priority].length > 0);
  }

  private wake(delayMs: number): void {
    if (this.closed) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        void this.pump();
      },
      Math.max(1, Math.ceil(delayMs)),
    );
  }

  /** Hands out permits while there are waiters and the pace allows; otherwise sleeps until it does. */
  private async pump(): Promise<void> {
    if (this.pumping || this.closed) return;
    this.pumping = true;
    try {
      while (!this.closed && this.hasWaiters()) {
        const now = this.now();
        const localWait = Math.max(this.pausedUntil, this.lastStart + this.intervalMs) - now;
        if (localWait > 0) {
          this.wake(localWait);
          return;
        }
        // Without a shared limiter there is nothing to wait for: an idle budget starts a call at once.
        const sharedWait = this.gate ? await this.gate.acquire(now, (until) => this.pauseUntil(until)) : 0;
        if (sharedWait > 0) {
          this.wake(sharedWait);
          return;
        }
        const waiter = this.nextWaiter();
        if (!waiter) return; // everyone gave up meanwhile; the slot is simply unused
        if (waiter.deadline) clearTimeout(waiter.deadline);
        this.lastStart = this.now();
        waiter.start();
      }
    } finally {
      this.pumping = false;
    }
  }
}

export function createRequestBudget(options: RequestBudgetOptions = {}): RequestBudget {
  return new PriorityBudget(options);
}
