import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { z } from 'zod';
import type { MessageReply } from '../src/bot/command.js';
import { defineCommand } from '../src/bot/command.js';
import type { Context } from '../src/bot/context.js';
import { slashCommand, stringOption, subcommand, workOption } from '../src/bot/definition.js';
import { readOptions } from '../src/bot/option-values.js';
import { listOpeners, pagedList, pageLines, viewOf } from '../src/bot/paging.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { truncate } from '../src/render/format.js';
import { hasNoEpisodes } from '../src/render/names.js';
import { statusLabel } from '../src/render/status.js';
import { workEmbed, workLine, workMenuOption } from '../src/render/work.js';
import type { Work } from '../src/service/index.js';
import { STATUS_KINDS, statusKindSchema } from '../src/service/index.js';
import { episodeListOpeners, episodeListQuery } from './catalogue/episode-list.js';
import { currentSeason, seasonChoices } from './catalogue/seasons.js';
import { WORK_SORTS, workSortOption, workSortSchema } from './catalogue/work-sort.js';
import { resolveWork, workChoices } from './catalogue/works.js';
import { currentSeasonMatches, nextEpisodeField, workLinkRow } from './work/extras.js';
import { workIds } from './work/ids.js';

export const SEASON = /^\d{4}-(winter|spring|summer|autumn|all)$/;

const searchQuery = z.object({
  title: z.string().trim().max(100).optional(),
  season: z.string().trim().regex(SEASON, 'reason.season').optional(),
  sort: workSortSchema,
});

const infoOptions = [workOption()] as const;

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
const workLists = { search: searchList };
const lists = listOpeners('work', workLists);

/** One work with the person's next episode, its Episodes button (not for movies), status menu and link buttons. */
async function workInfoReply(ctx: Context, work: Work): Promise<MessageReply> {
  // The person's own schedule: a refused or failing call leaves the countdown out, not the work.
  const next = await nextEpisodeField(ctx, work).catch((error: unknown) => {
    ctx.logger.info({ err: error }, 'work info: next episode unavailable');
    return undefined;
  });
  const episodes = hasNoEpisodes(work)
    ? []
    : [
        {
          type: ComponentType.ActionRow as const,
          components: [
            {
              type: ComponentType.Button as const,
              style: ButtonStyle.Primary as const,
              label: ctx.t('work.showEpisodes'),
              custom_id: workIds.episodes.build(work.id),
            },
          ],
        },
      ];
  const embed = workEmbed(work, ctx.t, ctx.locale);
  if (next) embed.fields = [...(embed.fields ?? []), next];
  const links = workLinkRow(work, ctx);
  return {
    kind: 'message',
    embeds: [embed],
    components: [
      ...episodes,
      {
        type: ComponentType.ActionRow,
        components: [
          {
            type: ComponentType.StringSelect,
            custom_id: workIds.status.build(work.id),
            placeholder: ctx.t('work.setStatusPlaceholder'),
            options: STATUS_KINDS.map((kind) => ({ label: statusLabel(kind, ctx.t), value: kind })),
          },
        ],
      },
      ...(links ? [links] : []),
    ],
  };
}

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
          { maxLength: 11, autocomplete: true },
        ),
        workSortOption(),
      ],
    ),
    subcommand('info', '詳細', { en: 'Show one work', ja: '作品の詳細を表示' }, infoOptions),
  ]),
  ephemeral: () => false,

  async execute(ctx, input) {
    if (input.subcommand === 'search') {
      return lists.search.open(ctx, parseOptions(searchQuery, input.options));
    }
    const { work: value } = readOptions(infoOptions, input.options, { reasons: { work: 'reason.required' } });
    return workInfoReply(ctx, await resolveWork(ctx, value));
  },

  async autocomplete(ctx, input) {
    if (input.focused.name === 'season') return seasonChoices(ctx.now(), input.focused.value);
    return input.focused.name === 'work' ? workChoices(ctx, input.focused.value) : [];
  },

  components: {
    /** A work picked in an "Open…" menu (search, library): its info, privately. */
    [workIds.open.action]: {
      answers: 'message',
      async handle(ctx, input) {
        const workId = z.coerce.number().int().positive().parse(input.values[0]);
        return workInfoReply(ctx, await resolveWork(ctx, String(workId)));
      },
    },
    [workIds.episodes.action]: {
      answers: 'message',
      async handle(ctx, input) {
        const workId = z.coerce.number().int().positive().parse(input.args[0]);
        return episodeListOpeners.list.open(ctx, episodeListQuery.parse({ workId }));
      },
    },
    [workIds.status.action]: {
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
          content: ctx.t('status.set', { title, status: statusLabel(kind, ctx.t) }),
        };
      },
    },
  },

  lists: workLists,
});
