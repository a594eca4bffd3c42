/** What the jobs are built from: the app's parts, the intervals, and each job's own settings. */
import { DEFAULTS } from '../config.js';
import type { CommandMentionSource } from '../i18n/command-text.js';
import type { Locale } from '../i18n/locale.js';
import type { ServiceSite } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { ServiceClient } from '../service/index.js';
import type { Store } from '../store/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import type { TokenVault } from '../vault/index.js';
import type { Reminders } from '../viewing/reminders.js';
import type { FeedPostEvent } from './feed/channel-batches.js';
import type { PartyStarts } from './party/party-starts.js';
import type { MembershipLookup } from './posting/membership.js';
import type { DisableReason } from './posting/notices.js';
import type { ChannelPoster } from './posting/poster.js';
import type { TitleRefresh } from './titles/refresh.js';
import type { VerdictOptions } from './verdict/build.js';
import type { WeeklyOptions } from './weekly/build.js';

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
  /** Feed polls per second the budget leaves after commands (the pace's budget; default 2.25). */
  feedPollsPerSecond?: number;
  /** Told the creation time of each activity when it is first posted (the feed delay metric). */
  onFeedPosted?: (createdAt: string) => void;
  /** Told of each refused feed post and each activity posted in the minimal form (metrics). */
  onFeedEvent?: (event: FeedPostEvent) => void;
  digest?: { prefetchMs?: number; catchUpMs?: number };
  /** The weekly server summaries: whose record is shared, servers' names, how pictures are drawn. */
  weekly?: WeeklyOptions;
  alerts?: { refreshMs?: number };
  /** The server's verdicts on airing posts and alerts: how posts are edited, who is counted. */
  verdicts?: VerdictOptions;
  /** The daily refresh of the English title index (checked hourly; any process may make it). */
  titles?: TitleRefresh;
  /** Watch parties' messages at their time (any process may step them; see party/party-starts.ts). */
  parties?: PartyStarts;
  /**
   * With Redis: each owner's work is a BullMQ job that one process at a time runs (see
   * run/owner-queue.ts) instead of every job's ticker running in this process.
   */
  scaleOut?: { redisUrl: string; lockMs?: number; concurrency?: number };
}

/** The intervals and poll budget the jobs run at, from `JobsOptions` and their defaults. */
export interface JobTiming {
  feedMs: number;
  digestMs: number;
  alertsMs: number;
  pollsPerS: number;
}

export function jobTiming(options: JobsOptions): JobTiming {
  const intervals = options.intervals ?? {};
  return {
    feedMs: intervals.feedMs ?? DEFAULTS.pollIntervalSeconds * 1000,
    digestMs: intervals.digestMs ?? DEFAULTS.scheduleStepMs,
    alertsMs: intervals.alertsMs ?? DEFAULTS.scheduleStepMs,
    pollsPerS: options.feedPollsPerSecond ?? DEFAULTS.serviceRatePerSecond * DEFAULTS.feedPollShare,
  };
}
