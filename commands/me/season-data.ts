/**
 * What a season card shows, gathered from the service with the person's own token (each call names
 * them, so it counts against their fair share): their works of the season (`my_works` with
 * `filter_season`: finished and started), and their records of those works (their own
 * `create_record` activities, newest first, read back to the season's start: the service lists a
 * person's records nowhere else). A card costs 1 + ⌈works / 50⌉ + ⌈records since the season began / 50⌉
 * requests, at most 1 + SEASON_CARD_PAGES.works + SEASON_CARD_PAGES.records.
 */

import { JST_OFFSET_MS } from '#src/lookups/seasons.js';
import type { SeasonCard } from '#src/pictures/index.js';
import {
  type Activity,
  type CallOptions,
  isCreateRecordActivity,
  RATING_STATES,
  type RatingState,
  type ServiceClient,
  type Work,
  walkItems,
  walkPages,
} from '#src/service/index.js';

export type Season = SeasonCard['season'];
type SeasonName = Season['name'];

const SEASON_NAMES: readonly SeasonName[] = ['winter', 'spring', 'summer', 'autumn'];
/** One season, as the service names it (`2026-autumn`); `-all` is a filter, not a season. */
const ONE_SEASON = /^(\d{4})-(winter|spring|summer|autumn)$/;

/** Pages read at most (50 items each): a season's works, then the person's records. */
export const SEASON_CARD_PAGES = { works: 4, records: 10 } as const;
const PER_PAGE = 50;
/** Top-rated works on a card (the picture has that many slots). */
const TOP_RATED = 5;
/** Works the person started: on their list and beyond "want to watch". */
const STARTED = new Set(['watching', 'watched', 'on_hold', 'stop_watching']);
/** Nested fields by name: with `fields`, the service leaves a nested object it was not asked into empty. */
const WORK_FIELDS = ['id', 'title', 'title_en', 'season_name', 'images.recommended_url', 'status.kind'];

export function parseSeason(value: string): Season | undefined {
  const match = ONE_SEASON.exec(value.trim());
  if (!match) return undefined;
  return { year: Number(match[1]), name: match[2] as SeasonName };
}

export function seasonValue(season: Season): string {
  return `${season.year}-${season.name}`;
}

/** The season's first moment in Japan, as a UTC timestamp. */
export function seasonStart(season: Season): number {
  return Date.UTC(season.year, 3 * SEASON_NAMES.indexOf(season.name), 1) - JST_OFFSET_MS;
}

type WorkRef = Partial<Work>;
interface RatedWork {
  work: WorkRef;
  scores: number[];
}

type SeasonService = Pick<ServiceClient, 'me' | 'myWorks' | 'activities'>;

interface GatherOptions {
  /** Told when the card stopped reading records at SEASON_CARD_PAGES.records (counts are then a floor). */
  onTruncated?: () => void;
}

/** The person's works of the season, by id. */
async function seasonWorks(service: SeasonService, call: CallOptions, season: Season) {
  const works = new Map<number, Work>();
  const items = walkItems(
    (page) =>
      service.myWorks(
        { filter_season: seasonValue(season), page, per_page: PER_PAGE, fields: WORK_FIELDS },
        call,
      ),
    { maxPages: SEASON_CARD_PAGES.works },
  );
  for await (const work of items) works.set(work.id, work);
  return works;
}

/** The activity's work when it is one of the season's (on the person's list, or named so by the service). */
function seasonWorkOf(
  activity: Activity,
  works: ReadonlyMap<number, Work>,
  season: Season,
): WorkRef | undefined {
  const id = activity.work?.id;
  if (id === undefined) return undefined;
  const listed = works.get(id);
  if (listed) return listed;
  return activity.work?.season_name === seasonValue(season) ? activity.work : undefined;
}

function scoreOf(state: RatingState | null | undefined): number | undefined {
  if (!state) return undefined;
  return RATING_STATES.indexOf(state) + 1;
}

/** Episodes recorded of the season's works (each once), and the ratings given, per work. */
async function seasonRecords(
  service: SeasonService,
  call: CallOptions,
  userId: number,
  season: Season,
  works: ReadonlyMap<number, Work>,
  options: GatherOptions,
) {
  const since = seasonStart(season);
  const episodes = new Set<number>();
  const rated = new Map<number, RatedWork>();
  const pages = walkPages(
    (page) =>
      service.activities(
        {
          filter_user_id: userId,
          filter_actions: 'create_record',
          sort_id: 'desc',
          page,
          per_page: PER_PAGE,
        },
        call,
      ),
    { maxPages: SEASON_CARD_PAGES.records, onTruncated: options.onTruncated },
  );
  for await (const page of pages) {
    for (const activity of page.items) {
      if (!isCreateRecordActivity(activity)) continue;
      const work = seasonWorkOf(activity, works, season);
      const episodeId = activity.episode?.id;
      if (!work || work.id === undefined || episodeId === undefined) continue;
      episodes.add(episodeId);
      const score = scoreOf(activity.record?.rating_state);
      if (score === undefined) continue;
      const entry = rated.get(work.id) ?? { work, scores: [] };
      entry.scores.push(score);
      rated.set(work.id, entry);
    }
    // Newest first: a page reaching back before the season began is the last one needed.
    const oldest = Date.parse(page.items.at(-1)?.created_at ?? '');
    if (oldest < since) break;
  }
  return { episodes: episodes.size, rated };
}

/** Best mean rating first; more ratings, then the smaller id, break ties. */
function topRated(rated: ReadonlyMap<number, RatedWork>): SeasonCard['topRated'] {
  return [...rated.values()]
    .filter(({ work }) => typeof work.title === 'string' && work.title.trim() !== '')
    .map(({ work, scores }) => ({
      work,
      count: scores.length,
      mean: scores.reduce((a, b) => a + b, 0) / scores.length,
    }))
    .sort((a, b) => b.mean - a.mean || b.count - a.count || (a.work.id ?? 0) - (b.work.id ?? 0))
    .slice(0, TOP_RATED)
    .map(({ work, mean }) => ({
      title: work.title ?? '',
      titleEn: work.title_en || null,
      coverUrl: work.images?.recommended_url || null,
      rating: RATING_STATES[Math.round(mean) - 1] ?? 'average',
    }));
}

/** The person's season card data; their own token throughout. */
export async function gatherSeasonCard(
  service: SeasonService,
  call: CallOptions,
  season: Season,
  options: GatherOptions = {},
): Promise<SeasonCard> {
  const me = await service.me({ fields: ['id', 'username', 'name'] }, call);
  const works = await seasonWorks(service, call, season);
  const records = await seasonRecords(service, call, me.id, season, works, options);
  const kinds = [...works.values()].map((work) => work.status?.kind ?? '');
  return {
    user: { name: me.name?.trim() || me.username?.trim() || String(me.id) },
    season,
    episodes: records.episodes,
    works: {
      finished: kinds.filter((kind) => kind === 'watched').length,
      watched: kinds.filter((kind) => STARTED.has(kind)).length,
    },
    topRated: topRated(records.rated),
  };
}
