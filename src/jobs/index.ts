/** The background jobs (feed poller, daily digest, airing alerts) and how to build them together. */
import { DEFAULTS } from '../config.js';
import type { CommandMentionSource } from '../i18n/command-text.js';
import type { Locale } from '../i18n/locale.js';
import type { ServiceSite } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { ServiceClient } from '../service/index.js';
import type { Store } from '../store/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import type { TokenVault } from '../vault/index.js';
import type { VerdictBoard } from '../verdicts/board.js';
import type { Reminders } from '../viewing/reminders.js';
import { MembershipGate, type MembershipLookup } from './delivery/membership.js';
import { type DisableReason, SubscriptionNotices } from './delivery/notices.js';
import { Outbox } from './delivery/outbox.js';
import { PostLanguages } from './delivery/post-language.js';
import type { ChannelPoster } from './delivery/poster.js';
import type { FeedPostEvent } from './feed/delivery.js';
import { FeedPoller } from './feed/poller.js';
import { FeedSchedule } from './feed/schedule.js';
import { FeedScheduler } from './feed/scheduler.js';
import { OwnerChanges } from './owners/changes.js';
import { ownedSubscriptions } from './owners/partition.js';
import { OwnerSnapshot } from './owners/snapshot.js';
import { OwnerQueue } from './run/owner-queue.js';
import { Ticker } from './run/ticker.js';
import { AiringPosts } from './schedule/airing-posts.js';
import { AiringAlerts } from './schedule/alerts.js';
import { DailyDigest } from './schedule/digest.js';
import { OwnerPrograms } from './schedule/owner-programs.js';
import { DmReminders } from './schedule/reminders.js';
import type { TitleRefresh } from './titles/refresh.js';
import { createVerdicts, type VerdictOptions } from './verdict/build.js';
import { createWeeklySummaries, type WeeklyOptions } from './weekly/build.js';
import type { WeeklySummaries } from './weekly/weekly-summaries.js';

export { createGatewayMembership } from './delivery/gateway-membership.js';
export { MembershipGate, type MembershipLookup } from './delivery/membership.js';
export { createRestMembership } from './delivery/membership-rest.js';
export { type DisableReason, STATE_REASONS, SubscriptionNotices } from './delivery/notices.js';
export { type DeliveryResult, nonceFor, Outbox, type OutboxEntry } from './delivery/outbox.js';
export {
  type ChannelPoster,
  createRestPoster,
  type NoncedMessage,
  type OutgoingMessage,
  type PostOutcome,
} from './delivery/poster.js';
export type { FeedPostEvent } from './feed/delivery.js';
export { type CycleReport, FeedPoller, type FeedPollerDeps } from './feed/poller.js';
export { FeedSchedule, type PollPlan, planPolls, pollFrequency } from './feed/schedule.js';
export { FeedScheduler } from './feed/scheduler.js';
export { ownersOfShards } from './owners/partition.js';
export { Ticker } from './run/ticker.js';
export { AiringPosts, type AiringTickReport, firstAirings } from './schedule/airing-posts.js';
export { AiringAlerts, type AiringAlertsDeps, type AlertTickReport } from './schedule/alerts.js';
export {
  type DailyFire,
  type DailySchedule,
  dailySchedule,
  localDateOf,
} from './schedule/daily-time.js';
export { DailyDigest, type DailyDigestDeps, type DigestTickReport } from './schedule/digest.js';
export type { VerdictOptions } from './verdict/build.js';
export { createRestEditor } from './verdict/editor.js';
export { createWeeklySummaries, type WeeklyOptions } from './weekly/build.js';
export { WeeklySummaries, type WeeklyTickReport } from './weekly/weekly-summaries.js';

