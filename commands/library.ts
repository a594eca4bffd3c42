import { z } from 'zod';
import { defineCommand } from '../src/bot/command.js';
import { slashCommand, statusChoices, stringOption } from '../src/bot/definition.js';
import { listOpeners, pagedList, pageLines, viewOf } from '../src/bot/paging.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { statusLabel } from '../src/render/status.js';
import { workLine, workMenuOption } from '../src/render/work.js';
import { WATCH_STATUS_FILTERS, watchStatusFilterSchema } from '../src/service/index.js';
import { WORK_SORTS, workSortOption, workSortSchema } from './catalogue/work-sort.js';
import { workIds } from './work/ids.js';
import { SEASON } from './work/search.js';

const libraryQuery = z.object({
  status: watchStatusFilterSchema.optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  title: z.string().trim().max(100).optional(),
  sort: workSortSchema,
});

const libraryList = pagedList({
  query: libraryQuery,
  async fetchPage(ctx, query, page) {
    // Always the presser's own token: the pager only lets the invoker turn pages.
    const call = await ctx.ownCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.service.myWorks(
      {
        ...(query.status ? { filter_status: query.status } : {}),
        ...(query.season ? { filter_season: query.season } : {}),
        ...(query.title ? { filter_title: query.title } : {}),
        ...WORK_SORTS[query.sort],
        page,
        per_page: perPage,
        fields: [
          'id',
          'title',
          'title_en',
          'season_name',
          'season_name_text',
          'watchers_count',
          'status.kind',
        ],
      },
      call,
    );
    const description = pageLines(
      ctx,
      result.items.map(
        (work) => `${workLine(work, ctx.t, ctx.locale)} · ${statusLabel(work.status?.kind, ctx.t)}`,
      ),
    );
    return viewOf(
      result,
      page,
      perPage,
      { title: ctx.t('library.title'), description },
      {
        emptyText: ctx.t('empty.library'),
        open: {
          customId: workIds.open.build(),
          options: result.items.map((work) => workMenuOption(work, ctx.t)),
        },
      },
    );
  },
});

/** The command's paged lists, as its module registers them. */
const libraryLists = { list: libraryList };
const lists = listOpeners('library', libraryLists);

export const command = defineCommand({
  definition: slashCommand(
    'library',
    'ライブラリ',
    { en: 'The works you have a status for', ja: 'ステータスを付けた作品' },
    [
      stringOption(
        'status',
        'ステータス',
        { en: 'Only this status', ja: 'このステータスのみ' },
        { choices: statusChoices(WATCH_STATUS_FILTERS) },
      ),
      stringOption(
        'season',
        'シーズン',
        { en: 'Season such as 2024-autumn', ja: '2024-autumnのようなシーズン' },
        { maxLength: 11 },
      ),
      stringOption(
        'title',
        'タイトル',
        { en: 'Part of the title', ja: 'タイトルの一部' },
        { maxLength: 100 },
      ),
      workSortOption(),
    ],
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const query = parseOptions(libraryQuery, input.options);
    await ctx.ownCall();
    return lists.list.open(ctx, query);
  },
  lists: libraryLists,
});
