/**
 * The background jobs, built together from the one list of jobs (list.ts): each job declares
 * itself (job.ts), and this builds their workers, the feed's driver, the owner queue (with Redis)
 * and the tickers from those declarations.
 */

import { DEFAULTS } from '../config.js';
import type { Logger } from '../logger.js';
import type { Subscription } from '../subscriptions/model.js';
import type { VerdictBoard } from '../verdicts/board.js';
import { OwnerPrograms } from './broadcasts/owner-programs.js';
import { chooseFeedDriver, type FeedDriver } from './feed/drivers.js';
import { FeedPace } from './feed/pace.js';
import type { PacedPolling } from './feed/paced-polling.js';
import type { Job, JobContext } from './job.js';
import { JOBS } from './list.js';
import { type JobsOptions, type JobTiming, jobTiming } from './options.js';
import { OwnerChanges } from './owners/changes.js';
import { OwnerSnapshot } from './owners/snapshot.js';
import { OwnerQueue } from './run/owner-queue.js';
import type { Ticker } from './run/ticker.js';
import { type SharedJobParts, sharedJobParts } from './shared-parts.js';
import { type BuiltJob, jobTickers } from './tickers.js';
import { createVerdictBoard } from './verdict/build.js';

export { AiringPosts, type AiringTickReport, firstAirings } from './broadcasts/airing-posts.js';
export { AiringAlerts, type AiringAlertsDeps, type AlertTickReport } from './broadcasts/alerts.js';
export { type DailyFire, type DailySchedule, dailySchedule } from './broadcasts/daily-time.js';
export { DailyDigest, type DailyDigestDeps, type DigestTickReport } from './broadcasts/digest.js';
export type { FeedPostEvent } from './feed/channel-batches.js';
export type { FeedDriver } from './feed/drivers.js';
export { FeedPace, type PollPlan, planPolls, pollFrequency } from './feed/pace.js';
export { PacedPolling } from './feed/paced-polling.js';
export { type CycleReport, FeedPoller, type FeedPollerDeps } from './feed/poller.js';
export { JOBS } from './list.js';
export type { JobsOptions } from './options.js';
export { ownersOfShards } from './owners/partition.js';
export { createGatewayMembership } from './posting/gateway-membership.js';
export { MembershipGate, type MembershipLookup } from './posting/membership.js';
export { createRestMembership } from './posting/membership-rest.js';
export { type DisableReason, STATE_REASONS, SubscriptionNotices } from './posting/notices.js';
export { type DeliveryResult, nonceFor, Outbox, type OutboxEntry } from './posting/outbox.js';
export {
  type ChannelPoster,
  createRestPoster,
  type NoncedMessage,
  type OutgoingMessage,
  type PostOutcome,
} from './posting/poster.js';
export { Ticker } from './run/ticker.js';
export type { VerdictOptions } from './verdict/build.js';
export { createRestEditor } from './verdict/editor.js';
export { createWeeklySummaries, type WeeklyOptions } from './weekly/build.js';
export { WeeklySummaries, type WeeklyTickReport } from './weekly/weekly-summaries.js';

/** Each job's worker by its name (`undefined` for a job its options leave out). */
export type JobWorkers = { [J in (typeof JOBS)[number] as J['name']]: ReturnType<J['build']> };

export type Jobs = JobWorkers & {
  outbox: SharedJobParts['outbox'];
  notices: SharedJobParts['notices'];
  poster: SharedJobParts['poster'];
  membership: SharedJobParts['membership'];
  /** How posts and owner notices are written (languages, the service's name and site, command mentions). */
  languages: SharedJobParts['languages'];
  /** The verdicts on airing posts and alerts, with `verdicts` options (the buttons' handlers count presses in them). */
  verdicts: VerdictBoard | undefined;
  /** Each feed owner's poll interval (its estimated round-robin cycle feeds a metric). */
  pace: FeedPace;
  /** How the feed's owners are polled: chosen once from the policy and whether Redis runs the owner queue. */
  feedDriver: FeedDriver;
  /** Polls the owners whose pace says they are due (the adaptive driver without Redis; tests step it). */
  pacedPolling: PacedPolling;
  /** The per-owner job queue, with `scaleOut` (Redis) only. */
  owners: OwnerQueue | undefined;
  /**
   * After a subscription is stored and before it is confirmed: its owner's polls (in any process)
   * include it from now on, and with Redis the owner has its job.
   */
  subscribed(ownerId: string): Promise<void>;
  /** Starts every job; steps are skipped while `isReady()` is false (gateway down). */
  start(isReady: () => boolean): void;
  /** True once started and, with Redis, once the owner queue is open (readiness). */
  readonly scheduled: boolean;
  stop(): Promise<void>;
};