export interface JobsOptions {
  store: Store;
  /**
   * Every subscription (the one instance commands use too): a channel or server that refuses kiroku
   * is refused to every owner's subscriptions there, whichever process runs them.
   */
  subscriptions: Subscriptions;
  /**
   * The owners whose jobs this process runs (default: every owner): shard processes of one host
   * split the owners with it. The feed, digest and alerts see only these owners' subscriptions.
   */
  servesOwner?: (ownerId: string) => boolean;
  vault: TokenVault;
  service: ServiceClient;
  /** Where channel posts and DMs go (`createRestPoster` over discord.js REST). */
  poster: ChannelPoster;
  /** How owners' membership is checked (`createGatewayMembership`, `createRestMembership`); without it, not at all. */
  membership?: MembershipLookup;
  /** Told how many subscriptions were disabled and why (metrics). */
  onDisabled?: (reason: DisableReason, count: number) => void;
  /** The service as posts and notices name it and link to it (SERVICE_NAME, SERVICE_WEB_URL; default Annict's). */
  site?: ServiceSite;
  /** The registered commands' ids (global ones: they work in DMs too); without: commands as text. */
  mentions?: CommandMentionSource;
  /** The language of a Discord user's last interaction: owner notices follow it. */
  localeOf?: (discordUserId: string) => Promise<Locale | undefined>;
  /** Minutes after midnight at which Japanese digests' broadcast day starts (default 05:00). */
  broadcastDayStart?: number;
  logger: Logger;
  now: () => Date;
  /** People who asked for DM reminders (`/remind`), and how to open their DM channel. */
  reminders?: { store: Reminders; openDm(discordUserId: string): Promise<string | undefined> };
  /** Step intervals in ms (defaults: feed 60 s, digest 30 s, alerts 30 s). */
  intervals?: { feedMs?: number; digestMs?: number; alertsMs?: number };
  feed?: {
    pageSize?: number;
    probeSize?: number;
    maxCatchUpPages?: number;
    /** FEED_CATCH_UP_HOURS in ms: activities older than this when found are summed up (default 24 h). */
    catchUpMs?: number;
    concurrency?: number;
    /** `adaptive` (by activity rate; the default) or `round-robin` (every owner in turn): FEED_POLICY. */
    policy?: 'adaptive' | 'round-robin';
  };
  /** Feed polls per second the budget leaves after commands (the schedule's budget; default 2.25). */
  feedPollsPerSecond?: number;
  /** Told the creation time of each activity when it is first posted (the feed delay metric). */
  onFeedPosted?: (createdAt: string) => void;
  /** Told of each refused feed post and each activity posted in the minimal form (metrics). */
  onFeedEvent?: (event: FeedPostEvent) => void;
  digest?: { prefetchMs?: number; catchUpMs?: number };
  /** The weekly server summaries: whose record is shared, servers' names, how pictures are drawn. */
  weekly?: WeeklyOptions;
  alerts?: { refreshMs?: number };
  verdicts?: VerdictOptions;
  /** The daily refresh of the English title index (checked hourly; any process may make it). */
  titles?: TitleRefresh;
  /**
   * With Redis: each owner's work is a BullMQ job that one process at a time runs (see
   * run/owner-queue.ts) instead of every job's ticker running in this process.
   */
  scaleOut?: { redisUrl: string; lockMs?: number; concurrency?: number };
}

export interface Jobs {
  feed: FeedPoller;
  digest: DailyDigest;
  /** The weekly server summaries (weekly subscriptions). */
  weekly: WeeklySummaries;
  alerts: AiringAlerts;
  /** Channels that follow chosen works (airing subscriptions). */
  airing: AiringPosts;
  /** The verdicts on airing posts and alerts (and their refresh) with `verdicts`. */
  verdicts: VerdictBoard | undefined;
  verdictRefresh: ReturnType<typeof createVerdicts>['verdictRefresh'];
  /** The English title index's refresh; only when `titles` was given. */
  titles: TitleRefresh | undefined;
  /** DM reminders; only when `reminders` was given. */
  reminders: DmReminders | undefined;
  outbox: Outbox;
  notices: SubscriptionNotices;
  poster: ChannelPoster;
  membership: MembershipGate | undefined;
  /** How posts and owner notices are written (languages, the service's name and site, command mentions). */
  languages: PostLanguages;
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
  /** True once started and, with Redis, once the owner queue is open (readiness). */
  readonly scheduled: boolean;
  stop(): Promise<void>;
}

