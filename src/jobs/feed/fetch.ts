/**
 * One owner's new activities since a cursor: a small first page newest-first (one request in the
 * usual case, when little or nothing is new); only when all of it is new, full pages, walked at once
 * (each request through the budget) until the cursor is reached, so a busy owner loses nothing.
 * The walk stops early only at activities older than the catch-up window (`oldBefore`: they are
 * summed up, not posted one by one) or at a hard bound of pages (memory), and says so.
 */
import type { Activity, CallOptions, ServiceClient } from '../../service/index.js';
import { FEED_ACTIVITY_FIELDS } from './message.js';

export type FeedService = Pick<ServiceClient, 'followingActivities'>;

export interface FeedFetchOptions {
  /** per_page of every request (1..50). */
  pageSize: number;
  /**
   * per_page of a first, small request (default: `pageSize`, no probe); only when all of it is new
   * are full pages read.
   */
  probeSize?: number;
  /** At most this many full pages beyond the first (a bound on memory, not the usual stop). */
  maxCatchUpPages: number;
  /**
   * Epoch ms: a full page whose activities are all older than this ends the walk (after an outage,
   * what is older than the catch-up window is summed up, so it need not be read to the end).
   */
  oldBefore?: number;
  /**
   * The Discord user who waits for it (a new subscription's starting point, read interactively for
   * its owner); default: none, a poll.
   */
  forPerson?: string;
}

export interface FeedFetchResult {
  /** Activities newer than the cursor, oldest first (empty on a first poll). */
  activities: Activity[];
  /** The newest id seen, or the cursor when nothing is new; 0 for an empty feed without a cursor. */
  newestId: number;
  requests: number;
  /** True when the walk stopped before the cursor: older new activities were not read. */
  truncated: boolean;
  /** Why it stopped before the cursor: the catch-up window (expected) or the page bound (a loss). */
  stoppedBy?: 'window' | 'pages';
  /** What the first page showed of the feed's recent past, new or not (the rate's first estimate). */
  recent: RecentActivity;
}

export interface RecentActivity {
  /** `created_at` of the first page's activities, newest first. */
  createdAt: string[];
  /** True when that page held the whole feed (fewer items than asked, or no next page). */
  complete: boolean;
}

function recentOf(items: readonly Activity[], perPage: number, nextPage: number | null): RecentActivity {
  return {
    createdAt: items.flatMap((activity) => (activity.created_at ? [activity.created_at] : [])),
    complete: items.length < perPage || nextPage === null,
  };
}

/** One newest-first page of the feed, every id kept once in `byId` (pages shift while activities arrive). */
async function readPage(
  service: FeedService,
  call: CallOptions,
  perPage: number,
  page: number,
  byId: Map<number, Activity>,
) {
  const result = await service.followingActivities(
    { sort_id: 'desc', per_page: perPage, page, fields: FEED_ACTIVITY_FIELDS },
    call,
  );
  for (const activity of result.items) byId.set(activity.id, activity);
  return result;
}

export async function fetchNewActivities(
  service: FeedService,
  token: string,
  cursor: number | undefined,
  options: FeedFetchOptions,
): Promise<FeedFetchResult> {
  const call: CallOptions =
    options.forPerson === undefined
      ? { token, priority: 'poll' }
      : { token, priority: 'interactive', person: options.forPerson };
  const byId = new Map<number, Activity>();
  let requests = 0;
  let truncated = false;
  let stoppedBy: FeedFetchResult['stoppedBy'];
  const probe = options.probeSize ?? options.pageSize;
  const reached = (items: Activity[]) =>
    cursor === undefined || items.some((activity) => activity.id <= cursor);
  let settled = false;
  let recent: RecentActivity | undefined;
  if (probe < options.pageSize) {
    // The usual poll finds nothing new: a few items tell that as well as a full page.
    const first = await readPage(service, call, probe, 1, byId);
    requests += 1;
    recent = recentOf(first.items, probe, first.nextPage);
    settled = reached(first.items) || first.items.length < probe || first.nextPage === null;
  }
  // A probe full of new activity: walk as before, with full pages (page numbers follow per_page).
  for (let page = 1; !settled; page += 1) {
    const result = await readPage(service, call, options.pageSize, page, byId);
    requests += 1;
    recent ??= recentOf(result.items, options.pageSize, result.nextPage);
    if (reached(result.items) || result.items.length === 0 || result.nextPage === null) break;
    if (cursor !== undefined && allOlder(result.items, options.oldBefore)) {
      truncated = true;
      stoppedBy = 'window';
      break;
    }
    if (page > options.maxCatchUpPages) {
      truncated = true;
      stoppedBy = 'pages';
      break;
    }
  }
  const ids = [...byId.keys()];
  const newest = ids.length > 0 ? Math.max(...ids) : 0;
  const seen = recent ?? { createdAt: [], complete: true };
  if (cursor === undefined) return { activities: [], newestId: newest, requests, truncated, recent: seen };
  const activities = [...byId.values()]
    .filter((activity) => activity.id > cursor)
    .sort((a, b) => a.id - b.id);
  return {
    activities,
    newestId: Math.max(newest, cursor),
    requests,
    truncated,
    ...(stoppedBy ? { stoppedBy } : {}),
    recent: seen,
  };
}

/** True when every activity of the page was created before `before` (an unreadable time is not old). */
export function isOlder(activity: Activity, before: number | undefined): boolean {
  if (before === undefined) return false;
  const created = Date.parse(activity.created_at ?? '');
  return Number.isFinite(created) && created < before;
}

function allOlder(items: readonly Activity[], before: number | undefined): boolean {
  return items.length > 0 && items.every((activity) => isOlder(activity, before));
}
