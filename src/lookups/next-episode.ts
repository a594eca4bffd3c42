/**
 * The episode `/record post` records when no `episode` is given: the earliest one of the work the
 * person has not recorded. First their unwatched programs of that work (earliest first); when the
 * service lists none (no broadcast channel chosen, or the work is not on their schedule), the
 * episode after the latest one of that work in their own recent activities; otherwise undefined
 * (the caller asks for the episode).
 */
import type { Context } from '../bot/context.js';
import {
  type Activity,
  type CallOptions,
  type Episode,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
} from '../service/index.js';
import { episodesOfWork } from './episodes.js';

/** Programs looked at: a few programs without an episode may come first. */
const PROGRAMS_LOOKED_AT = 10;
/** Pages of the person's activities searched for their latest record of the work (50 each). */
const ACTIVITY_PAGES = 2;

interface NextEpisode {
  episode: Pick<Episode, 'id' | 'number' | 'number_text' | 'title'>;
  /** Where it was found: the unwatched schedule, or after the latest recorded episode. */
  from: 'schedule' | 'activities';
}

export async function nextEpisodeOf(
  ctx: Context,
  workId: number,
  serviceUserId: number,
  call: CallOptions,
): Promise<NextEpisode | undefined> {
  const programs = await ctx.service.myPrograms(
    {
      filter_work_ids: [workId],
      filter_unwatched: true,
      sort_started_at: 'asc',
      per_page: PROGRAMS_LOOKED_AT,
      fields: ['id', 'episode.id', 'episode.number', 'episode.number_text', 'episode.title'],
    },
    call,
  );
  const scheduled = programs.items.find((program) => typeof program.episode?.id === 'number')?.episode;
  if (scheduled && typeof scheduled.id === 'number')
    return { episode: { ...scheduled, id: scheduled.id }, from: 'schedule' };
  const latest = await latestRecordedEpisodeId(ctx, workId, serviceUserId, call);
  if (latest === undefined) return undefined;
  const episodes = await episodesOfWork(ctx, workId);
  const index = episodes.findIndex((episode) => episode.id === latest);
  const next = index >= 0 ? episodes[index + 1] : undefined;
  return next ? { episode: next, from: 'activities' } : undefined;
}

/** The newest episode of the work the person recorded, from their latest activities. */
async function latestRecordedEpisodeId(
  ctx: Context,
  workId: number,
  serviceUserId: number,
  call: CallOptions,
): Promise<number | undefined> {
  for await (const episodeId of recordedEpisodeIds(ctx, workId, serviceUserId, call)) return episodeId;
  return undefined;
}

/**
 * The episodes of the work the person recorded, newest first, as far as their latest activities
 * tell (ACTIVITY_PAGES requests at most, fewer when the caller stops early).
 */
export async function* recordedEpisodeIds(
  ctx: Context,
  workId: number,
  serviceUserId: number,
  call: CallOptions,
): AsyncGenerator<number> {
  const activities = ctx.service.walk(
    'activities',
    { filter_user_id: serviceUserId, sort_id: 'desc' },
    call,
    // Bounded on purpose: older history is not worth more requests.
    { perPage: 50, maxPages: ACTIVITY_PAGES, onTruncated: () => {} },
  );
  for await (const activity of activities) {
    if (activity.work?.id !== workId) continue;
    yield* recordedEpisodes(activity);
  }
}

/** The episodes one activity recorded, the latest in broadcast order first. */
function recordedEpisodes(activity: Activity): number[] {
  if (isCreateRecordActivity(activity)) {
    const id = activity.episode?.id;
    return typeof id === 'number' ? [id] : [];
  }
  if (isCreateMultipleRecordsActivity(activity)) {
    // Several episodes at once: the last one in broadcast order is the latest watched.
    const ids = (activity.multiple_record ?? []).flatMap((entry) =>
      typeof entry.episode?.id === 'number'
        ? [{ id: entry.episode.id, sort: entry.episode.sort_number ?? 0 }]
        : [],
    );
    return ids.sort((a, b) => b.sort - a.sort).map((entry) => entry.id);
  }
  return [];
}
