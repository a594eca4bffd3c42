/** The paged list shared by `/user followers` and `/user following`: people, with an "Open…" menu. */
import { pagedList, pageLines, viewOf } from '#src/bot/paging.js';
import { userByName } from '#src/lookups/users.js';
import { truncate } from '#src/render/format.js';
import { userLine } from '#src/render/user.js';
import { USERNAME, usernameQuery } from './options.js';
import { userIds } from './profile.js';

const USER_LIST_FIELDS = ['id', 'username', 'name'];

export function relationList(kind: 'followers' | 'following') {
  return pagedList({
    query: usernameQuery,
    async fetchPage(ctx, query, page) {
      const user = await userByName(ctx, query.username);
      const call = await ctx.catalogueCall();
      const perPage = ctx.settings.pageSize;
      const params = { sort_id: 'asc' as const, page, per_page: perPage, fields: USER_LIST_FIELDS };
      const result =
        kind === 'followers'
          ? await ctx.service.user(user.id).followers(params, call)
          : await ctx.service.user(user.id).following(params, call);
      const username = user.username ?? query.username;
      const title =
        kind === 'followers'
          ? ctx.t('user.followersTitle', { username })
          : ctx.t('user.followingTitle', { username });
      const named = result.items.filter((u) => u.username && USERNAME.test(u.username));
      return viewOf(
        result,
        page,
        perPage,
        { title: truncate(title, 256), description: pageLines(ctx, result.items.map(userLine)) },
        {
          emptyText: ctx.t('empty.users'),
          open: {
            customId: userIds.open.build(),
            options: named.map((u) => ({
              label: u.username ?? '',
              value: u.username ?? '',
              description: u.name ?? undefined,
            })),
          },
        },
      );
    },
  });
}
