/**
 * One member's week, from their activities: the records they made between two instants, tallied by
 * work, rating and episode. One request per member and week in the usual case (50 records a page,
 * newest first, stopped at the first record older than the week), at most MAX_WEEK_PAGES. Made with
 * the member's own token at the feed's priority: below every person's calls, inside the feed's floor.
 */
import { coverUrl } from '../../render/format.js';
import { WORK_EPISODE_FIELDS } from '../../render/names.js';
import {
  type Activity,
  type CreateRecordActivity,
  isCreateRecordActivity,
  RATING_STATES,
  type RatingState,
  type ServiceClient,
} from '../../service/index.js';

/** A member who records more than 200 episodes in a week is counted up to there (and the walk stops). */
export const MAX_WEEK_PAGES = 4;
const PER_PAGE = 50;

const WEEK_FIELDS = [
  'id',
  'action',
  'created_at',
  ...WORK_EPISODE_FIELDS,
  'record.rating_state',
  'record.comment',
] as const;

export interface WeekWork {
  id: number;
  title: string;
  titleEn: string | null;
  coverUrl: string | null;
  episodes: number;
}

export interface WeekEpisode {
  id: number;
  work: Omit<WeekWork, 'episodes'>;
  number: number | null;
  numberText: string | null;
  title: string | null;
  /** Records of this episode by the member that carry a comment. */
  comments: number;
}

/** What one member recorded in a week: plain data, summed over the server's members by `summarize`. */
export interface MemberWeek {
  episodes: number;
  works: WeekWork[];
  ratings: Record<RatingState, number>;
  commented: WeekEpisode[];
}

export function emptyWeek(): MemberWeek {
  return { episodes: 0, works: [], ratings: { great: 0, good: 0, average: 0, bad: 0 }, commented: [] };
}

function workOf(activity: CreateRecordActivity): Omit<WeekWork, 'episodes'> | undefined {
  const work = activity.work;
  if (typeof work?.id !== 'number' || !work.title) return undefined;
  return { id: work.id, title: work.title, titleEn: work.title_en ?? null, coverUrl: coverUrl(work) ?? null };
}

/** Adds one record activity to the tally (a malformed one is left out, never failing the week). */
export function tallyRecord(week: MemberWeek, activity: CreateRecordActivity): void {
  const work = workOf(activity);
  if (!work) return;
  week.episodes += 1;
  const known = week.works.find((w) => w.id === work.id);
  if (known) known.episodes += 1;
  else week.works.push({ ...work, episodes: 1 });
  const rating = activity.record?.rating_state;
  if (rating && (RATING_STATES as readonly string[]).includes(rating)) week.ratings[rating] += 1;
  const episode = activity.episode;
  if (!activity.record?.comment?.trim() || typeof episode?.id !== 'number') return;
  const entry = week.commented.find((e) => e.id === episode.id);
  if (entry) entry.comments += 1;
  else
    week.commented.push({
      id: episode.id,
      work,
      number: episode.number ?? null,
      numberText: episode.number_text ?? null,
      title: episode.title ?? null,
      comments: 1,
    });
}

/** Activities created in [from, to): the records among them are the week's. */
function inWeek(activity: Activity, from: Date, to: Date): 'before' | 'in' | 'after' {
  const at = Date.parse(activity.created_at ?? '');
  if (!Number.isFinite(at) || at >= to.getTime()) return 'after';
  return at < from.getTime() ? 'before' : 'in';
}

/**
 * The member's records in [from, to). Throws the service's errors (the caller retries later or,
 * on a refused token, leaves the member out of this week).
 */
export async function fetchMemberWeek(
  service: Pick<ServiceClient, 'walk'>,
  member: { token: string; serviceUserId: number },
  from: Date,
  to: Date,
): Promise<{ week: MemberWeek; requests: number }> {
  const week = emptyWeek();
  let requests = 0;
  const items = service.walk(
    'activities',
    {
      filter_user_id: member.serviceUserId,
      filter_actions: 'create_record',
      sort_id: 'desc',
      fields: [...WEEK_FIELDS],
    },
    // No person: a job's call is never charged to the member's own share of the budget.
    { token: member.token, priority: 'poll' },
    { perPage: PER_PAGE, maxPages: MAX_WEEK_PAGES },
  );
  let seen = 0;
  for await (const activity of items) {
    if (seen++ % PER_PAGE === 0) requests += 1;
    const where = inWeek(activity, from, to);
    if (where === 'before') break;
    if (where === 'in' && isCreateRecordActivity(activity)) tallyRecord(week, activity);
  }
  return { week, requests: Math.max(requests, 1) };
}
