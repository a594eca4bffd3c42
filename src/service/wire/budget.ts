/**
 * The request budget: one scheduler every service request passes through.
 *
 * - Starts are spaced at least `floor(1000 / rate) + 1` ms apart, so any 1-second window holds at most
 *   ceil(rate) starts (the service rejects a 5th request within 1000 ms per IP). The clock counts whole
 *   milliseconds, so a rate above 1,000/s starts up to `floor(rate / 1001)` calls in the same millisecond
 *   (a token bucket's burst of one millisecond's worth) instead of one per millisecond, still never more
 *   than the rate in any 1-second window (1,001 such milliseconds).
 * - On an idle budget a call starts at once, whoever it is for and whatever they did before.
 * - While calls wait, who goes next (turns.ts): strict priority interactive > write > announcement >
 *   poll, with a floor of the starts for the feed's polls and a permit now and then for a starving
 *   lower priority; within a priority, people take turns, the one with more of their share left first,
 *   and what is owed comes out of heavy users' turns first.
 * - Each person's share (person-share.ts) is an account, not a quota: a call beyond it waits behind
 *   every other waiting call, and is refused only when it cannot start within the reply window.
 *   A retry of a call is not counted again, and a call the service failed is given back (retry.ts).
 * - A 429 pauses the whole budget: 1 s, 2 s, 4 s ... capped at 30 s, reset by a success.
 * - With several processes, a shared gate (shared-gate.ts) spaces the starts of all of them, and the
 *   shares are counted in Redis (redis-share.ts).
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { DEFAULTS } from '../../config.js';
import type { Logger } from '../../logger.js';
import { BudgetBusy } from './errors.js';
import { PersonShare, type PersonShareSettings, type ShareCounter, type Standing } from './person-share.js';
import { SharedGate } from './shared-gate.js';
import { type Priority, Turns } from './turns.js';

export { PRIORITIES, type Priority } from './turns.js';

export interface RunOptions {
  /** Give up with BudgetBusy when the call cannot start within this many ms. */
  maxWaitMs?: number | undefined;
  /** The Discord user the call is for: people take turns, and the call counts against their share. */
  person?: string | undefined;
  /**
   * Refuse at once (BudgetBusy `share`) rather than wait when the call is beyond the person's share, less
   * `shareReserve`, while anyone else's call waits: autocomplete then answers from its cache.
   */
  yieldOverShare?: boolean | undefined;
  /** Requests of the person's share a yielding call must leave for what follows (the command). */
  shareReserve?: number | undefined;
  /** Counted against the person's share (default true); a retry of a call already counted is not. */
  counted?: boolean | undefined;
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
  /** Gives back a request counted for the person (a call the service failed: never their fault). */
  refund(person: string): void;
  /** Where the person stands in their share now; undefined when the budget keeps no shares. */
  shareOf(person: string): Standing | undefined;
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
  /** Where the shares are counted (Redis, to share them between processes); default this process's memory. */
  shareCounter?: ShareCounter | undefined;
  /**
   * Requests per second the shares split among people (default: the rate less the feed's floor); 0
   * makes every share its burst, however few people use the bot.
   */
  sharePeoplePerSecond?: number;
  /** Share of the starts the feed's polls always get while they wait (FEED_FLOOR_SHARE); default none. */
  feedFloor?: number;
}

interface Waiter {
  priority: Priority;
  person?: string | undefined;
  operation: string;
  /** Counted against the person's share: given back if the call never starts. */
  charged: boolean;
  /** Beyond the person's share when counted: it waits behind every other call. */
  overShare: boolean;
  enqueuedAt: number;
  start: () => void;
  fail: (error: Error) => void;
  deadline?: ReturnType<typeof setTimeout>;
}

/** One call on its way into the queue: what run() was asked and where its person stood. */
interface Admission {
  priority: Priority;
  operation: string;
  maxWaitMs: number | undefined;
  person: string | undefined;
  standing: Standing | undefined;
  charged: boolean;
  opts: RunOptions;
}

