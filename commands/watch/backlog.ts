/**
 * Fetching a person's backlog for `/watch`: the aired episodes they have not recorded, from the
 * service's unwatched schedule (only the broadcast channel each library entry chose, SERVICE.md),
 * newest first, one entry per episode.
 */
import type { Context } from '#src/bot/context.js';
import type { CallOptions, Program } from '#src/service/index.js';
import type { BacklogEntry } from '#src/viewing/watch-lists.js';

/** Programs fetched at most (50 per request): the counts per work need the whole backlog at once. */
const BACKLOG_PAGES = 4;
const BACKLOG_PER_PAGE = 50;

const FIELDS = [
  'id',
  'started_at',
  'work.id',
  'work.title',
  'work.title_en',
  'episode.id',
  'episode.number',
  'episode.number_text',
  'episode.title',
];

/**
 * What a backlog covers: rebroadcasts or not; `workIds` keeps only those works (one work's info, one
 * page of a library), `maxPages` looks at fewer programs and `onTruncated` hears that there were more.
 */
interface BacklogOptions {
  rebroadcast: boolean;
  workIds?: number[];
  maxPages?: number;
  onTruncated?: () => void;
}

export async function fetchBacklog(
  ctx: Context,
  call: CallOptions,
  options: BacklogOptions,
): Promise<BacklogEntry[]> {
  const programs = ctx.service.walk(
    'my_programs',
    {
      filter_unwatched: true,
      filter_started_at_lt: ctx.now(),
      ...(options.rebroadcast ? {} : { filter_rebroadcast: false }),
      ...(options.workIds ? { filter_work_ids: options.workIds } : {}),
      sort_started_at: 'desc',
      fields: FIELDS,
    },
    call,
    {
      perPage: BACKLOG_PER_PAGE,
      maxPages: options.maxPages ?? BACKLOG_PAGES,
      onTruncated: options.onTruncated ?? (() => {}),
    },
  );
  const entries = new Map<number, BacklogEntry>();
  for await (const program of programs) {
    const entry = entryOf(program);
    // Newest first: a rebroadcast seen later does not replace the episode's newest airing.
    if (entry && !entries.has(entry.episodeId)) entries.set(entry.episodeId, entry);
  }
  return [...entries.values()];
}

/** A program as a backlog entry; one without an episode (or a start) has nothing to record. */
function entryOf(program: Program): BacklogEntry | undefined {
  const episode = program.episode;
  if (typeof episode?.id !== 'number' || !program.started_at) return undefined;
  return {
    episodeId: episode.id,
    workId: program.work?.id ?? 0,
    workTitle: program.work?.title ?? null,
    workTitleEn: program.work?.title_en || null,
    number: typeof episode.number === 'number' ? episode.number : null,
    numberText: episode.number_text ?? null,
    title: episode.title ?? null,
    startedAt: program.started_at,
  };
}
