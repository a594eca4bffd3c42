/**
 * The feed poller: per cycle, one `following_activities` request per owner of active feed
 * subscriptions (however many channels subscribe; more pages at once when more is new), new
 * activities posted oldest first to every matching channel in batches through the outbox
 * (post.ts), then the owner's cursor moved on.
 */
import pLimit from 'p-limit';
import { DEFAULTS } from '../../config.js';
import type { Store } from '../../store/index.js';
import { activeFeeds, isActiveFeed, type Subscription } from '../../subscriptions/model.js';
import { ownerCallFailed, ownerToken } from '../owners/access.js';
import type { OwnerChanges } from '../owners/changes.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { DEFAULT_POST_LANGUAGES } from '../posting/post-language.js';
import type { FeedPostEvent } from './channel-batches.js';
import { FeedCursors } from './cursors.js';
import { fetchNewActivities } from './fetch.js';
import { postPoll } from './post.js';
import type { PollObservation } from './rates.js';

/** What one poll's request read. */
type Fetched = Awaited<ReturnType<typeof fetchNewActivities>>;

/** The catch-up window's default: older activities found after an outage are summed up. */
export const DEFAULT_CATCH_UP_MS = DEFAULTS.feedCatchUpHours * 3600 * 1000;

export interface FeedPollerDeps extends SubscriptionJobDeps {
  store: Store;
  /** per_page of the feed requests (default 50, the service's maximum). */
  pageSize?: number;
  /** per_page of each poll's first, small request (default 5): full pages only when all of it is new. */
  probeSize?: number;
  /** True when the owner's poll should read a full page at once: the pace learns its rate from it. */
  readsHistory?: (ownerId: string) => boolean;
  /** Told after each poll what it saw: new activities and the first page's times (the pace's rate). */
  onPolled?: (ownerId: string, observation: PollObservation) => Promise<void>;
  /** Told the creation time of each activity when it is first posted (the feed delay metric). */
  onPosted?: (createdAt: string) => void;
  /** At most this many extra pages in one poll (default 100: a bound on memory; the walk stops at the cursor). */
  maxCatchUpPages?: number;
  /** Activities older than this (ms) when a poll finds them are summed up in one line (default 24 h). */
  catchUpMs?: number;
  /** Told of refused posts and of activities posted in the minimal form (metrics). */
  onFeedEvent?: (event: FeedPostEvent) => void;
  /** Owners polled at the same time (default 4; the request budget paces them anyway). */
  concurrency?: number;
  /** Subscriptions made meanwhile are read again before posting (see owners/changes.ts). */
  changes?: Pick<OwnerChanges, 'current' | 'all'>;
}

export interface CycleReport {
  /** Owners with at least one active feed subscription. */
  owners: number;
  /** following_activities requests made. */
  requests: number;
  /** Activities posted (once per channel). */
  posted: number;
  /** Channel messages made (a batch carries several activities). */
  messages: number;
  /** Activities posted in the minimal form after Discord refused their batch. */
  degraded: number;
  /** Activities older than the catch-up window, summed up in one line per channel. */
  summarized: number;
  /** Posts the outbox had already made (after a restart or crash). */
  skippedDuplicates: number;
  /** New activities of actions kiroku does not render (the cursor still moves past them). */
  skippedUnknown: number;
  /** Owners whose walk stopped at the page bound inside the catch-up window (older new ones were lost). */
  truncated: number;
  /** Owners left for the next cycle after a transient failure. */
  retryLater: number;
  /** Subscriptions paused (token refused) or disabled (channel refused) in this cycle. */
  paused: number;
  disabled: number;
}

/** A cycle that has done nothing yet: every count at zero. */
export function emptyCycleReport(): CycleReport {
  return {
    owners: 0,
    requests: 0,
    posted: 0,
    messages: 0,
    degraded: 0,
    summarized: 0,
    skippedDuplicates: 0,
    skippedUnknown: 0,
    truncated: 0,
    retryLater: 0,
    paused: 0,
    disabled: 0,
  };
}

/** Adds one owner's poll to a cycle's counts. */
function addReport(into: CycleReport, from: CycleReport): void {
  for (const key of Object.keys(into) as Array<keyof CycleReport>) into[key] += from[key];
}

export class FeedPoller {
  readonly #deps: FeedPollerDeps;
  readonly #cursors: FeedCursors;

  constructor(deps: FeedPollerDeps) {
    this.#deps = deps;
    this.#cursors = new FeedCursors(deps.store);
  }

  #lastCycleAt: Date | undefined;

  /** When the last cycle finished (feeds the poll-lag metric). */
  get lastCycleAt(): Date | undefined {
    return this.#lastCycleAt;
  }

