import type { AutocompleteChoice } from '../bot/command.js';
import type { Context } from '../bot/context.js';
import { badOption, UserFacingError } from '../bot/user-facing-error.js';
import { plain, truncate } from '../render/format.js';
import { localEpisodeLabel } from '../render/names.js';
import type { CallOptions, Episode } from '../service/index.js';
import { autocompleteCall, isShareUsed, workIdForTitle } from './works.js';

const EPISODE_FIELDS = [
  'id',
  'number',
  'number_text',
  'sort_number',
  'title',
  'records_count',
  'record_comments_count',
  'work.id',
  'work.title',
  'work.title_en',
  'prev_episode.id',
  'prev_episode.number',
  'prev_episode.number_text',
  'next_episode.id',
  'next_episode.number',
  'next_episode.number_text',
];

/** Pages of episodes an autocomplete may walk: it must answer within Discord's 3-second window. */
export const AUTOCOMPLETE_MAX_PAGES = 2;

async function loadEpisodes(
  ctx: Context,
  workId: number,
  call: CallOptions,
  maxPages?: number,
): Promise<Episode[]> {
  const episodes: Episode[] = [];
  for await (const episode of ctx.service.walk(
    'episodes',
    { filter_work_id: workId, sort_sort_number: 'asc', fields: EPISODE_FIELDS },
    call,
    // A bounded walk is partial on purpose: the safety-stop warning is for full walks.
    maxPages === undefined ? { perPage: 50 } : { perPage: 50, maxPages, onTruncated: () => {} },
  )) {
    episodes.push(episode);
  }
  return episodes.sort((a, b) => (a.sort_number ?? 0) - (b.sort_number ?? 0));
}

/** Every episode of a work in broadcast order; cached, since autocomplete asks for it often. */
export async function episodesOfWork(ctx: Context, workId: number): Promise<Episode[]> {
  const call = await ctx.catalogueCall();
  return ctx.cache.getOrLoad(`episodes:${workId}`, () => loadEpisodes(ctx, workId, call));
}

/**
 * The episodes autocomplete offers: the whole list when a command already loaded it, otherwise the
 * first AUTOCOMPLETE_MAX_PAGES pages (100 episodes; a longer work's later ones are typed as a number).
 * From the cache first; beyond the person's share of the budget, no episodes rather than a request.
 */
async function episodesForAutocomplete(ctx: Context, workId: number): Promise<Episode[]> {
  const whole =
    ctx.cache.peek<Episode[]>(`episodes:${workId}`) ?? ctx.cache.peek<Episode[]>(`ac:episodes:${workId}`);
  if (whole) return whole;
  const call = await autocompleteCall(ctx);
  return ctx.cache
    .getOrLoad(`ac:episodes:${workId}`, () => loadEpisodes(ctx, workId, call, AUTOCOMPLETE_MAX_PAGES))
    .catch((error: unknown) => {
      if (isShareUsed(error)) return [];
      throw error;
    });
}

const NUMBER = /^#?\s*(\d+(?:\.\d+)?)$/;

/**
 * The `episode` option: an episode id picked from autocomplete, or a number such as `5` or `#5`.
 * Digits alone are tried as an id of this work's episodes first, then as a number.
 */
export async function resolveEpisode(ctx: Context, workId: number, value: string): Promise<Episode> {
  const text = value.trim();
  const match = NUMBER.exec(text);
  if (!match) throw badOption('episode', (t) => t('reason.episode'));
  const episodes = await episodesOfWork(ctx, workId);
  // A film has no episodes to record: the whole work is rated with a review.
  if (episodes.length === 0) throw new UserFacingError('record.noEpisodesReview');
  const wanted = Number(match[1]);
  const byId = text.startsWith('#') ? undefined : episodes.find((e) => e.id === wanted);
  const found = byId ?? episodes.find((e) => e.number === wanted);
  if (!found)
    throw new UserFacingError('match.noEpisode', (t) =>
      t('match.noEpisode', { query: plain(truncate(text, 20)) }),
    );
  return found;
}

/** The work of the `work` option: the id picked from its list, or the work its typed title finds. */
async function chosenWorkId(ctx: Context, workValue: string | undefined): Promise<number | undefined> {
  const value = workValue?.trim() ?? '';
  if (/^\d{1,10}$/.test(value)) return Number(value);
  return value ? workIdForTitle(ctx, value) : undefined;
}

/**
 * The episodes of the chosen work as choices, as soon as the option is opened (nothing typed: the
 * first 25), then those whose number starts with or whose title holds what is typed.
 */
export async function episodeChoices(
  ctx: Context,
  workValue: string | undefined,
  typed: string,
): Promise<AutocompleteChoice[]> {
  const workId = await chosenWorkId(ctx, workValue);
  if (workId === undefined) return [];
  const episodes = await episodesForAutocomplete(ctx, workId);
  const query = typed.trim().replace(/^#/, '').toLowerCase();
  return episodes
    .filter(
      (e) =>
        !query || String(e.number ?? '').startsWith(query) || (e.title ?? '').toLowerCase().includes(query),
    )
    .slice(0, 25)
    .map((e) => ({ name: truncate(localEpisodeLabel(e, ctx.t), 100), value: String(e.id) }));
}
