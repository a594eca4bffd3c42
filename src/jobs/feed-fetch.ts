/**
 * One owner's new activities since a cursor: the first page newest-first (one request in the
 * usual case), then, only when that whole page is new and more pages exist, a bounded walk over
 * further pages (catch-up after downtime).
 */
import type { Activity, ServiceClient } from '../service/index.js';
import { FEED_ACTIVITY_FIELDS } from './feed-message.js';

export interface FeedFetchOptions {
  /** per_page of every request (1..50). */
  pageSize: number;
  /** Pages fetched beyond the first when all of it is new. */
  maxCatchUpPages: number;
  /** The budget's priority (default poll; a subscription's starting point is read interactively). */
  priority?: 'poll' | 'interactive';
}

export interface FeedFetchResult {
  /** Activities newer than the cursor, oldest first (empty on a first poll). */
  activities: Activity[];
  /** The newest id seen, or the cursor when nothing is new; 0 for an empty feed without a cursor. */
  newestId: number;
  requests: number;
  /** True when the catch-up limit was reached before the cursor: older new activities are skipped. */
  truncated: boolean;
}

export async function fetchNewActivities(
  service: ServiceClient,
  token: string,
  cursor: number | undefined,
  options: FeedFetchOptions,
): Promise<FeedFetchResult> {
  const call = { token, priority: options.priority ?? 'poll' };
  const byId = new Map<number, Activity>();
  let requests = 0;
  let truncated = false;
  let page = 1;
  for (;;) {
    const result = await service.followingActivities(
      { sort_id: 'desc', per_page: options.pageSize, page, fields: FEED_ACTIVITY_FIELDS },
      call,
    );
    requests += 1;
    // Pages shift while new activities arrive, so an id may appear twice: keep one.
    for (const activity of result.items) byId.set(activity.id, activity);
    if (cursor === undefined) break;
    const reachedCursor = result.items.some((activity) => activity.id <= cursor);
    if (reachedCursor || result.items.length === 0 || result.nextPage === null) break;
    if (page > options.maxCatchUpPages) {
      truncated = true;
      break;
    }
    page += 1;
  }
  const ids = [...byId.keys()];
  const newest = ids.length > 0 ? Math.max(...ids) : 0;
  if (cursor === undefined) return { activities: [], newestId: newest, requests, truncated };
  const activities = [...byId.values()]
    .filter((activity) => activity.id > cursor)
    .sort((a, b) => a.id - b.id);
  return { activities, newestId: Math.max(newest, cursor), requests, truncated };
}