export function createJobs(options: JobsOptions): Jobs {
  const { poster } = options;
  const intervals = options.intervals ?? {};
  const feedMs = intervals.feedMs ?? DEFAULTS.pollIntervalSeconds * 1000;
  const adaptive = options.feed?.policy !== 'round-robin';
  const timing: JobTiming = {
    feedMs,
    digestMs: intervals.digestMs ?? DEFAULTS.scheduleStepMs,
    alertsMs: intervals.alertsMs ?? DEFAULTS.scheduleStepMs,
    pollsPerS: options.feedPollsPerSecond ?? DEFAULTS.serviceRatePerSecond * DEFAULTS.feedPollShare,
    adaptive,
  };
  const common = commonParts(options, poster);
  const changes = new OwnerChanges(options.store);
  const feedParts = buildFeed(options, common.shared, changes, timing);
  const digest = new DailyDigest({ ...common.shared, store: options.store, ...options.digest });
  const weekly = createWeeklySummaries({ ...common.shared, store: options.store }, options.weekly);
  // One copy of each owner's programs for the alerts and the airing subscriptions.
  const programs = new OwnerPrograms(common.shared, options.alerts?.refreshMs);
  const { verdicts, verdictRefresh } = createVerdicts({ ...options, ...common.shared }, options.verdicts);
  const alerts = new AiringAlerts({ ...common.shared, ...options.alerts, programs, verdicts });
  const airing = new AiringPosts({ ...common.shared, programs, verdicts });
  const reminders = options.reminders
    ? new DmReminders({
        ...common.shared,
        programs,
        reminders: options.reminders.store,
        openDm: options.reminders.openDm,
        ...(options.servesOwner ? { servesOwner: options.servesOwner } : {}),
      })
    : undefined;
  const owners = options.scaleOut
    ? new OwnerQueue({
        ...options.scaleOut,
        subscriptions: common.shared.subscriptions,
        feed: feedParts.feed,
        digest,
        weekly,
        alerts,
        airing,
        logger: options.logger,
        changes,
        feedMs,
        scheduleMs: timing.digestMs,
        ...(adaptive ? { feedDelayMs: (ownerId: string) => feedParts.schedule.delayMs(ownerId) } : {}),
      })
    : undefined;
  const titles = options.titles;
  const parts = {
    ...common,
    ...feedParts,
    digest,
    weekly,
    alerts,
    airing,
    verdicts,
    verdictRefresh,
    reminders,
    titles,
    owners,
    poster,
  };
  return assembleJobs(parts, changes, timing, options.logger);
}

/** The intervals and poll budget the jobs run at, from `JobsOptions` and their defaults. */
interface JobTiming {
  feedMs: number;
  digestMs: number;
  alertsMs: number;
  pollsPerS: number;
  adaptive: boolean;
}

/** The outbox, the owner notices and the membership gate, and what every subscription job shares. */
function commonParts(options: JobsOptions, poster: ChannelPoster) {
  const { store, subscriptions, vault, service, logger, now, broadcastDayStart } = options;
  const languages = new PostLanguages({
    ...(options.site ? { site: options.site } : {}),
    ...(options.mentions ? { mentions: options.mentions } : {}),
  });
  const t = languages.of('en');
  const outbox = new Outbox(store, { poster, now, logger });
  const notices = new SubscriptionNotices({
    subscriptions,
    poster,
    t,
    languages,
    logger,
    onDisabled: options.onDisabled,
    localeOf: options.localeOf,
  });
  const lookup = options.membership;
  const membership = lookup ? new MembershipGate({ store, lookup, notices, now, logger }) : undefined;
  const shared = {
    subscriptions: ownedSubscriptions(subscriptions, options.servesOwner),
    vault,
    service,
    outbox,
    notices,
    membership,
    logger,
    now,
    t,
    languages,
    broadcastDayStart,
  };
  return { outbox, notices, membership, languages, shared };
}

type SharedJobDeps = ReturnType<typeof commonParts>['shared'];

/** The feed poller, its schedule and the scheduler that polls the owners whose turn it is. */
function buildFeed(options: JobsOptions, shared: SharedJobDeps, changes: OwnerChanges, timing: JobTiming) {
  const { store, now, logger } = options;
  const { feedMs, pollsPerS, adaptive } = timing;
  // The schedule plans over the feed owners this process serves (with Redis: every owner).
  const feedOwners = new OwnerSnapshot(shared.subscriptions, Math.min(5_000, feedMs / 4), changes);
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
    ...(adaptive
      ? { onPolled: schedule.observe, readsHistory: (ownerId: string) => schedule.readsHistory(ownerId) }
      : {}),
    ...(options.onFeedPosted ? { onPosted: options.onFeedPosted } : {}),
    ...(options.onFeedEvent ? { onFeedEvent: options.onFeedEvent } : {}),
  });
  const scheduler = new FeedScheduler({
    poller: feed,
    schedule,
    owners: feedOwners,
    pollsPerS,
    concurrency: options.feed?.concurrency ?? DEFAULTS.feedConcurrency,
    now,
    logger,
  });
  return { feed, schedule, scheduler };
}

