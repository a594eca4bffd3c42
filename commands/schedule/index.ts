import { z } from 'zod';
import { defineCommand } from '#src/bot/command.js';
import { booleanOption, integerOption, slashCommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { listOpeners, pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { localTitle } from '#src/render/names.js';
import { PROGRAM_FIELDS, programLine } from '#src/render/program.js';
import { workIds } from '../work/ids.js';

const HOUR_MS = 60 * 60 * 1000;

const options = [
  integerOption(
    'hours',
    '時間',
    { en: 'How many hours ahead (default 24)', ja: '何時間先まで（既定24）' },
    { min: 1, max: 168 },
  ),
  booleanOption('unwatched', '未視聴のみ', {
    en: 'Only episodes you have not recorded',
    ja: '未記録のエピソードのみ',
  }),
  booleanOption('rebroadcast', '再放送を含む', { en: 'Include rebroadcasts', ja: '再放送も含める' }),
] as const;

const optionRules = {
  reasons: { hours: 'reason.hours' },
  defaults: { hours: 24, unwatched: false, rebroadcast: false },
} as const;

/** The window is fixed when the command runs, so that paging shows one consistent list. */
const scheduleQuery = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  hours: z.number().int(),
  unwatched: z.boolean(),
  rebroadcast: z.boolean(),
});

const scheduleList = pagedList({
  query: scheduleQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.ownCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.service.myPrograms(
      {
        filter_started_at_gt: query.from,
        filter_started_at_lt: query.to,
        ...(query.unwatched ? { filter_unwatched: true } : {}),
        // Without the option, rebroadcasts are left out (the service's `false` means "all but rebroadcasts").
        ...(query.rebroadcast ? {} : { filter_rebroadcast: false }),
        sort_started_at: 'asc',
        page,
        per_page: perPage,
        fields: PROGRAM_FIELDS,
      },
      call,
    );
    const works = new Map(result.items.flatMap((p) => (p.work?.id ? [[p.work.id, p.work] as const] : [])));
    return viewOf(
      result,
      page,
      perPage,
      {
        title: ctx.t('schedule.title', { hours: query.hours }),
        description: pageLines(
          ctx,
          result.items.map((program) => programLine(program, ctx.t)),
        ),
      },
      {
        emptyText: ctx.t('empty.schedule'),
        open: {
          customId: workIds.open.build(),
          options: [...works.values()].map((work) => ({
            label: localTitle(work, ctx.t),
            value: String(work.id),
          })),
        },
      },
    );
  },
});

/** The command's paged lists, as its module registers them. */
const scheduleLists = { list: scheduleList };
const lists = listOpeners('schedule', scheduleLists);

export const command = defineCommand({
  definition: slashCommand(
    'schedule',
    '放送予定',
    { en: 'Your upcoming broadcasts', ja: 'これからの放送予定' },
    options,
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const given = readOptions(options, input.options, optionRules);
    await ctx.ownCall();
    const now = ctx.now();
    const query = {
      from: now.toISOString(),
      to: new Date(now.getTime() + given.hours * HOUR_MS).toISOString(),
      ...given,
    };
    return lists.list.open(ctx, query);
  },
  lists: scheduleLists,
});
