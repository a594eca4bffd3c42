import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import { defineCommand } from '../src/bot/command.js';
import { slashCommand, stringOption, subcommand, workOption } from '../src/bot/definition.js';
import { pagedList, pageLines, viewOf } from '../src/bot/paging.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { episodeListQuery } from '../src/catalogue/episode-list.js';
import { WORK_SORTS, workSortOption, workSortSchema } from '../src/catalogue/work-sort.js';
import { resolveWork, workChoices } from '../src/catalogue/works.js';
import { customId } from '../src/components/custom-id.js';
import { truncate } from '../src/render/format.js';
import { statusLabel } from '../src/render/status.js';
import { workEmbed, workLine } from '../src/render/work.js';
import { STATUS_KINDS, statusKindSchema } from '../src/service/index.js';

export const SEASON = /^\d{4}-(winter|spring|summer|autumn|all)$/;

const searchQuery = z.object({
  title: z.string().trim().max(100).optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  sort: workSortSchema,
});

const infoOptions = z.object({ work: z.string().min(1, 'reason.required') });

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
          fields: ['id', 'title', 'season_name', 'season_name_text', 'watchers_count'],
        },
        call,
      ),
    );
    const embed = {
      title: truncate(ctx.t('work.searchTitle', { query: query.title ?? query.season ?? '' }), 256),
      description: pageLines(
        ctx,
        result.items.map((work) => workLine(work, ctx.t, ctx.locale)),
      ),
    };
    return viewOf(result, page, perPage, embed);
  },
});

export const command = defineCommand({
  definition: slashCommand('work', '作品', { en: 'Look up anime works', ja: 'アニメ作品を調べる' }, [
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
          { maxLength: 11 },
        ),
        workSortOption(),
      ],
    ),
    subcommand('info', '詳細', { en: 'Show one work', ja: '作品の詳細を表示' }, [workOption()]),
  ]),
  ephemeral: () => false,

  async execute(ctx, input) {
    if (input.subcommand === 'search') {
      return ctx.pager.open(ctx, 'work/search', parseOptions(searchQuery, input.options));
    }
    const { work: value } = parseOptions(infoOptions, input.options);
    const work = await resolveWork(ctx, value);
    return {
      kind: 'message',
      embeds: [workEmbed(work, ctx.t, ctx.locale)],
      components: [
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.Button,
              style: ButtonStyle.Primary,
              label: ctx.t('work.showEpisodes'),
              custom_id: customId('work', 'episodes', work.id),
            },
          ],
        },
        {
          type: ComponentType.ActionRow,
          components: [
            {
              type: ComponentType.StringSelect,
              custom_id: customId('work', 'status', work.id),
              placeholder: ctx.t('work.setStatusPlaceholder'),
              options: STATUS_KINDS.map((kind) => ({ label: statusLabel(kind, ctx.t), value: kind })),
            },
          ],
        },
      ],
    };
  },

  async autocomplete(ctx, input) {
    return input.focused.name === 'work' ? workChoices(ctx, input.focused.value) : [];
  },

  components: {
    episodes: {
      answers: 'message',
      async handle(ctx, input) {
        const workId = z.coerce.number().int().positive().parse(input.args[0]);
        const reply = await ctx.pager.open(ctx, 'episode/list', episodeListQuery.parse({ workId }));
        return { ...reply, ephemeral: true };
      },
    },
    status: {
      answers: 'message',
      async handle(ctx, input) {
        const workId = z.coerce.number().int().positive().parse(input.args[0]);
        const kind = statusKindSchema.parse(input.values[0]);
        const call = await ctx.ownCall('write');
        await ctx.service.setStatus({ work_id: workId, kind }, call);
        const work = ctx.cache.peek<{ title?: string | null }>(`work:${workId}`);
        const title = work?.title ?? String(workId);
        return {
          kind: 'message',
          ephemeral: true,
          content: ctx.t('status.set', { title, status: statusLabel(kind, ctx.t) }),
        };
      },
    },
  },

  lists: { search: searchList },
});
