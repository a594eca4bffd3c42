/**
 * Scale-out over Redis: every owner's work (feed poll, and each job's per-owner step: digests, weekly
 * summaries, airing alerts and posts) is one BullMQ job,
 * `owner-<discord id>`, that lives as long as the owner has active subscriptions. A worker runs it,
 * then moves it back to the delayed set until its next due time; the deterministic job id means
 * there is never more than one per owner, and BullMQ's job lock means exactly one process runs it
 * at a time, across processes and hosts. When a process dies, its active jobs' locks expire and
 * another worker's stalled-job check puts them back in line (within three `lockMs`: see the
 * docs/scaling.md); delayed jobs belong to no process at all. The outbox and Discord nonces cover a post
 * interrupted by the kill.
 *
 * Each owner carries its own next feed poll time in the job (`feedDueAt`), so a policy can give
 * each owner its own pace (`feedDelayMs`).
 */

import { randomUUID } from 'node:crypto';
import type { Job, Queue, Worker } from 'bullmq';
import pLimit from 'p-limit';
import { z } from 'zod';
import { DEFAULTS } from '../../config.js';
import type { Logger } from '../../logger.js';
import { activeFeeds, type Subscription, type Subscriptions } from '../../subscriptions/model.js';
import { type CycleReport, emptyCycleReport, type FeedPoller } from '../feed/poller.js';
import type { OwnerChanges } from '../owners/changes.js';
import { OwnerSnapshot } from '../owners/snapshot.js';

const OWNER_QUEUE_NAME = 'kiroku-owners';
/** BullMQ's keys live under this prefix, apart from the store's. */
const QUEUE_PREFIX = 'kiroku-bull';
/** While the gateway is down, an owner's job looks again this much later. */
const NOT_READY_RETRY_MS = 1_000;

const ownerJobSchema = z.object({
  ownerId: z.string().min(1),
  /** Epoch ms of the owner's next feed poll (0: as soon as it has a feed subscription). */
  feedDueAt: z.number(),
});
export type OwnerJobData = z.infer<typeof ownerJobSchema>;

/** One job's part of an owner's job: the owner's subscriptions it steps, and the step. */
export interface OwnerStep {
  select(owned: readonly Subscription[]): Subscription[];
  step(subscriptions: Subscription[]): Promise<unknown>;
}

export interface OwnerQueueOptions {
  redisUrl: string;
  subscriptions: Pick<Subscriptions, 'all' | 'version'>;
  feed: Pick<FeedPoller, 'pollOwned'>;
  /** The other jobs' parts of an owner's job, in order (from their declarations' `perOwner`). */
  steps?: readonly OwnerStep[];
  logger: Logger;
  /**
   * Subscriptions made since (by any process): a job seeing a mark it has not seen reads the owner's
   * subscriptions afresh, so a subscription made on another host is in its very next poll.
   */
  changes?: Pick<OwnerChanges, 'current' | 'all'>;
  /** Feed poll interval (POLL_INTERVAL_SECONDS). */
  feedMs: number;
  /** Digest and alert steps, on the clock's multiples of this (default 30 s). */
  scheduleMs?: number;
  /**
   * How long until an owner's next feed poll after one (default `feedMs`): the hook for a
   * per-owner pace.
   */
  feedDelayMs?: (ownerId: string, report: CycleReport) => number | Promise<number>;
  /** Jobs one process runs at once (default 4; the request budget paces them anyway). */
  concurrency?: number;
  /** BullMQ's job lock and stalled-job check interval (default half the poll interval, 5..30 s). */
  lockMs?: number;
}

/** When the next step of an owner's job is due. */
export function nextRunAt(
  now: number,
  feedDueAt: number | undefined,
  scheduleMs: number | undefined,
): number | undefined {
  // Schedule steps fall on :00 and :30, like the single-process tickers, so an 08:00 digest posts at 08:00:00.
  const schedule = scheduleMs === undefined ? undefined : now - (now % scheduleMs) + scheduleMs;
  const candidates = [feedDueAt, schedule].filter((t): t is number => t !== undefined);
  return candidates.length > 0 ? Math.min(...candidates) : undefined;
}

export function defaultLockMs(feedMs: number): number {
  return Math.min(30_000, Math.max(5_000, Math.round(feedMs / 2)));
}

