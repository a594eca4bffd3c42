import { z } from 'zod';
import { defineCommand } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { slashCommand, statusChoices, stringOption } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { listOpeners, pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { formatNumber } from '#src/i18n/translator.js';
import { seasonChoices } from '#src/lookups/seasons.js';
import { WORK_SORTS, workSortOption, workSortSchema } from '#src/lookups/work-sort.js';
import { plain } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { statusLabel } from '#src/render/status.js';
import { workMenuOption, workSeason } from '#src/render/work.js';
import type { CallOptions, Work } from '#src/service/index.js';
import { WATCH_STATUS_FILTERS, watchStatusFilterSchema } from '#src/service/index.js';
import { workIds } from '../work/ids.js';
import { backlogOf } from '../work/progress.js';
import { SEASON } from '../work/search.js';

const libraryQuery = z.object({
  status: watchStatusFilterSchema.optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  title: z.string().trim().max(100).optional(),
  sort: workSortSchema,
});

/** Statuses whose works the service counts aired, unrecorded episodes for (`me/programs` keeps only these). */
const IN_PROGRESS: ReadonlySet<string> = new Set(['watching', 'wanna_watch']);

/**
 * What is left of each work in progress on the page: one request for the whole page (not one per
 * work); undefined when it failed, so the page shows statuses alone rather than a wrong count.
 */
async function leftOf(ctx: Context, works: Work[], call: CallOptions) {
  const ids = works.filter((work) => IN_PROGRESS.has(work.status?.kind ?? '')).map((work) => work.id);
  if (ids.length === 0) return undefined;
  return backlogOf(ctx, ids, call).catch((error: unknown) => {
    ctx.logger.info({ err: error }, 'library: what is left unavailable');
    return undefined;
  });
}

/** "**Title** · Season · Watching · 3 aired not recorded": the person's own state, not the service's counts. */
function libraryLine(ctx: Context, work: Work, left: Awaited<ReturnType<typeof leftOf>>): string {
  const head = `**${plain(localTitle(work, ctx.t))}** · ${plain(workSeason(work, ctx.t))} · ${statusLabel(work.status?.kind, ctx.t)}`;
  if (!left || !IN_PROGRESS.has(work.status?.kind ?? '')) return head;
  const count = left.byWork.get(work.id)?.length ?? 0;
  // Nothing listed is not "up to date": the service leaves out works with no channel chosen.
  if (count === 0) return head;
  const shown = left.more ? `${formatNumber(ctx.locale, count)}+` : formatNumber(ctx.locale, count);
  return `${head} · ${ctx.t('progress.left', { count: shown })}`;
}

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
        fields: ['id', 'title', 'title_en', 'season_name', 'season_name_text', 'status.kind'],
      },
      call,
    );
    const left = await leftOf(ctx, result.items, call);
    const description = pageLines(
      ctx,
      result.items.map((work) => libraryLine(ctx, work, left)),
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
        { maxLength: 11, autocomplete: true },
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
  async autocomplete(ctx, input) {
    return input.focused.name === 'season' ? seasonChoices(ctx.now(), input.focused.value, ctx.t) : [];
  },
  lists: libraryLists,
});