/** Interactive calls one person may have waiting while others wait too; a further one is refused. */
export const MAX_QUEUED_PER_PERSON = 3;

class PriorityBudget implements RequestBudget {
  private readonly intervalMs: number;
  /** Starts the pace allows within one millisecond of the clock (above 1,000/s), else 1. */
  private readonly startsPerMs: number;
  private readonly now: () => number;
  private readonly logger: Logger | undefined;
  private readonly interactiveMaxWaitMs: number;
  private readonly initialPauseMs: number;
  private readonly maxPauseMs: number;
  /** The gate shared with other processes; without one, the local pace alone is exact. */
  private readonly gate: SharedGate | undefined;
  private readonly share: PersonShare | undefined;
  private readonly turns: Turns<Waiter>;
  private lastStart = Number.NEGATIVE_INFINITY;
  /** Starts made at `lastStart` (the same millisecond). */
  private startsAtLast = 0;
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
    this.startsPerMs = Math.max(1, Math.floor(rate / 1001));
    this.now = options.now ?? Date.now;
    this.logger = options.logger;
    this.interactiveMaxWaitMs = options.interactiveMaxWaitMs ?? 2000;
    this.initialPauseMs = options.initialPauseMs ?? 1000;
    this.maxPauseMs = options.maxPauseMs ?? 30_000;
    if (options.limiter && options.limiter.points !== 1)
      throw new RangeError('the budget limiter must be created with points: 1');
    this.gate = options.limiter && new SharedGate(options.limiter, this.intervalMs, this.now, this.logger);
    const feedFloor = options.feedFloor ?? 0;
    this.share =
      options.personShare &&
      new PersonShare({
        settings: options.personShare,
        peoplePerSecond: options.sharePeoplePerSecond ?? rate * (1 - feedFloor),
        now: this.now,
        counter: options.shareCounter,
      });
    this.turns = new Turns({ now: this.now, share: this.share, feedFloor });
  }

  run<T>(priority: Priority, task: () => Promise<T>, opts: RunOptions = {}): Promise<T> {
    const operation = opts.operation ?? 'budget';
    if (this.closed) return Promise.reject(new BudgetBusy(operation, 'closed'));
    const maxWaitMs = opts.maxWaitMs ?? (priority === 'interactive' ? this.interactiveMaxWaitMs : undefined);
    const { person } = opts;
    // A script's many calls at once wait their turn a few at a time; alone, a person's calls all wait.
    if (
      person !== undefined &&
      this.turns.queuedBy(priority, person) >= MAX_QUEUED_PER_PERSON &&
      this.turns.othersWaiting(person)
    ) {
      const retryAfterMs = Math.max(1000, this.estimatedWaitMs(priority, person, false));
      return Promise.reject(new BudgetBusy(operation, 'share', maxWaitMs, retryAfterMs));
    }
    const charged = person !== undefined && this.share !== undefined && opts.counted !== false;
    const counted =
      person === undefined || !this.share
        ? undefined
        : charged
          ? this.share.charge(person)
          : this.share.standing(person);
    const admit = (standing: Standing | undefined) =>
      this.admit<T>({ priority, operation, maxWaitMs, person, standing, charged, opts }, task);
    return counted instanceof Promise ? counted.then(admit) : admit(counted);
  }

  /** Queues a counted call, or refuses it at once when it could not start in time. */
  private admit<T>(call: Admission, task: () => Promise<T>): Promise<T> {
    const { priority, person, standing, opts } = call;
    if (this.closed) return this.refuse(call, 'closed');
    const overShare = standing !== undefined && standing.used > standing.allowance;
    const othersWait = person !== undefined && this.turns.othersWaiting(person);
    if (opts.yieldOverShare && othersWait && standing) {
      if (standing.used + (opts.shareReserve ?? 0) > standing.allowance) return this.refuse(call, 'share');
    }
    // A call beyond its person's share waits behind everyone, but never past the reply window.
    const maxWaitMs = overShare ? (call.maxWaitMs ?? this.interactiveMaxWaitMs) : call.maxWaitMs;
    if (maxWaitMs !== undefined && this.estimatedWaitMs(priority, person, overShare) > maxWaitMs)
      return this.refuse(call, overShare ? 'share' : 'wait');
    this.turns.began(person);
    const started = new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        priority,
        person,
        operation: call.operation,
        charged: call.charged,
        overShare,
        enqueuedAt: this.now(),
        start: resolve,
        fail: reject,
      };
      if (maxWaitMs !== undefined) {
        waiter.deadline = setTimeout(() => {
          if (!this.turns.remove(waiter)) return;
          this.refuse({ ...call, maxWaitMs }, overShare ? 'share' : 'wait').catch(reject);
        }, maxWaitMs);
      }
      this.turns.push(waiter);
    });
    void this.pump();
    return started.then(task).finally(() => this.turns.ended(person));
  }

  /**
   * Refuses a call that did not start, giving back what it was counted, with when to try again: for
   * `share`, when the person's window starts again; for `wait`, when what is ahead will have started.
   */
  private refuse(call: Admission, reason: 'share' | 'wait' | 'closed'): Promise<never> {
    if (call.charged && call.person !== undefined) this.refund(call.person);
    const retryAfterMs =
      reason === 'closed'
        ? undefined
        : reason === 'share' && call.standing
          ? Math.max(1000, call.standing.resetInMs)
          : Math.max(1000, this.estimatedWaitMs(call.priority, call.person, false));
    return Promise.reject(new BudgetBusy(call.operation, reason, call.maxWaitMs, retryAfterMs));
  }

  refund(person: string): void {
    const given = this.share?.refund(person);
    if (given instanceof Promise)
      given.catch((error: unknown) => this.logger?.warn({ err: error }, 'could not give back a share'));
  }

  shareOf(person: string): Standing | undefined {
    return this.share?.standing(person);
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
        interactive: this.turns.waiting('interactive'),
        write: this.turns.waiting('write'),
        announcement: this.turns.waiting('announcement'),
        poll: this.turns.waiting('poll'),
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
    for (const waiter of this.turns.drain()) {
      if (waiter.deadline) clearTimeout(waiter.deadline);
      if (waiter.charged && waiter.person !== undefined) this.refund(waiter.person);
      waiter.fail(new BudgetBusy(waiter.operation, 'closed'));
    }
  }

  /** How long a new call of this priority (for this person) would wait behind the pause and what is ahead. */
  private estimatedWaitMs(priority: Priority, person: string | undefined, overShare: boolean): number {
    const now = this.now();
    const ahead = this.turns.aheadOf(priority, person, overShare);
    const free = Math.max(this.pausedUntil, this.nextFreeStart(), now);
    return free - now + Math.floor(ahead / this.startsPerMs) * this.intervalMs;
  }

  /** When the local pace allows the next start: later this millisecond while its allowance lasts. */
  private nextFreeStart(): number {
    return this.startsAtLast < this.startsPerMs ? this.lastStart : this.lastStart + this.intervalMs;
  }

  /** A pause another process shared. */
  private pauseUntil(until: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, until);
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
      while (!this.closed && this.turns.hasWaiters()) {
        const now = this.now();
        const localWait = Math.max(this.pausedUntil, this.nextFreeStart()) - now;
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
        const waiter = this.turns.next();
        if (!waiter) return; // everyone gave up meanwhile; the slot is simply unused
        if (waiter.deadline) clearTimeout(waiter.deadline);
        const startedAt = this.now();
        this.startsAtLast = startedAt === this.lastStart ? this.startsAtLast + 1 : 1;
        this.lastStart = startedAt;
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