export class OwnerQueue {
  readonly #options: OwnerQueueOptions;
  readonly #snapshot: OwnerSnapshot;
  #queue: Queue<OwnerJobData> | undefined;
  #worker: Worker<OwnerJobData> | undefined;
  #starting: Promise<void> | undefined;
  #closeConnection: (() => Promise<void>) | undefined;
  #delayed: (() => Error) | undefined;
  #isReady: () => boolean = () => false;
  #opened = false;

  /** True once this process's queue and worker are open (readiness: the owners' jobs are scheduled). */
  get started(): boolean {
    return this.#opened;
  }

  constructor(options: OwnerQueueOptions) {
    this.#options = options;
    this.#snapshot = new OwnerSnapshot(
      options.subscriptions,
      Math.min(5_000, options.feedMs / 4),
      options.changes,
    );
  }

  /** Starts this process's worker; steps wait while `isReady()` is false (gateway down). */
  start(isReady: () => boolean): Promise<void> {
    this.#isReady = isReady;
    this.#starting ??= this.#open();
    return this.#starting;
  }

  async #open(): Promise<void> {
    const { redisUrl, logger } = this.#options;
    // Loaded only here, so that a bot without Redis does not carry BullMQ.
    const { DelayedError, Queue, Worker } = await import('bullmq');
    const { createClient } = await import('@keyv/redis');
    this.#delayed = () => new DelayedError();
    // BullMQ speaks through node-redis, the client the store already uses (it duplicates the
    // connection for the worker's blocking reads).
    const connection = createClient({ url: redisUrl });
    connection.on('error', (error: unknown) =>
      logger.debug({ err: error }, 'owner queue: redis connection error'),
    );
    // BullMQ leaves a connection it was given open: it is closed here, after the queue and worker.
    this.#closeConnection = async () => {
      if (connection.isOpen) connection.destroy();
    };
    this.#queue = new Queue<OwnerJobData>(OWNER_QUEUE_NAME, {
      connection,
      prefix: QUEUE_PREFIX,
      defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
    });
    this.#queue.on('error', (error) => logger.error({ err: error }, 'owner queue: redis error'));
    const lockMs = this.#options.lockMs ?? defaultLockMs(this.#options.feedMs);
    this.#worker = new Worker<OwnerJobData>(OWNER_QUEUE_NAME, (job, token) => this.#process(job, token), {
      connection,
      prefix: QUEUE_PREFIX,
      concurrency: this.#options.concurrency ?? DEFAULTS.feedConcurrency,
      lockDuration: lockMs,
      stalledInterval: lockMs,
      // An owner's job is never given up for stalling (its process died): it is only ever put back.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
    });
    this.#worker.on('error', (error) => logger.error({ err: error }, 'owner queue: worker error'));
    this.#opened = true;
  }

  /**
   * Makes sure an owner has its job, due now: a new subscription is polled soon even when the owner's
   * job already waits out a long interval (an adaptive pace gives quiet owners several cycles).
   */
  async enqueue(ownerId: string): Promise<void> {
    this.#snapshot.invalidate();
    if (this.#queue) await dueNow(this.#queue, ownerId, this.#options.logger);
  }

  /** Owner jobs due and waiting for a worker in any process (the feed's backlog with Redis); 0 before start. */
  async waitingJobs(): Promise<number> {
    return (await this.#queue?.getWaitingCount()) ?? 0;
  }

  /** Gives every owner with active subscriptions its job (also those made by other processes); returns how many. */
  async reconcile(): Promise<number> {
    if (!this.#queue) return 0;
    const owners = await this.#snapshot.owners();
    await this.#queue.addBulk(owners.map(ownerJob));
    return owners.length;
  }

  /** Stops taking jobs, waits for the running ones, and closes the Redis connections. */
  async stop(): Promise<void> {
    await this.#starting?.catch(() => undefined);
    await this.#worker?.close();
    await this.#queue?.close();
    await this.#closeConnection?.();
  }

  async #process(job: Job<OwnerJobData>, token: string | undefined): Promise<string> {
    const parsed = ownerJobSchema.safeParse(job.data);
    if (!parsed.success) {
      this.#options.logger.error({ jobId: job.id }, 'owner queue: malformed job dropped');
      return 'malformed';
    }
    const { ownerId } = parsed.data;
    let next: number | undefined = Date.now() + NOT_READY_RETRY_MS;
    let feedDueAt = parsed.data.feedDueAt;
    if (this.#isReady()) {
      const run = { requestId: randomUUID(), job: 'owner', ownerId };
      const startedAt = performance.now();
      const durationMs = () => Math.round(performance.now() - startedAt);
      try {
        const { owned, mark } = await this.#snapshot.ofOwner(ownerId);
        ({ next, feedDueAt } = await this.#step(ownerId, owned, mark, feedDueAt));
        // One line per owner and poll interval: at debug, so thousands of owners do not flood info.
        this.#options.logger.debug({ ...run, outcome: 'ok', durationMs: durationMs() }, 'job run');
      } catch (error) {
        // E.g. the store is unreachable: the owner keeps its job and tries again a poll interval later.
        this.#options.logger.error(
          { err: error, ...run, outcome: 'failed', durationMs: durationMs() },
          'job run',
        );
        next = Date.now() + this.#options.feedMs;
      }
    }
    // No active subscription left: the job completes and is removed; a new one brings it back.
    if (next === undefined) return 'idle';
    await job.updateData({ ownerId, feedDueAt });
    await job.moveToDelayed(next, token);
    // BullMQ's way to say "moved to delayed by the processor": the job is neither done nor failed.
    throw this.#delayed?.() ?? new Error('owner queue not started');
  }

  async #step(
    ownerId: string,
    owned: Subscription[],
    mark: string | undefined,
    feedDueAt: number,
  ): Promise<{ next: number | undefined; feedDueAt: number }> {
    const { feed, feedMs, feedDelayMs } = this.#options;
    const feeds = activeFeeds(owned);
    const startedAt = Date.now();
    if (feeds.length > 0 && feedDueAt <= startedAt) {
      const report = (await feed.pollOwned(ownerId, owned, mark)) ?? emptyCycleReport();
      feedDueAt = startedAt + ((await feedDelayMs?.(ownerId, report)) ?? feedMs);
    }
    let timed = false;
    for (const { select, step } of this.#options.steps ?? []) {
      const mine = select(owned);
      if (mine.length === 0) continue;
      timed = true;
      await step(mine);
    }
    const scheduleMs = timed ? (this.#options.scheduleMs ?? DEFAULTS.scheduleStepMs) : undefined;
    return { next: nextRunAt(Date.now(), feeds.length > 0 ? feedDueAt : undefined, scheduleMs), feedDueAt };
  }
}

/** An owner's job, due at once. BullMQ custom ids may not contain ':' nor be integers (a Discord id is digits). */
function ownerJob(ownerId: string) {
  return {
    name: 'owner',
    data: { ownerId, feedDueAt: 0 },
    opts: { jobId: `owner-${ownerId}`, removeOnComplete: true, removeOnFail: true },
  };
}

/**
 * The owner's job, due now: added when it has none (the deterministic id keeps one per owner), or,
 * when it waits out its interval, its feed poll made due and the job promoted; one running or just
 * started reads the owner's subscriptions itself.
 */
async function dueNow(queue: Queue<OwnerJobData>, ownerId: string, logger?: Logger): Promise<void> {
  const job = ownerJob(ownerId);
  await queue.add(job.name, job.data, job.opts);
  const existing = await queue.getJob(job.opts.jobId);
  if (!existing || !(await existing.isDelayed())) return;
  await existing.updateData({ ownerId, feedDueAt: 0 });
  await existing.promote().catch((error: unknown) => {
    logger?.debug({ err: error, ownerId }, 'owner queue: job started before it was brought forward');
  });
}

/**
 * Makes these owners' jobs due now from outside any worker (a one-off script; the bench starting
 * every owner at one instant): jobs they have are brought forward, as a new subscription would.
 */
export async function enqueueOwnerJobs(redisUrl: string, ownerIds: readonly string[]): Promise<void> {
  const { Queue } = await import('bullmq');
  const { createClient } = await import('@keyv/redis');
  const connection = createClient({ url: redisUrl });
  const queue = new Queue<OwnerJobData>(OWNER_QUEUE_NAME, { connection, prefix: QUEUE_PREFIX });
  try {
    await pLimit(16).map(ownerIds, (ownerId) => dueNow(queue, ownerId));
  } finally {
    await queue.close();
    if (connection.isOpen) connection.destroy();
  }
}
