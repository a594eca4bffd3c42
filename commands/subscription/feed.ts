/** `/subscription feed`: posts the invoker's friends' activity in a channel. */
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { languageOption, postLanguage } from '#src/bot/post-language-option.js';
import { ACTIVITY_ACTIONS } from '#src/service/index.js';
import { channelReason, mention, postChannelOption, requireGuild, requireNewSubscription } from './checks.js';
import { actionWords } from './describe.js';

/**
 * `create_multiple_records` stays in the presets for old data; the service no longer emits it. The
 * default is records and reviews: status changes are many and short, so a channel opts in to them.
 * Subscriptions stored before this default keep what they stored (`all` or an empty list: everything).
 */
const ACTION_PRESETS = {
  records_reviews: ['create_record', 'create_multiple_records', 'create_review'],
  all: [...ACTIVITY_ACTIONS],
  records: ['create_record', 'create_multiple_records'],
  reviews: ['create_review'],
  create_status: ['create_status'],
} as const satisfies Record<string, ReadonlyArray<(typeof ACTIVITY_ACTIONS)[number]>>;

const options = [
  postChannelOption(),
  languageOption(),
  stringOption(
    'actions',
    '種類',
    { en: 'Which activity to post', ja: '投稿するアクティビティの種類' },
    {
      choices: [
        {
          value: 'records_reviews',
          name: { en: 'Records and reviews (default)', ja: '記録と感想（既定）' },
        },
        {
          value: 'all',
          name: { en: 'All activity, with status changes', ja: 'すべて（ステータス変更も）' },
        },
        { value: 'records', name: { en: 'Records only', ja: '記録のみ' } },
        { value: 'reviews', name: { en: 'Reviews only', ja: '感想のみ' } },
        { value: 'create_status', name: { en: 'Status changes', ja: 'ステータス変更' } },
      ],
    },
  ),
] as const;

export const feedSubcommand = () =>
  subcommand(
    'feed',
    'フィード',
    { en: 'Post your friends’ activity in a channel', ja: 'フォロー中の人のアクティビティを投稿' },
    options,
  );

export async function subscribeFeed(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const given = readOptions(options, raw, {
    reasons: channelReason,
    defaults: { actions: 'records_reviews' },
  });
  await requireNewSubscription(ctx, guildId, 'feed', given.channel, 'poll');
  const actions = [...ACTION_PRESETS[given.actions]];
  const { language, note } = postLanguage(ctx, given.language);
  const created = await ctx.subscriptions.create(
    {
      kind: 'feed',
      guildId,
      channelId: given.channel.id,
      ownerId: ctx.user.id,
      feed: { actions },
      language,
    },
    ctx.now(),
  );
  const described =
    given.actions === 'all'
      ? ctx.t('subscription.allActions')
      : given.actions === 'records_reviews'
        ? ctx.t('subscription.recordsReviewsActions')
        : actionWords(ctx, actions);
  return {
    kind: 'message',
    content: `${ctx.t('subscription.feedCreated', {
      id: created.id,
      channel: mention(created.channelId),
      actions: described,
    })}\n${note}`,
  };
}
