/**
 * The feed poller: per cycle, one `following_activities` request per owner of active feed
 * subscriptions (however many channels subscribe), new activities posted oldest first to every
 * matching channel through the outbox, then the owner's cursor moved on.
 */
import type { Activity } from '../service/index.js';
import type { Store } from '../store/index.js';
import type { Subscription } from '../subscriptions/model.js';
import { forEachLimited } from './concurrency.js';
import { FeedCursors } from './feed-cursors.js';
import { fetchNewActivities } from './feed-fetch.js';
import { actionMatches, feedMessage } from './feed-message.js';
import type { PollObservation } from './feed-rates.js';
import type { SubscriptionJobDeps } from './job-deps.js';
import { ownerCallFailed, ownerToken } from './owner-access.js';
import type { OwnerChanges } from './owner-changes.js';
import { perLanguage } from './post-language.js';

export interface FeedPollerDeps extends SubscriptionJobDeps {
  store: Store;
  /** per_page of the feed requests (default 50, the service's maximum). */
  pageSize?: number;
  /** per_page of each poll's first, small request (default 5): full pages only when all of it is new. */
  probeSize?: number;
  /** Told after each poll what it saw: new activities and the first page's times (the schedule's rate). */
  onPolled?: (ownerId: string, observation: PollObservation) => Promise<void>;
  /** Told the creation time of each activity when it is first posted (the feed delay metric). */
  onPosted?: (createdAt: string) => void;
  /** Extra pages walked after downtime when the whole first page is new (default 2). */
  maxCatchUpPages?: number;
  /** Owners polled at the same time (default 4; the request budget paces them anyway). */
  concurrency?: number;
  /** Subscriptions made meanwhile are read again before posting (see owner-changes.ts). */
  changes?: Pick<OwnerChanges, 'current' | 'all'>;
}

export interface CycleReport {
  /** Owners with at least one active feed subscription. */
  owners: number;
  /** following_activities requests made. */
  requests: number;
  /** Channel posts made. */
  posted: number;
  /** Posts the outbox had already made (after a restart or crash). */
  skippedDuplicates: number;
  /** New activities of actions kiroku does not render (the cursor still moves past them). */
  skippedUnknown: number;
  /** Owners whose catch-up stopped at the page limit (older new activities were not posted). */
  truncated: number;
  /** Owners left for the next cycle after a transient failure. */
  retryLater: number;
  /** Subscriptions paused (token refused) or disabled (channel refused) in this cycle. */
  paused: number;
  disabled: number;
}

