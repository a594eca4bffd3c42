/**
 * /user: one file per sub-command in user/ (profile, followers, following, activities); this module
 * states the command, who sees the reply, and routes to them.
 */
import { defineCommand } from '#src/bot/command.js';
import { slashCommand } from '#src/bot/definition.js';
import { parseOptions } from '#src/bot/options.js';
import { listOpeners } from '#src/bot/paging.js';
import { activitiesList, activitiesSubcommand } from './activities.js';
import { followersList, followersSubcommand } from './followers.js';
import { followingList, followingSubcommand } from './following.js';
import { usernameQuery } from './options.js';
import { openProfile, profileSubcommand, showProfile, userIds } from './profile.js';

/** The command's paged lists, as its module registers them. */
const userLists = {
  followers: followersList,
  following: followingList,
  activities: activitiesList,
};
const lists = listOpeners('user', userLists);

export const command = defineCommand({
  definition: slashCommand(
    'user',
    'ユーザー',
    { en: 'Look up people who keep a viewing record', ja: '視聴記録をつけている人を調べる' },
    [profileSubcommand(), followersSubcommand(), followingSubcommand(), activitiesSubcommand()],
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
      default:
        return showProfile(ctx, query.username);
    }
  },

  ids: userIds,
  components: { [userIds.open.action]: openProfile },

  lists: userLists,
});
