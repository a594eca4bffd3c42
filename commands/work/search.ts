/** `/work search`: works by title and season, this season's matches first, paged. */
import { z } from 'zod';
import type { CommandInput, MessageReply } from '../../src/bot/command.js';
import type { Context } from '../../src/bot/context.js';
import { stringOption, subcommand } from '../../src/bot/definition.js';
import { listOpeners, pagedList, pageLines, viewOf } from '../../src/bot/paging.js';
import { parseOptions } from '../../src/bot/parse-options.js';
import { truncate } from '../../src/render/format.js';
import { workLine, workMenuOption } from '../../src/render/work.js';
import { currentSeason } from '../catalogue/seasons.js';
import { WORK_SORTS, workSortOption, workSortSchema } from '../catalogue/work-sort.js';
import { currentSeasonMatches } from './extras.js';
import { workIds } from './ids.js';

export const SEASON = /^\d{4}-(winter|spring|summer|autumn|all)$/;

/** The options read, and the query stored with the page state: read back with this schema. */
const searchQuery = z.object({
  title: z.string().trim().max(100).optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  sort: workSortSchema,
});

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
        { en: 'Season such as 2024-autumn or 2024-all', ja: '2024-autumn や 2024-all のようなシーズン' },
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
          ...WORK_SORTS[query.sort],
          page,
          per_page: perPage,
          fields: ['id', 'title', 'title_en', 'season_name', 'season_name_text', 'watchers_count'],
        },
        call,
      ),
    );
    // Without a season, this season's matches come first (one more request, on the first page only).
    const season = currentSeason(ctx.now());
    const current =
      page === 1 && query.title && !query.season ? await currentSeasonMatches(ctx, query.title, season) : [];
    const currentIds = new Set(current.map((work) => work.id));
    const shown = [...current, ...result.items.filter((work) => !currentIds.has(work.id))];
    const embed = {
      title: truncate(ctx.t('work.searchTitle', { query: query.title ?? query.season ?? '' }), 256),
      description: pageLines(
        ctx,
        shown.map((work) => workLine(work, ctx.t, ctx.locale)),
      ),
    };
    return viewOf(result, page, perPage, embed, {
      emptyText: ctx.t('empty.works'),
      open: {
        customId: workIds.open.build(),
        options: shown.map((w) => workMenuOption(w, ctx.t)),
      },
    });
  },
});

/** The command's paged lists, as its module registers them. */
export const workLists = { search: searchList };
const lists = listOpeners('work', workLists);

export async function search(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  return lists.search.open(ctx, parseOptions(searchQuery, raw));
}