  async runCycle(): Promise<CycleReport> {
    const report = emptyCycleReport();
    // Marks first: a subscription stored after this read changes its owner's mark.
    const marks = await this.#deps.changes?.all();
    const active = await this.#deps.subscriptions.all(isActiveFeed);
    const byOwner = new Map<string, Subscription[]>();
    for (const subscription of active) {
      byOwner.set(subscription.ownerId, [...(byOwner.get(subscription.ownerId) ?? []), subscription]);
    }
    await pLimit(this.#deps.concurrency ?? DEFAULTS.feedConcurrency).map(
      [...byOwner.entries()],
      async ([ownerId, subscriptions]) => {
        const polled = await this.pollOwned(ownerId, subscriptions, marks?.get(ownerId));
        if (polled) addReport(report, polled);
      },
    );
    this.#lastCycleAt = this.#deps.now();
    this.#deps.logger.debug({ report }, 'feed: cycle done');
    return report;
  }

  /**
   * One owner's poll on its own (the per-owner job of a scaled-out deployment), given the owner's
   * active feed subscriptions read under change mark `mark`; `lastCycleAt` then dates the latest
   * owner poll.
   */
  async pollOwner(ownerId: string, subscriptions: Subscription[], mark?: string): Promise<CycleReport> {
    const report = emptyCycleReport();
    report.owners = 1;
    await this.#pollOwnerSafely(ownerId, subscriptions, mark, report);
    this.#lastCycleAt = this.#deps.now();
    return report;
  }

  /**
   * The one way the drivers poll an owner (the paced polling, each owner's BullMQ job, and the
   * round-robin cycle): the owner's active feeds among `owned`, read under change mark `mark`;
   * undefined when there are none.
   */
  async pollOwned(
    ownerId: string,
    owned: readonly Subscription[],
    mark?: string,
  ): Promise<CycleReport | undefined> {
    const feeds = activeFeeds(owned);
    return feeds.length > 0 ? this.pollOwner(ownerId, feeds, mark) : undefined;
  }

  /**
   * Sets a starting point for an owner who has no cursor yet (a new feed subscription), from the
   * newest activity right now (one request of one item), so that whatever happens after the
   * subscription's confirmation is posted even before the owner's first poll. False when the owner
   * already has a cursor or it could not be read (the first poll then starts from its own time).
   */
  async startOwner(ownerId: string): Promise<boolean> {
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return false;
    if ((await this.#cursors.get(ownerId, stored.serviceUserId)) !== undefined) return false;
    const fetched = await fetchNewActivities(this.#deps.service, stored.token, undefined, {
      pageSize: 1,
      maxCatchUpPages: 0,
      // The owner just subscribed and waits for the confirmation: their call, at their turn.
      forPerson: ownerId,
    });
    await this.#cursors.set(ownerId, stored.serviceUserId, fetched.newestId, this.#deps.now());
    return true;
  }

  async #pollOwnerSafely(
    ownerId: string,
    subscriptions: Subscription[],
    mark: string | undefined,
    report: CycleReport,
  ): Promise<void> {
    try {
      await this.#pollOwner(ownerId, subscriptions, mark, report);
    } catch (error) {
      report.retryLater += 1;
      this.#deps.logger.error({ err: error, ownerId }, 'feed: polling an owner failed');
    }
  }

