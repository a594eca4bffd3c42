/**
 * /subscription: one file per sub-command in subscription/ (feed, schedule, airing, weekly, remove, and the
 * list in describe.ts); this module states the command, who may use it, and routes to them.
 */
import { defineCommand } from '#src/bot/command.js';
import { SERVER_ONLY, slashCommand, subcommand } from '#src/bot/definition.js';
import { alertIds } from '#src/components/alert-ids.js';
import { airingSubcommand, followedWorkChoices, scheduledWorkChoices, subscribeAiring } from './airing.js';
import { alertButtons } from './alert-buttons.js';
import { list, removeChoices, subscriptionLists } from './describe.js';
import { feedSubcommand, subscribeFeed } from './feed.js';
import { remove, removeSubcommand } from './remove.js';
import { scheduleSubcommand, subscribeSchedule } from './schedule.js';
import { subscribeWeekly, weeklySubcommand } from './weekly.js';

/** Manage Channels: set as the default member permission, so only server managers see the command. */
const MANAGE_CHANNELS = String(1 << 4);

export const command = defineCommand({
  definition: slashCommand(
    'subscription',
    '自動投稿',
    {
      en: 'Post your friends’ activity or your schedule in a channel',
      ja: 'フォロー中の人のアクティビティや放送予定をチャンネルに自動投稿',
    },
    [
      feedSubcommand(),
      scheduleSubcommand(),
      airingSubcommand(),
      weeklySubcommand(),
      subcommand('list', '一覧', { en: 'Subscriptions in this server', ja: 'このサーバーの自動投稿の一覧' }),
      removeSubcommand(),
    ],
    { default_member_permissions: MANAGE_CHANNELS, ...SERVER_ONLY },
  ),
  ephemeral: () => true,

  async execute(ctx, input) {
    switch (input.subcommand) {
      case 'feed':
        return subscribeFeed(ctx, input.options);
      case 'schedule':
        return subscribeSchedule(ctx, input.options);
      case 'airing':
        return subscribeAiring(ctx, input.options);
      case 'weekly':
        return subscribeWeekly(ctx, input.options);
      case 'remove':
        return remove(ctx, input.options);
      default:
        return list(ctx);
    }
  },

  lists: subscriptionLists,

  async autocomplete(ctx, input) {
    if (input.subcommand === 'remove' && input.focused.name === 'id')
      return removeChoices(ctx, input.focused.value);
    if (input.focused.name !== 'work') return [];
    if (input.subcommand === 'remove') return followedWorkChoices(ctx, input.options.id, input.focused.value);
    return scheduledWorkChoices(ctx, input.focused.value);
  },

  ids: alertIds,
  components: alertButtons,
});
