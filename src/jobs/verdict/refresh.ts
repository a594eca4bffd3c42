/**
 * Counts verdicts from the service: for each episode with a post whose refresh is due, one request
 * for the episode's newest records, at announcement priority (below people's commands and writes;
 * the feed's floor, wire/start-floor.ts, is kept from every priority above it, so these requests
 * never take from it). The records of an episode are the same for every server, so that one page is
 * matched against the linked members of every server with a post of it due now or within
 * VERDICT_SHARE_WINDOW_MS (those posts are counted early rather than asked again minutes later).
 * Each post's refresh is claimed in the store before the request (compare-and-set of its time), so
 * two processes never make the same one.
 */
import type { Logger } from '../../logger.js';
import type { ServiceClient } from '../../service/index.js';
import type { Subscription } from '../../subscriptions/model.js';
import type { VerdictBoard } from '../../verdicts/board.js';
import { nextVerdictRefresh, VERDICT_SHARE_WINDOW_MS } from '../../verdicts/cadence.js';
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
  /** Posts whose refresh was due. */
  due: number;
  /** Due posts left for a later step because feed polls were waiting. */
  deferred: number;
  /** Service requests made (one per episode refreshed, shared by its posts). */
  requests: number;
}

type Claimed = { post: VerdictPost; subscription: Subscription };

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
    // Every post due within the window, by episode; an episode is asked when one of its posts is due.
    const byEpisode = new Map<number, VerdictPost[]>();
    for await (const post of this.#deps.board.posts.due(now + VERDICT_SHARE_WINDOW_MS))
      byEpisode.set(post.episodeId, [...(byEpisode.get(post.episodeId) ?? []), post]);
    const dueNow = (post: VerdictPost) => Date.parse(post.nextRefreshAt ?? '') <= now;
    const episodes = [...byEpisode.values()].filter((posts) => posts.some(dueNow));
    report.due = episodes.reduce((sum, posts) => sum + posts.filter(dueNow).length, 0);
    for (const [i, posts] of episodes.entries()) {
      if (this.#deps.feedWaiting?.()) {
        report.deferred = episodes.slice(i).reduce((sum, rest) => sum + rest.filter(dueNow).length, 0);
        break;
      }
      if (await this.#refresh(posts, now)) report.requests += 1;
    }
    this.requests += report.requests;
    return report;
  }

  /** One episode's posts counted from one request; true when a request was made. */
  async #refresh(posts: readonly VerdictPost[], now: number): Promise<boolean> {
    const claimed: Claimed[] = [];
    for (const post of posts) {
      const subscription = await this.#deps.subscriptions.get(post.subscriptionId);
      if (subscription && this.#deps.servesOwner && !this.#deps.servesOwner(subscription.ownerId)) continue;
      // A post counted early has had its due refresh: its next is the one after that.
      const done = Math.max(now, Date.parse(post.nextRefreshAt ?? '') || now);
      if (!(await this.#claim(post, nextVerdictRefresh(Date.parse(post.airedAt), done)))) continue;
      // A subscription removed or paused: presses still count, the service is no longer asked for it.
      if (subscription?.state === 'active') claimed.push({ post, subscription });
    }
    const asker = await this.#asker(claimed);
    if (!asker) return false;
    const episodeId = claimed[0]?.post.episodeId ?? 0;
    try {
      const page = await this.#deps.service.records(
        {
          filter_episode_id: episodeId,
          sort_id: 'desc',
          per_page: VERDICT_RECORDS_PAGE,
          fields: ['id', 'rating_state', 'comment', 'user.id', 'episode.id'],
        },
        { token: asker.token, priority: 'announcement' },
      );
      for (const { post } of claimed) await this.#deps.board.counted(post, page.items);
    } catch (error) {
      await ownerCallFailed(this.#deps, asker.ownerId, error, 'verdict');
    }
    return true;
  }

  /** The first owner among the posts' subscriptions whose token opens: the request goes with it. */
  async #asker(claimed: readonly Claimed[]): Promise<{ ownerId: string; token: string } | undefined> {
    const owners = new Set(claimed.map(({ subscription }) => subscription.ownerId));
    for (const ownerId of owners) {
      const stored = await ownerToken(this.#deps, ownerId);
      if (stored) return { ownerId, token: stored.token };
    }
    return undefined;
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
