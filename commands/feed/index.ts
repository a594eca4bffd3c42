import { z } from 'zod';
import { defineCommand } from '#src/bot/command.js';
import { booleanOption, slashCommand, stringOption } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { listOpeners, pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { activityLine } from '#src/render/activity.js';
import { ACTIVITY_ACTIONS } from '#src/service/index.js';

/** Any known action: a page state made before reviews were offered may still name an old one. */
const feedQuery = z.object({
  action: z.enum(ACTIVITY_ACTIONS).optional(),
  muted: z.boolean().default(false),
});

const feedList = pagedList({
  query: feedQuery,
  async fetchPage(ctx, query, page) {
    const call = await ctx.ownCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.service.followingActivities(
      {
        ...(query.action ? { filter_actions: query.action } : {}),
        // The service excludes muted users by default; the option brings them back.
        filter_muted: !query.muted,
        sort_id: 'desc',
        page,
        per_page: perPage,
      },
      call,
    );
    return viewOf(
      result,
      page,
      perPage,
      {
        title: ctx.t('feed.title'),
        description: pageLines(
          ctx,
          result.items.map((activity) => activityLine(activity, ctx.t)),
        ),
      },
      { emptyText: ctx.t('empty.feed') },
    );
  },
});

/** The command's paged lists, as its module registers them. */
const feedLists = { list: feedList };
const lists = listOpeners('feed', feedLists);

export const command = defineCommand({
  definition: slashCommand(
    'feed',
    'フィード',
    { en: 'What the people you follow did', ja: 'フォロー中の人のアクティビティ' },
    [
      stringOption(
        'action',
        '種類',
        { en: 'Only this kind of activity', ja: 'この種類のアクティビティのみ' },
        {
          choices: [
            { value: 'create_record', name: { en: 'Records', ja: '記録' } },
            { value: 'create_review', name: { en: 'Reviews', ja: '感想' } },
            { value: 'create_status', name: { en: 'Status changes', ja: 'ステータス変更' } },
          ],
        },
      ),
      booleanOption('muted', 'ミュートを含む', {
        en: 'Include muted users',
        ja: 'ミュート中のユーザーも含める',
      }),
    ],
  ),
  ephemeral: () => true,
  async execute(ctx, input) {
    const query = parseOptions(feedQuery, input.options);
    await ctx.ownCall();
    return lists.list.open(ctx, query);
  },
  lists: feedLists,
});