export function createJobs(options: JobsOptions): Jobs {
  const { store, now, logger } = options;
  const timing = jobTiming(options);
  const shared = sharedJobParts(options);
  const changes = new OwnerChanges(store);
  // The pace plans over the feed owners this process serves (with Redis: every owner).
  const feedOwners = new OwnerSnapshot(
    shared.deps.subscriptions,
    Math.min(5_000, timing.feedMs / 4),
    changes,
  );
  const { feedMs, pollsPerS } = timing;
  const pace = new FeedPace({
    store,
    owners: () => feedOwners.feedOwners(),
    pollsPerS,
    minIntervalMs: feedMs,
    now,
  });
  const context = jobContext(options, shared, { timing, changes, pace });
  const { verdicts } = context;
  const built: BuiltJob[] = JOBS.map((job: Job) => ({ job, worker: job.build(context) }));
  const workers = Object.fromEntries(built.map(({ job, worker }) => [job.name, worker])) as JobWorkers;
  const { driver: feedDriver, paced: pacedPolling } = chooseFeedDriver({
    policy: options.feed?.policy ?? 'adaptive',
    queued: options.scaleOut !== undefined,
    feedMs,
    pace,
    poller: workers.feed,
    owners: feedOwners,
    pollsPerS,
    concurrency: options.feed?.concurrency ?? DEFAULTS.feedConcurrency,
    now,
    logger,
  });
  const owners = options.scaleOut
    ? ownerQueue(options, built, {
        workers,
        feedDriver,
        changes,
        timing,
        subscriptions: shared.deps.subscriptions,
      })
    : undefined;
  const { outbox, notices, poster, membership, languages } = shared;
  const parts = {
    ...workers,
    outbox,
    notices,
    poster,
    membership,
    languages,
    verdicts,
    pace,
    feedDriver,
    pacedPolling,
    owners,
  };
  return withLifecycle(parts, { built, changes, timing, logger });
}

/** What every job is built from: the options, the shared parts, and the parts some jobs share (programs, verdicts). */
function jobContext(
  options: JobsOptions,
  shared: SharedJobParts,
  parts: Pick<JobContext, 'timing' | 'changes' | 'pace'>,
): JobContext {
  return {
    options,
    shared: shared.deps,
    ...parts,
    programs: ownerPrograms(options, shared),
    verdicts: createVerdictBoard({ ...options, ...shared.deps }, options.verdicts),
  };
}

/** One copy of each owner's programs for the alerts, the airing posts and the reminders. */
function ownerPrograms(options: JobsOptions, shared: SharedJobParts): OwnerPrograms {
  return new OwnerPrograms(shared.deps, options.alerts?.refreshMs);
}

/** The per-owner BullMQ queue: the feed's poll at the driver's pace, then each job's per-owner step. */
function ownerQueue(
  options: JobsOptions,
  built: readonly BuiltJob[],
  parts: {
    workers: JobWorkers;
    feedDriver: FeedDriver;
    changes: OwnerChanges;
    timing: JobTiming;
    subscriptions: JobContext['shared']['subscriptions'];
  },
): OwnerQueue | undefined {
  if (!options.scaleOut) return undefined;
  const { feedDriver, timing } = parts;
  const steps = built.flatMap(({ job, worker }) => {
    const { perOwner } = job;
    if (!perOwner || worker === undefined || worker === null) return [];
    return [{ select: perOwner.select, step: (mine: Subscription[]) => perOwner.step(worker, mine) }];
  });
  return new OwnerQueue({
    ...options.scaleOut,
    subscriptions: parts.subscriptions,
    feed: parts.workers.feed,
    steps,
    logger: options.logger,
    changes: parts.changes,
    feedMs: timing.feedMs,
    scheduleMs: timing.digestMs,
    feedDelayMs: (ownerId) => feedDriver.nextPollDelayMs(ownerId),
  });
}

type JobParts = Omit<Jobs, 'subscribed' | 'start' | 'stop' | 'scheduled'>;

/** The jobs with their lifecycle: `start` builds the tickers (or starts the owner queue), `stop` ends them. */
function withLifecycle(
  parts: JobParts,
  {
    built,
    changes,
    timing,
    logger,
  }: { built: readonly BuiltJob[]; changes: OwnerChanges; timing: JobTiming; logger: Logger },
): Jobs {
  const tickers: Ticker[] = [];
  return {
    ...parts,
    get scheduled() {
      return tickers.length > 0 && (parts.owners?.started ?? true);
    },
    async subscribed(ownerId) {
      await changes.mark(ownerId);
      parts.feedDriver.pollSoon(ownerId);
      await parts.owners?.enqueue(ownerId);
    },
    start(isReady) {
      if (tickers.length > 0) return;
      const { feedDriver, owners } = parts;
      tickers.push(...jobTickers({ built, feedDriver, owners, timing, isReady, logger }));
      for (const ticker of tickers) ticker.start();
    },
    async stop() {
      // Waits for running steps; prefetches in flight settle on their own (closing the budget rejects queued ones).
      await Promise.all(tickers.map((ticker) => ticker.stop()));
      await parts.owners?.stop();
    },
  };
}
