/**
 * `/work search`: works by title and season, paged, one service request a page. The most watched
 * works come first unless another order is chosen, and without a season this season's matches on the
 * first page go to the top: the service sorts, the page is ordered here.
 */
import { z } from 'zod';
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { listOpeners, pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { currentSeason, seasonWords } from '#src/lookups/seasons.js';
import { WORK_SORTS, type WorkSort, workSortOption, workSortSchema } from '#src/lookups/work-sort.js';
import { englishTitleMatches, englishTitlesPending, noteTitles } from '#src/lookups/works.js';
import { truncate } from '#src/render/format.js';
import { workLine, workMenuOption } from '#src/render/work.js';
import type { Work } from '#src/service/index.js';
import { workOf } from '#src/titles/title-index.js';
import { workIds } from './ids.js';

export const SEASON = /^\d{4}-(winter|spring|summer|autumn|all)$/;

/** The options read, and the query stored with the page state: read back with this schema. */
const searchQuery = z.object({
  title: z.string().trim().max(100).optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  // Unset: the most watched first (states stored when a sort was always set carry one, which still reads).
  sort: workSortSchema.unwrap().optional(),
});

type SearchQuery = z.infer<typeof searchQuery>;

function sortOf(query: SearchQuery): WorkSort {
  return query.sort ?? 'watchers';
}

/** This season's works first, the rest in the order the service gave them. */
function currentSeasonFirst(works: readonly Work[], season: string): Work[] {
  const current = works.filter((work) => work.season_name === season);
  return [...current, ...works.filter((work) => work.season_name !== season)];
}

export const searchSubcommand = () =>
  subcommand(
    'search',
    '検索',
    { en: 'Search works by title and season', ja: 'タイトルやシーズンで作品を検索' },
    [
      stringOption(
        'title',
        'タイトル',
        { en: 'Part of the title', ja: 'タイトルの一部' },
        { maxLength: 100 },
      ),
      stringOption(
        'season',
        'シーズン',
        { en: 'Season such as 2024-autumn or 2024-all', ja: '2024-autumnや2024-allのようなシーズン' },
        { maxLength: 11, autocomplete: true },
      ),
      workSortOption(),
    ],
  );

const searchList = pagedList({
  query: searchQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    // Catalogue pages are the same for everyone: cached, and identical searches share one request.
    const result = await ctx.cache.getOrLoad(`works:${JSON.stringify(query)}:${page}:${perPage}`, () =>
      ctx.service.works(
        {
          ...(query.title ? { filter_title: query.title } : {}),
          ...(query.season ? { filter_season: query.season } : {}),
          ...WORK_SORTS[sortOf(query)],
          page,
          per_page: perPage,
          fields: ['id', 'title', 'title_en', 'season_name', 'season_name_text', 'watchers_count'],
        },
        call,
      ),
    );
    noteTitles(ctx, result.items);
    // Without a season, this season's matches on the first page go to its top, whatever the order;
    // later pages keep the service's order, so nothing repeats.
    const served =
      page === 1 && !query.season ? currentSeasonFirst(result.items, currentSeason(ctx.now())) : result.items;
    const english = page === 1 ? await englishFirst(ctx, query, perPage) : [];
    const shown = [...english, ...served.filter((work) => !english.some((first) => first.id === work.id))];
    const named = query.title ?? (query.season ? seasonWords(query.season, ctx.t) : '');
    const embed = {
      title: truncate(ctx.t('work.searchTitle', { query: named }), 256),
      description: pageLines(
        ctx,
        shown.map((work) => workLine(work, ctx.t, ctx.locale)),
      ),
    };
    const counted = { ...result, totalCount: Math.max(result.totalCount, shown.length) };
    const pending = shown.length === 0 && !!query.title && (await englishTitlesPending(ctx, query.title));
    return viewOf(counted, page, perPage, embed, {
      emptyText: ctx.t(pending ? 'empty.worksEnglishPending' : 'empty.works'),
      open: {
        customId: workIds.open.build(),
        // A select menu holds 25 options (the English-title matches come on top of the service's page).
        options: shown.slice(0, 25).map((w) => workMenuOption(w, ctx.t)),
      },
    });
  },
});

/**
 * The first page's works found by their English title in the local index (the service matches only
 * the Japanese title and its reading): on top of the service's matches, at most a page of them.
 */
async function englishFirst(ctx: Context, query: SearchQuery, perPage: number): Promise<Work[]> {
  if (!query.title) return [];
  const found = await englishTitleMatches(ctx, query.title, perPage, query.season);
  return found.map(workOf);
}

/** The command's paged lists, as its module registers them. */
export const workLists = { search: searchList };
const lists = listOpeners('work', workLists);

export async function search(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  return lists.search.open(ctx, parseOptions(searchQuery, raw));
}
