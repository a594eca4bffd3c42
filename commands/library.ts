import { z } from 'zod';
import { defineCommand } from '../src/bot/command.js';
import { slashCommand, stringOption } from '../src/bot/definition.js';
import { pagedList, viewOf } from '../src/bot/paging.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { lines } from '../src/render/format.js';
import { statusLabel } from '../src/render/status.js';
import { workLine } from '../src/render/work.js';
import { type MyWorksParams, watchStatusFilterSchema } from '../src/service/index.js';
import { SEASON } from './work.js';

const libraryQuery = z.object({
  status: watchStatusFilterSchema.optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  title: z.string().trim().max(100).optional(),
  sort: z.enum(['watchers', 'season', 'id']).default('id'),
});

const SORTS: Record<z.infer<typeof libraryQuery>['sort'], Partial<MyWorksParams>> = {
  watchers: { sort_watchers_count: 'desc' },
  season: { sort_season: 'desc' },
  id: { sort_id: 'asc' },
};

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
        ...SORTS[query.sort],
        page,
        per_page: perPage,
        fields: ['id', 'title', 'season_name', 'season_name_text', 'watchers_count', 'status.kind'],
      },
      call,
    );
    const description = lines(
      result.items.map(
        (work) => `${workLine(work, ctx.t, ctx.locale)} · ${statusLabel(work.status?.kind, ctx.t)}`,
      ),
    );
    return viewOf(result, page, perPage, { title: ctx.t('library.title'), description });
  },
});

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
        {
          choices: [
            { value: 'wanna_watch', name: { en: 'Want to watch', ja: '見たい' } },
            { value: 'watching', name: { en: 'Watching', ja: '見てる' } },
            { value: 'watched', name: { en: 'Watched', ja: '見た' } },
            { value: 'on_hold', name: { en: 'On hold', ja: '一時中断' } },
            { value: 'stop_watching', name: { en: 'Stopped watching', ja: '視聴中止' } },
          ],
        },
      ),
      stringOption(
        'season',
        'シーズン',
        { en: 'Season such as 2024-autumn', ja: '2024-autumn のようなシーズン' },
        { maxLength: 11 },
      ),
      stringOption(
        'title',
        'タイトル',
        { en: 'Part of the title', ja: 'タイトルの一部' },
        { maxLength: 100 },
      ),
      stringOption(
        'sort',
        '並び順',
        { en: 'Order', ja: '並び順' },
        {
          choices: [
            { value: 'watchers', name: { en: 'Most watched', ja: '視聴者が多い順' } },
            { value: 'season', name: { en: 'Newest season', ja: '新しいシーズン順' } },
            { value: 'id', name: { en: 'Oldest entry first', ja: '登録順' } },
          ],
        },
      ),
    ],
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const query = parseOptions(libraryQuery, input.options);
    await ctx.ownCall();
    return { ...(await ctx.pager.open(ctx, 'library/list', query)), ephemeral: true };
  },
  lists: { list: libraryList },
});