  /** The owner's active feed subscriptions again, when one was made since they were read. */
  async #current(
    ownerId: string,
    read: Subscription[],
    mark: string | undefined,
    report: CycleReport,
  ): Promise<Subscription[]> {
    const changes = this.#deps.changes;
    if (!changes || (await changes.current(ownerId)) === mark) return read;
    const again = await this.#deps.subscriptions.all((s) => s.ownerId === ownerId && isActiveFeed(s));
    return (await this.#kept(again, report)).kept;
  }

  /**
   * An owner who left a server, may no longer post in a channel (or a server kiroku left) gets those
   * subscriptions stopped here; `retryLater` when Discord could not answer a check.
   */
  async #kept(
    subscriptions: Subscription[],
    report: CycleReport,
  ): Promise<{ kept: Subscription[]; retryLater: boolean }> {
    const { membership } = this.#deps;
    if (!membership) return { kept: subscriptions, retryLater: false };
    const { kept, retryLater } = await membership.keep(subscriptions);
    if (!retryLater) report.disabled += subscriptions.length - kept.length;
    return { kept, retryLater };
  }

  async #pollOwner(
    ownerId: string,
    all: Subscription[],
    mark: string | undefined,
    report: CycleReport,
  ): Promise<void> {
    const { now } = this.#deps;
    const { kept: read, retryLater } = await this.#kept(all, report);
    // A check Discord could not answer holds the whole poll back: the cursor stays, nothing is skipped.
    if (retryLater) {
      report.retryLater += 1;
      return;
    }
    if (read.length === 0) return;
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return;
    const cursorRecord = await this.#cursors.record(ownerId, stored.serviceUserId);
    const cursor = cursorRecord?.lastId;
    const catchUpMs = this.#deps.catchUpMs ?? DEFAULT_CATCH_UP_MS;
    const oldBefore = now().getTime() - catchUpMs;
    const fetched = await this.#fetch(ownerId, stored.token, { cursor, oldBefore, read, report });
    if (!fetched) return;
    if (cursor === undefined) {
      // First poll of this account: start from now instead of posting history.
      await this.#cursors.set(ownerId, stored.serviceUserId, fetched.newestId, now());
      await this.#deps.onPolled?.(ownerId, { newActivities: 0, recent: fetched.recent });
      return;
    }
    // Whatever was confirmed before these activities were made is stored by now, so it is read here.
    const subscriptions =
      fetched.activities.length > 0 ? await this.#current(ownerId, read, mark, report) : read;
    if (fetched.stoppedBy === 'pages') {
      report.truncated += 1;
      this.#deps.logger.error(
        { ownerId, cursor, read: fetched.activities.length },
        'feed: page bound reached inside the catch-up window; older new activities are skipped',
      );
    }
    const done = await this.#postAll(ownerId, subscriptions, fetched, {
      cursor,
      cursorAt: cursorRecord?.updatedAt,
      oldBefore,
      catchUpHours: Math.round(catchUpMs / 3_600_000),
      report,
    });
    if (done !== cursor) await this.#cursors.set(ownerId, stored.serviceUserId, done, now());
    await this.#deps.onPolled?.(ownerId, {
      newActivities: fetched.activities.length,
      recent: fetched.recent,
    });
  }

  /** The owner's new activities since `cursor`; undefined when the request failed (token refused: paused). */
  async #fetch(
    ownerId: string,
    token: string,
    at: { cursor: number | undefined; oldBefore: number; read: Subscription[]; report: CycleReport },
  ): Promise<Fetched | undefined> {
    const { report } = at;
    try {
      const fetched = await fetchNewActivities(this.#deps.service, token, at.cursor, {
        pageSize: this.#deps.pageSize ?? 50,
        probeSize: this.#deps.readsHistory?.(ownerId) ? undefined : (this.#deps.probeSize ?? 5),
        maxCatchUpPages: this.#deps.maxCatchUpPages ?? 100,
        oldBefore: at.oldBefore,
      });
      report.requests += fetched.requests;
      return fetched;
    } catch (error) {
      report.requests += 1;
      const outcome = await ownerCallFailed(this.#deps, ownerId, error, 'feed');
      if (outcome === 'paused') report.paused += at.read.length;
      else report.retryLater += 1;
      return undefined;
    }
  }

  /**
   * Posts the new activities to every matching channel (post.ts); returns how far the cursor
   * may move: past all of them, or only past those every channel took when a post failed for now.
   */
  async #postAll(
    ownerId: string,
    subscriptions: Subscription[],
    fetched: Fetched,
    at: {
      cursor: number;
      cursorAt: string | undefined;
      oldBefore: number;
      catchUpHours: number;
      report: CycleReport;
    },
  ): Promise<number> {
    const { outbox, logger, notices } = this.#deps;
    const { report } = at;
    if (fetched.activities.length === 0) return fetched.newestId;
    const result = await postPoll(
      { outbox, logger, ...(this.#deps.onFeedEvent ? { onEvent: this.#deps.onFeedEvent } : {}) },
      {
        ownerId,
        subscriptions,
        activities: fetched.activities,
        cursor: at.cursor,
        cursorAt: at.cursorAt,
        newestId: fetched.newestId,
        oldBefore: at.oldBefore,
        catchUpHours: at.catchUpHours,
        moreOld: fetched.stoppedBy === 'window',
        languages: this.#deps.languages ?? DEFAULT_POST_LANGUAGES,
      },
    );
    report.skippedUnknown += result.unknown;
    const firstPosts = new Set<string>();
    for (const { channelId, result: channel, summarized } of result.channels) {
      report.posted += channel.posted.length;
      report.messages += channel.messages;
      report.degraded += channel.degraded;
      report.skippedDuplicates += channel.duplicates;
      report.summarized += summarized;
      if (channel.stoppedAt !== undefined) report.retryLater += 1;
      if (channel.refused)
        report.disabled += (await notices.disableChannel(channelId, channel.refused)).length;
      for (const activity of channel.posted) {
        if (firstPosts.has(String(activity.id)) || !activity.created_at) continue;
        firstPosts.add(String(activity.id));
        this.#deps.onPosted?.(activity.created_at);
      }
    }
    return result.done;
  }
}
