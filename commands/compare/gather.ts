/**
 * One member's viewing, as a comparison reads it: their public activities (`activities` with
 * `filter_user_id`, newest first), read with the asker's own token and naming the asker, as any
 * lookup is (the compared member's token is never used). Statuses, records and reviews of the
 * season's works (or every work) are folded into what they watched, what is on their list and how
 * they rated each work. At most COMPARE_PAGES pages of 50 per member; with a season the walk stops at
 * the first page reaching back a quarter before the season began (a work is seldom marked earlier).
 */
import type { Context } from '#src/bot/context.js';
import { JST_OFFSET_MS } from '#src/lookups/seasons.js';
import {
  type Activity,
  type CallOptions,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
  isCreateStatusActivity,
  RATING_STATES,
  type RatingState,
  walkPages,
} from '#src/service/index.js';

/** Pages of 50 activities read per member at most: a comparison costs at most 2 × this + 1 requests. */
export const COMPARE_PAGES = 6;
const PER_PAGE = 50;
const SEASONS = ['winter', 'spring', 'summer', 'autumn'];
/** How far before a season's start its works may already be marked (pre-season "Plan to Watch"). */
const MARKED_AHEAD_MS = 92 * 24 * 3_600_000;
/** Only what a comparison reads of an activity (a page of whole activities is many times larger). */
const COMPARE_FIELDS = [
  'id',
  'action',
  'created_at',
  'work.id',
  'work.title',
  'work.title_en',
  'work.season_name',
  'status.kind',
  'record.rating_state',
  'review.rating_overall_state',
  'multiple_record.record.rating_state',
];
/** Statuses that say the member watched the work (recording an episode says so too). */
const WATCHING = new Set(['watching', 'watched']);

/** What a comparison shows of a work. */
export interface WorkRef {
  id: number;
  title: string;
  title_en?: string | null;
}

/** One member's viewing: every list newest activity first, ids of works in `works`. */
export interface MemberViewing {
  works: Record<string, WorkRef>;
  /** Recorded an episode of, or marked Watching or Watched. */
  watched: number[];
  /** On their list: any status but "no status" as they last set it, or recorded. */
  marked: number[];
  /** Their rating of each work they rated (see `workRating`). */
  ratings: Array<[workId: number, rating: RatingState]>;
  /** The walk stopped at COMPARE_PAGES with older activities left unread. */
  truncated: boolean;
}

/** Whether a work's season is the one asked for (`2026-autumn`, or a whole year as `2026-all`). */
export function inSeason(seasonName: string | null | undefined, season: string | undefined): boolean {
  if (!season) return true;
  if (!seasonName) return false;
  return season.endsWith('-all') ? seasonName.startsWith(season.slice(0, 5)) : seasonName === season;
}

/** The instant before which no activity concerns the season: a quarter before it began in Japan. */
export function seasonFloor(season: string | undefined): number {
  const match = season ? /^(\d{4})-(\w+)$/.exec(season) : null;
  if (!match) return Number.NEGATIVE_INFINITY;
  const quarter = Math.max(0, SEASONS.indexOf(match[2] ?? ''));
  return Date.UTC(Number(match[1]), 3 * quarter, 1) - JST_OFFSET_MS - MARKED_AHEAD_MS;
}

/**
 * A member's rating of a work: the overall rating of their latest review of it when there is one,
 * else the mean of their episode records' ratings (Bad 1 … Great 4), rounded half up.
 */
export function workRating(review: RatingState | undefined, records: readonly RatingState[]) {
  if (review) return review;
  if (records.length === 0) return undefined;
  const mean = records.reduce((sum, state) => sum + RATING_STATES.indexOf(state) + 1, 0) / records.length;
  return RATING_STATES[Math.round(mean) - 1];
}

/** Folds activities, newest first, into a member's viewing. */
export class ViewingFold {
  readonly #works = new Map<number, WorkRef>();
  readonly #watched = new Set<number>();
  readonly #marked = new Set<number>();
  readonly #statusSeen = new Set<number>();
  readonly #reviews = new Map<number, RatingState>();
  readonly #records = new Map<number, RatingState[]>();

  constructor(private readonly season: string | undefined) {}

  add(activity: Activity): void {
    const work = activity.work;
    if (work?.id === undefined || !inSeason(work.season_name, this.season)) return;
    const id = work.id;
    if (!this.#works.has(id))
      this.#works.set(id, { id, title: work.title ?? '', title_en: work.title_en ?? null });
    if (isCreateStatusActivity(activity)) {
      if (this.#statusSeen.has(id)) return;
      this.#statusSeen.add(id);
      const kind = activity.status?.kind ?? 'no_select';
      if (WATCHING.has(kind)) this.#watched.add(id);
      if (kind !== 'no_select') this.#marked.add(id);
    } else if (isCreateRecordActivity(activity)) {
      this.#recorded(id, [activity.record?.rating_state]);
    } else if (isCreateMultipleRecordsActivity(activity)) {
      this.#recorded(
        id,
        (activity.multiple_record ?? []).map((entry) => entry.record?.rating_state),
      );
    } else if (isCreateReviewActivity(activity)) {
      const state = activity.review?.rating_overall_state;
      if (state && !this.#reviews.has(id)) this.#reviews.set(id, state);
    }
  }

  #recorded(id: number, states: ReadonlyArray<RatingState | null | undefined>): void {
    this.#watched.add(id);
    this.#marked.add(id);
    const rated = states.filter((state): state is RatingState => !!state);
    if (rated.length > 0) this.#records.set(id, [...(this.#records.get(id) ?? []), ...rated]);
  }

  result(truncated: boolean): MemberViewing {
    const ratings: MemberViewing['ratings'] = [];
    for (const id of this.#works.keys()) {
      const rating = workRating(this.#reviews.get(id), this.#records.get(id) ?? []);
      if (rating) ratings.push([id, rating]);
    }
    return {
      works: Object.fromEntries([...this.#works].map(([id, work]) => [String(id), work])),
      watched: [...this.#works.keys()].filter((id) => this.#watched.has(id)),
      marked: [...this.#works.keys()].filter((id) => this.#marked.has(id)),
      ratings,
      truncated,
    };
  }
}

/** A member's viewing for the season (or all time), read from the service. */
export async function readViewing(
  ctx: Pick<Context, 'service'>,
  call: CallOptions,
  serviceUserId: number,
  season: string | undefined,
): Promise<MemberViewing> {
  const fold = new ViewingFold(season);
  const floor = seasonFloor(season);
  let truncated = false;
  const pages = walkPages(
    (page) =>
      ctx.service.activities(
        { filter_user_id: serviceUserId, sort_id: 'desc', page, per_page: PER_PAGE, fields: COMPARE_FIELDS },
        call,
      ),
    {
      maxPages: COMPARE_PAGES,
      onTruncated: () => {
        truncated = true;
      },
    },
  );
  for await (const page of pages) {
    for (const activity of page.items) fold.add(activity);
    // Newest first: a page reaching back before the season's floor is the last one needed.
    if (Date.parse(page.items.at(-1)?.created_at ?? '') < floor) break;
  }
  return fold.result(truncated);
}

/** The same, shared for a few minutes (the lookup cache): turning a comparison's pages asks nothing again. */
export function cachedViewing(
  ctx: Pick<Context, 'service' | 'cache'>,
  call: CallOptions,
  serviceUserId: number,
  season: string | undefined,
): Promise<MemberViewing> {
  return ctx.cache.getOrLoad(`compare:${serviceUserId}:${season ?? 'all'}`, () =>
    readViewing(ctx, call, serviceUserId, season),
  );
}
