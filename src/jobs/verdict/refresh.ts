/**
 * Counts verdicts from the service: for each post whose refresh is due, one request for the
 * episode's newest records with its subscription owner's token, at announcement priority (below
 * people's commands and writes; the feed's floor, wire/start-floor.ts, is kept from every priority
 * above it, so these requests never take from it), matched against the server's linked members.
 * Each refresh is claimed in the store before its request (compare-and-set of its time), so two
 * processes never make the same one.
 */
import type { Logger } from '../../logger.js';
import type { ServiceClient } from '../../service/index.js';
import type { VerdictBoard } from '../../verdicts/board.js';
import { nextVerdictRefresh } from '../../verdicts/cadence.js';
import type { VerdictPost } from '../../verdicts/posts.js';
import type { OwnerAccessDeps } from '../owners/access.js';
import { ownerCallFailed, ownerToken } from '../owners/access.js';
import type { OwnedSubscriptions } from '../owners/partition.js';

/** The newest records of the episode each refresh reads (the service's largest page). */
export const VERDICT_RECORDS_PAGE = 50;

export interface VerdictRefreshDeps extends OwnerAccessDeps {
  board: VerdictBoard;
  subscriptions: OwnedSubscriptions;
  service: ServiceClient;
  logger: Logger;
  now: () => Date;
  /** Whether this process runs the owner's jobs (shards); default every owner. */
  servesOwner?: (ownerId: string) => boolean;
  /**
   * Whether feed polls wait in the request budget now: the refreshes then wait for a later step, so
   * they use only what the feed leaves (a refresh a step late is still within its hour's budget).
   */
  feedWaiting?: () => boolean;
}

export interface VerdictTickReport {
  due: number;
  /** Left for a later step because feed polls were waiting. */
  deferred: number;
  /** Service requests made (one per refreshed post). */
  requests: number;
}

export class VerdictRefresh {
  readonly #deps: VerdictRefreshDeps;
  /** Every request made, for the bench and tests. */
  requests = 0;

  constructor(deps: VerdictRefreshDeps) {
    this.#deps = deps;
  }

  async tick(): Promise<VerdictTickReport> {
    const now = this.#deps.now().getTime();
    const report: VerdictTickReport = { due: 0, deferred: 0, requests: 0 };
    const due: VerdictPost[] = [];
    for await (const post of this.#deps.board.posts.due(now)) due.push(post);
    report.due = due.length;
    for (const [i, post] of due.entries()) {
      if (this.#deps.feedWaiting?.()) {
        report.deferred = due.length - i;
        break;
      }
      if (await this.#refresh(post, now)) report.requests += 1;
    }
    this.requests += report.requests;
    return report;
  }

  /** True when a request was made. */
  async #refresh(post: VerdictPost, now: number): Promise<boolean> {
    const subscription = await this.#deps.subscriptions.get(post.subscriptionId);
    if (subscription && this.#deps.servesOwner && !this.#deps.servesOwner(subscription.ownerId)) return false;
    const next = nextVerdictRefresh(Date.parse(post.airedAt), now);
    if (!(await this.#claim(post, next))) return false;
    // A subscription removed or paused: presses still count, the service is no longer asked.
    if (subscription?.state !== 'active') return false;
    const stored = await ownerToken(this.#deps, subscription.ownerId);
    if (!stored) return false;
    try {
      const page = await this.#deps.service.records(
        {
          filter_episode_id: post.episodeId,
          sort_id: 'desc',
          per_page: VERDICT_RECORDS_PAGE,
          fields: ['id', 'rating_state', 'comment', 'user.id', 'episode.id'],
        },
        { token: stored.token, priority: 'announcement' },
      );
      await this.#deps.board.counted(post, page.items);
    } catch (error) {
      await ownerCallFailed(this.#deps, subscription.ownerId, error, 'verdict');
    }
    return true;
  }

  /** Moves the post's refresh time on, atomically: false when another process got there first. */
  async #claim(post: VerdictPost, next: number | null): Promise<boolean> {
    let won = false;
    await this.#deps.board.posts.change(post.channelId, post.episodeId, (current) => {
      won = current.nextRefreshAt === post.nextRefreshAt;
      return won
        ? { ...current, nextRefreshAt: next === null ? null : new Date(next).toISOString() }
        : undefined;
    });
    return won;
  }
}
