import { z } from 'zod';
import { defineCommand } from '../src/bot/command.js';
import { slashCommand, stringOption, subcommand, type Text } from '../src/bot/definition.js';
import { listOpeners, pagedList, pageLines, viewOf } from '../src/bot/paging.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { customIds } from '../src/components/custom-id.js';
import { activityLine } from '../src/render/activity.js';
import { truncate } from '../src/render/format.js';
import { userEmbed, userLine } from '../src/render/user.js';
import { userByName } from './catalogue/users.js';

const USERNAME = /^@?[A-Za-z0-9_]{1,50}$/;
const usernameQuery = z.object({ username: z.string().trim().regex(USERNAME, 'reason.username') });

const usernameOption = () =>
  stringOption(
    'username',
    'ユーザー名',
    { en: 'Their username on the viewing-record site', ja: '視聴記録サイトでのユーザー名' },
    {
      required: true,
      maxLength: 51,
    },
  );

const USER_LIST_FIELDS = ['id', 'username', 'name'];

/** The "Open…" menu under followers and following: its value is the picked username. */
const userIds = customIds('user', { open: [] });

function relationList(kind: 'followers' | 'following') {
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

const activityList = pagedList({
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

const describe = (en: string, ja: string): Text => ({ en, ja });

/** The command's paged lists, as its module registers them. */
const userLists = {
  followers: relationList('followers'),
  following: relationList('following'),
  activities: activityList,
};
const lists = listOpeners('user', userLists);

export const command = defineCommand({
  definition: slashCommand(
    'user',
    'ユーザー',
    describe('Look up people who keep a viewing record', '視聴記録をつけている人を調べる'),
    [
      subcommand('profile', 'プロフィール', describe('Show a user’s profile', 'ユーザーのプロフィール'), [
        usernameOption(),
      ]),
      subcommand('followers', 'フォロワー', describe('Who follows this user', 'このユーザーのフォロワー'), [
        usernameOption(),
      ]),
      subcommand(
        'following',
        'フォロー',
        describe('Whom this user follows', 'このユーザーがフォローしている人'),
        [usernameOption()],
      ),
      subcommand(
        'activities',
        'アクティビティ',
        describe('What this user did lately', 'このユーザーの最近のアクティビティ'),
        [usernameOption()],
      ),
    ],
  ),
  ephemeral: () => false,
  async execute(ctx, input) {
    const query = parseOptions(usernameQuery, input.options);
    switch (input.subcommand) {
      case 'followers':
        return lists.followers.open(ctx, query);
      case 'following':
        return lists.following.open(ctx, query);
      case 'activities':
        return lists.activities.open(ctx, query);
      default: {
        const user = await userByName(ctx, query.username);
        return { kind: 'message', embeds: [userEmbed(user, ctx.t, ctx.locale)] };
      }
    }
  },
  ids: userIds,
  components: {
    /** A person picked in an "Open…" menu of followers or following: their profile, privately. */
    [userIds.open.action]: {
      answers: 'message',
      async handle(ctx, input) {
        const { username } = usernameQuery.parse({ username: input.values[0] });
        const user = await userByName(ctx, username);
        return { kind: 'message', embeds: [userEmbed(user, ctx.t, ctx.locale)] };
      },
    },
  },
  lists: userLists,
});
