/** `/user activities`: what a person did lately, newest first, paged. */
import { subcommand } from '#src/bot/definition.js';
import { pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { userByName } from '#src/lookups/users.js';
import { activityLine } from '#src/render/activity.js';
import { truncate } from '#src/render/format.js';
import { usernameOption, usernameQuery } from './options.js';

export const activitiesSubcommand = () =>
  subcommand(
    'activities',
    'アクティビティ',
    { en: 'What this user did lately', ja: 'このユーザーの最近のアクティビティ' },
    [usernameOption()],
  );

export const activitiesList = pagedList({
  query: usernameQuery,
  async fetchPage(ctx, query, page) {
    const user = await userByName(ctx, query.username);
    const call = await ctx.catalogueCall();
    const perPage = ctx.settings.pageSize;
    const result = await ctx.service.activities(
      { filter_user_id: user.id, sort_id: 'desc', page, per_page: perPage },
      call,
    );
    const title = ctx.t('user.activitiesTitle', { username: user.username ?? query.username });
    return viewOf(
      result,
      page,
      perPage,
      {
        title: truncate(title, 256),
        description: pageLines(
          ctx,
          result.items.map((activity) => activityLine(activity, ctx.t)),
        ),
      },
      { emptyText: ctx.t('empty.activities') },
    );
  },
});