function emptyReport(): CycleReport {
  return {
    owners: 0,
    requests: 0,
    posted: 0,
    skippedDuplicates: 0,
    skippedUnknown: 0,
    truncated: 0,
    retryLater: 0,
    paused: 0,
    disabled: 0,
  };
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
    const report = emptyReport();
    // Marks first: a subscription stored after this read changes its owner's mark.
    const marks = await this.#deps.changes?.all();
    const active = await this.#deps.subscriptions.all((s) => s.kind === 'feed' && s.state === 'active');
    const byOwner = new Map<string, Subscription[]>();
    for (const subscription of active) {
      byOwner.set(subscription.ownerId, [...(byOwner.get(subscription.ownerId) ?? []), subscription]);
    }
    report.owners = byOwner.size;
    await forEachLimited(
      [...byOwner.entries()],
      this.#deps.concurrency ?? 4,
      async ([ownerId, subscriptions]) =>
        this.#pollOwnerSafely(ownerId, subscriptions, marks?.get(ownerId), report),
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
    const report = emptyReport();
    report.owners = 1;
    await this.#pollOwnerSafely(ownerId, subscriptions, mark, report);
    this.#lastCycleAt = this.#deps.now();
    return report;
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
      priority: 'interactive',
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
    const again = await this.#deps.subscriptions.all(
      (s) => s.ownerId === ownerId && s.kind === 'feed' && s.state === 'active',
    );
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
    const { service, logger, now } = this.#deps;
    const { kept: read, retryLater } = await this.#kept(all, report);
    // A check Discord could not answer holds the whole poll back: the cursor stays, nothing is skipped.
    if (retryLater) {
      report.retryLater += 1;
      return;
    }
    if (read.length === 0) return;
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return;
    const cursor = await this.#cursors.get(ownerId, stored.serviceUserId);
    let fetched: Awaited<ReturnType<typeof fetchNewActivities>>;
    try {
      fetched = await fetchNewActivities(service, stored.token, cursor, {
        pageSize: this.#deps.pageSize ?? 50,
        probeSize: this.#deps.probeSize ?? 5,
        maxCatchUpPages: this.#deps.maxCatchUpPages ?? 2,
      });
    } catch (error) {
      report.requests += 1;
      const outcome = await ownerCallFailed(this.#deps, ownerId, error, 'feed');
      if (outcome === 'paused') report.paused += read.length;
      else report.retryLater += 1;
      return;
    }
    report.requests += fetched.requests;
    if (cursor === undefined) {
      // First poll of this account: start from now instead of posting history.
      await this.#cursors.set(ownerId, stored.serviceUserId, fetched.newestId, now());
      await this.#deps.onPolled?.(ownerId, { newActivities: 0, recent: fetched.recent });
      return;
    }
    // Whatever was confirmed before these activities were made is stored by now, so it is read here.
    const subscriptions =
      fetched.activities.length > 0 ? await this.#current(ownerId, read, mark, report) : read;
    if (fetched.truncated) {
      report.truncated += 1;
      logger.warn({ ownerId, cursor, posted: fetched.activities.length }, 'feed: catch-up limit reached');
    }
    const done = await this.#postAll(fetched.activities, subscriptions, cursor, fetched.newestId, report);
    if (done !== cursor) await this.#cursors.set(ownerId, stored.serviceUserId, done, now());
    await this.#deps.onPolled?.(ownerId, {
      newActivities: fetched.activities.length,
      recent: fetched.recent,
    });
  }

  /**
   * Posts the new activities oldest first to every matching channel; returns how far the cursor may
   * move: past all of them, or only past those every channel took when a post failed for now.
   */
  async #postAll(
    activities: Activity[],
    subscriptions: Subscription[],
    cursor: number,
    newestId: number,
    report: CycleReport,
  ): Promise<number> {
    const disabledChannels = new Set<string>();
    let done = cursor;
    for (const activity of activities) {
      if ((await this.#post(activity, subscriptions, disabledChannels, report)) === 'stopped') {
        report.retryLater += 1;
        return done;
      }
      done = activity.id;
    }
    return newestId;
  }

  /** One activity to its channels; 'stopped' when a post failed for now (the rest waits for the next poll). */
  async #post(
    activity: Activity,
    subscriptions: Subscription[],
    disabledChannels: Set<string>,
    report: CycleReport,
  ): Promise<'done' | 'stopped'> {
    const { outbox, notices } = this.#deps;
    const messageIn = perLanguage((t) => feedMessage(activity, t));
    const message = messageIn('en');
    if (!message) {
      report.skippedUnknown += 1;
      return 'done';
    }
    let counted = false;
    for (const subscription of subscriptions) {
      if (disabledChannels.has(subscription.channelId)) continue;
      if (!actionMatches(subscription.feed?.actions ?? [], activity)) continue;
      const result = await outbox.deliver(
        subscription.channelId,
        `activity:${activity.id}`,
        () => messageIn(subscription.language) ?? message,
      );
      if (result.status === 'posted' && !counted) {
        counted = true;
        if (activity.created_at) this.#deps.onPosted?.(activity.created_at);
      }
      if (result.status === 'posted') report.posted += 1;
      else if (result.status === 'duplicate') report.skippedDuplicates += 1;
      else if (result.status === 'failed' && result.reason !== 'failed') {
        disabledChannels.add(subscription.channelId);
        report.disabled += (await notices.disableChannel(subscription.channelId, result.reason)).length;
      } else if (result.status === 'failed') return 'stopped';
    }
    return 'done';
  }
}
