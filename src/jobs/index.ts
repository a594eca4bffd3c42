/** The background jobs (feed poller, daily digest, airing alerts) and how to build them together. */
import type { REST } from 'discord.js';
import type { Locale } from '../i18n/locale.js';
import { createTranslator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { ServiceClient } from '../service/index.js';
import type { Store } from '../store/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import type { TokenVault } from '../vault/index.js';
import { AiringAlerts } from './alerts.js';
import { DailyDigest } from './digest.js';
import { FeedPoller } from './feed-poller.js';
import { FeedSchedule } from './feed-schedule.js';
import { FeedScheduler } from './feed-scheduler.js';
import { createRestMembership, MembershipGate, type MembershipLookup } from './membership.js';
import { type DisableReason, SubscriptionNotices } from './notices.js';
import { Outbox } from './outbox.js';
import { OwnerChanges } from './owner-changes.js';
import { OwnerQueue } from './owner-queue.js';
import { OwnerSnapshot } from './owner-snapshot.js';
import { type ChannelPoster, createRestPoster } from './poster.js';
import { Ticker } from './ticker.js';

export { AiringAlerts, type AiringAlertsDeps, type AlertTickReport } from './alerts.js';
export {
  type DailyFire,
  type DailySchedule,
  dailySchedule,
  localDateOf,
} from './daily-time.js';
export { DailyDigest, type DailyDigestDeps, type DigestTickReport } from './digest.js';
export { type CycleReport, FeedPoller, type FeedPollerDeps } from './feed-poller.js';
export { FeedSchedule, type PollPlan, planPolls, pollFrequency } from './feed-schedule.js';
export { FeedScheduler } from './feed-scheduler.js';
export {
  createRestMembership,
  MembershipGate,
  type MembershipLookup,
  type MembershipStatus,
} from './membership.js';
export { type DisableReason, STATE_REASONS, SubscriptionNotices } from './notices.js';
export { type DeliveryResult, nonceFor, Outbox, type OutboxEntry } from './outbox.js';
export {
  type ChannelPoster,
  createRestPoster,
  type NoncedMessage,
  type OutgoingMessage,
  type PostOutcome,
} from './poster.js';
export { Ticker } from './ticker.js';

export interface JobsOptions {
  store: Store;
  /** The subscriptions this process runs (narrowed to its owners when shard processes split them). */
  subscriptions: Subscriptions;
  /**
   * Every subscription, unnarrowed (default: `subscriptions`): a channel or server that refuses kiroku
   * is refused to every owner's subscriptions there, whichever process runs them.
   */
  allSubscriptions?: Subscriptions;
  vault: TokenVault;
  service: ServiceClient;
  /** discord.js REST (e.g. `client.rest`); ignored when `poster` is given. */
  rest?: REST;
  poster?: ChannelPoster;
  /** How owners' membership is checked; default: over `rest` when given, else not at all. */
  membership?: MembershipLookup;
  /** Told how many subscriptions were disabled and why (metrics). */
  onDisabled?: (reason: DisableReason, count: number) => void;
  /** The language of a Discord user's last interaction: owner notices follow it. */
  localeOf?: (discordUserId: string) => Promise<Locale | undefined>;
  /** Minutes after midnight at which Japanese digests' broadcast day starts (default 05:00). */
  broadcastDayStart?: number;
  logger: Logger;
  now: () => Date;
  /** Step intervals in ms (defaults: feed 60 s, digest 30 s, alerts 30 s). */
  intervals?: { feedMs?: number; digestMs?: number; alertsMs?: number };
  feed?: {
    pageSize?: number;
    probeSize?: number;
    maxCatchUpPages?: number;
    concurrency?: number;
    /** `adaptive` (by activity rate; the default) or `round-robin` (every owner in turn): FEED_POLICY. */
    policy?: 'adaptive' | 'round-robin';
  };
  /** Feed polls per second the budget leaves after commands (the schedule's budget; default 2.25). */
  feedPollsPerSecond?: number;
  /** Told the creation time of each activity when it is first posted (the feed delay metric). */
  onFeedPosted?: (createdAt: string) => void;
  digest?: { prefetchMs?: number; catchUpMs?: number };
  alerts?: { refreshMs?: number };
  /**
   * With Redis: each owner's work is a BullMQ job that one process at a time runs (see
   * owner-queue.ts) instead of every job's ticker running in this process.
   */
  scaleOut?: { redisUrl: string; lockMs?: number; concurrency?: number };
}

export interface Jobs {
  feed: FeedPoller;
  digest: DailyDigest;
  alerts: AiringAlerts;
  outbox: Outbox;
  notices: SubscriptionNotices;
  poster: ChannelPoster;
  membership: MembershipGate | undefined;
  /** Each feed owner's poll interval (its estimated round-robin cycle feeds a metric). */
  schedule: FeedSchedule;
  /** Without Redis: polls the owners whose next poll is due (one `tick()` per ticker step). */
  scheduler: FeedScheduler;
  /** The per-owner job queue, with `scaleOut` (Redis) only. */
  owners: OwnerQueue | undefined;
  /**
   * After a subscription is stored and before it is confirmed: its owner's polls (in any process)
   * include it from now on, and with Redis the owner has its job.
   */
  subscribed(ownerId: string): Promise<void>;
  /** Starts every job; steps are skipped while `isReady()` is false (gateway down). */
  start(isReady: () => boolean): void;
  stop(): Promise<void>;
}

export function createJobs(options: JobsOptions): Jobs {
  const { store, subscriptions, vault, service, logger, now } = options;
  const poster = options.poster ?? (options.rest ? createRestPoster(options.rest, logger) : undefined);
  if (!poster) throw new Error('createJobs: give `rest` or `poster`');
  const t = createTranslator('en');
  const outbox = new Outbox(store, { poster, now, logger });
  const notices = new SubscriptionNotices({
    subscriptions: options.allSubscriptions ?? subscriptions,
    poster,
    t,
    logger,
    onDisabled: options.onDisabled,
    localeOf: options.localeOf,
  });
  const lookup =
    options.membership ?? (options.rest ? createRestMembership(options.rest, logger) : undefined);
  const membership = lookup ? new MembershipGate({ store, lookup, notices, now }) : undefined;
  const { broadcastDayStart } = options;
  const shared = {
    subscriptions,
    vault,
    service,
    outbox,
    notices,
    membership,
    logger,
    now,
    t,
    broadcastDayStart,
  };
  const changes = new OwnerChanges(store);
  const intervals = options.intervals ?? {};
  const feedMs = intervals.feedMs ?? 60_000;
  const pollsPerS = options.feedPollsPerSecond ?? 2.25;
  const adaptive = options.feed?.policy !== 'round-robin';
  // The schedule plans over the feed owners this process serves (with Redis: every owner).
  const feedOwners = new OwnerSnapshot(subscriptions, Math.min(5_000, feedMs / 4), changes);
  const schedule = new FeedSchedule({
    store,
    owners: () => feedOwners.feedOwners(),
    pollsPerS,
    minIntervalMs: feedMs,
    now,
  });
  const feed = new FeedPoller({
    ...shared,
    store,
    changes,
    ...options.feed,
    ...(adaptive ? { onPolled: schedule.observe } : {}),
    ...(options.onFeedPosted ? { onPosted: options.onFeedPosted } : {}),
  });
  const digest = new DailyDigest({ ...shared, store, ...options.digest });
  const alerts = new AiringAlerts({ ...shared, ...options.alerts });
  const tickers: Ticker[] = [];
  // The adaptive scheduler looks for due owners every 1/60 of the poll interval (1 s at the default
  // 60 s): owners that fall due between two looks wait for the next, and the budget idles meanwhile.
  const tickMs = Math.min(1_000, feedMs / 60);
  const scheduler = new FeedScheduler({
    poller: feed,
    schedule,
    owners: feedOwners,
    pollsPerS,
    concurrency: options.feed?.concurrency ?? 4,
    now,
    logger,
  });
  const owners = options.scaleOut
    ? new OwnerQueue({
        ...options.scaleOut,
        subscriptions,
        feed,
        digest,
        alerts,
        logger,
        changes,
        feedMs,
        scheduleMs: intervals.digestMs ?? 30_000,
        ...(adaptive ? { feedDelayMs: (ownerId: string) => schedule.delayMs(ownerId) } : {}),
      })
    : undefined;
  return {
    feed,
    digest,
    alerts,
    outbox,
    notices,
    poster,
    membership,
    owners,
    schedule,
    scheduler,
    async subscribed(ownerId) {
      await changes.mark(ownerId);
      scheduler.pollSoon(ownerId);
      await owners?.enqueue(ownerId);
    },
    start(isReady) {
      if (tickers.length > 0) return;
      if (owners) {
        owners
          .start(isReady)
          .catch((error: unknown) => logger.error({ err: error }, 'owner queue: start failed'));
        // Owners whose subscriptions were made elsewhere (another host) or resumed get their job.
        const reconcile = () => owners.reconcile();
        tickers.push(
          new Ticker({
            name: 'owners',
            intervalMs: feedMs,
            isReady,
            step: reconcile,
            logger,
          }),
        );
        for (const ticker of tickers) ticker.start();
        return;
      }
      // Digest and alert ticks fall on :00 and :30, so an 08:00 digest posts at 08:00:00.
      tickers.push(
        adaptive
          ? new Ticker({ name: 'feed', intervalMs: tickMs, isReady, step: () => scheduler.tick(), logger })
          : new Ticker({ name: 'feed', intervalMs: feedMs, isReady, step: () => feed.runCycle(), logger }),
        new Ticker({
          name: 'digest',
          intervalMs: intervals.digestMs ?? 30_000,
          alignToClock: true,
          isReady,
          step: () => digest.tick(),
          logger,
        }),
        new Ticker({
          name: 'alerts',
          intervalMs: intervals.alertsMs ?? 30_000,
          alignToClock: true,
          isReady,
          step: () => alerts.tick(),
          logger,
        }),
      );
      for (const ticker of tickers) ticker.start();
    },
    async stop() {
      // Waits for running steps; prefetches in flight settle on their own (closing the budget rejects queued ones).
      await Promise.all(tickers.map((ticker) => ticker.stop()));
      await owners?.stop();
    },
  };
}