type JobParts = Omit<Jobs, 'subscribed' | 'start' | 'stop' | 'scheduled'>;

/** The jobs with their lifecycle: `start` builds the tickers (or starts the owner queue), `stop` ends them. */
function assembleJobs(parts: JobParts, changes: OwnerChanges, timing: JobTiming, logger: Logger): Jobs {
  const tickers: Ticker[] = [];
  return {
    ...parts,
    get scheduled() {
      return tickers.length > 0 && (parts.owners?.started ?? true);
    },
    async subscribed(ownerId) {
      await changes.mark(ownerId);
      parts.scheduler.pollSoon(ownerId);
      await parts.owners?.enqueue(ownerId);
    },
    start(isReady) {
      if (tickers.length > 0) return;
      tickers.push(...jobTickers(parts, timing, isReady, logger));
      if (parts.titles) tickers.push(parts.titles.ticker(isReady));
      if (parts.verdictRefresh) tickers.push(parts.verdictRefresh.ticker(timing.alertsMs, isReady));
      for (const ticker of tickers) ticker.start();
    },
    async stop() {
      // Waits for running steps; prefetches in flight settle on their own (closing the budget rejects queued ones).
      await Promise.all(tickers.map((ticker) => ticker.stop()));
      await parts.owners?.stop();
    },
  };
}

/** Without Redis: one ticker per job. With it: the owner queue runs the jobs, one ticker reconciles it. */
function jobTickers(parts: JobParts, timing: JobTiming, isReady: () => boolean, logger: Logger): Ticker[] {
  const { owners, scheduler, feed, digest, weekly, alerts, airing, reminders } = parts;
  const { feedMs } = timing;
  if (owners) {
    owners
      .start(isReady)
      .catch((error: unknown) => logger.error({ err: error }, 'owner queue: start failed'));
    // Owners whose subscriptions were made elsewhere (another host) or resumed get their job.
    const reconcile = () => owners.reconcile();
    const tickers = [new Ticker({ name: 'owners', intervalMs: feedMs, isReady, step: reconcile, logger })];
    // Reminders are per person, not per owner job: each process steps them; the outbox's nonce
    // folds a DM two processes send at once.
    if (reminders) {
      const step = () => reminders.tick();
      tickers.push(
        new Ticker({
          name: 'reminders',
          intervalMs: timing.alertsMs,
          alignToClock: true,
          isReady,
          step,
          logger,
        }),
      );
    }
    return tickers;
  }
  // The adaptive scheduler looks for due owners every 1/60 of the poll interval (1 s at the default
  // 60 s): owners that fall due between two looks wait for the next, and the budget idles meanwhile.
  const tickMs = Math.min(1_000, feedMs / 60);
  // Digest and alert ticks fall on :00 and :30, so an 08:00 digest posts at 08:00:00.
  return [
    timing.adaptive
      ? new Ticker({
          name: 'feed',
          intervalMs: tickMs,
          isReady,
          step: () => scheduler.tick(),
          isIdle: (report) => report.polled === 0,
          logger,
        })
      : new Ticker({ name: 'feed', intervalMs: feedMs, isReady, step: () => feed.runCycle(), logger }),
    new Ticker({
      name: 'digest',
      intervalMs: timing.digestMs,
      alignToClock: true,
      isReady,
      // The weekly summaries share the digest's step: both post at a local time, on the :00 and :30.
      step: async () => [await digest.tick(), await weekly.tick()],
      logger,
    }),
    new Ticker({
      name: 'alerts',
      intervalMs: timing.alertsMs,
      alignToClock: true,
      isReady,
      // Alerts first: they refresh the programs the airing posts then read without a request.
      step: async () => [await alerts.tick(), await airing.tick(), await reminders?.tick()],
      logger,
    }),
  ];
}
