/** `/subscription schedule`: posts the invoker's daily schedule in a channel, with optional alerts. */
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { booleanOption, integerOption, stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { languageOption, postLanguage } from '#src/bot/post-language-option.js';
import { channelReason, mention, postChannelOption, requireGuild, requireNewSubscription } from './checks.js';
import { localTimeRefinements } from './local-time.js';

const options = [
  postChannelOption(),
  languageOption(),
  stringOption(
    'time',
    '時刻',
    { en: 'Local time, HH:MM (default 08:00)', ja: '時刻（HH:MM、既定は08:00）' },
    { maxLength: 5 },
  ),
  stringOption(
    'timezone',
    'タイムゾーン',
    { en: 'IANA time zone, e.g. Asia/Tokyo', ja: 'IANAタイムゾーン（例: Asia/Tokyo）' },
    {
      maxLength: 64,
    },
  ),
  booleanOption('unwatched', '未視聴のみ', {
    en: 'Only episodes you have not recorded',
    ja: '未記録のエピソードのみ',
  }),
  booleanOption('rebroadcast', '再放送を含む', { en: 'Include rebroadcasts', ja: '再放送も含める' }),
  integerOption(
    'alert_minutes',
    '事前通知',
    {
      en: 'Alert this many minutes before each program (0 = none)',
      ja: '各番組の何分前に通知するか（0で通知なし）',
    },
    {
      min: 0,
      max: 1440,
    },
  ),
  booleanOption('comments', 'コメント', {
    en: 'A Comments button on each alert: a thread with members’ comments (default: off)',
    ja: '通知に「コメント」ボタン: メンバーのコメントが並ぶスレッド（既定はオフ）',
  }),
] as const;

export const scheduleSubcommand = () =>
  subcommand(
    'schedule',
    '放送予定',
    { en: 'Post your daily schedule in a channel', ja: '毎日の放送予定を投稿' },
    options,
  );

const rules = {
  reasons: channelReason,
  defaults: { time: '08:00', unwatched: false, rebroadcast: false, alert_minutes: 0, comments: false },
  refine: localTimeRefinements,
} as const;

export async function subscribeSchedule(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const given = readOptions(options, raw, rules);
  await requireNewSubscription(ctx, guildId, 'schedule', given.channel, 'announcement');
  const timezone = given.timezone ?? ctx.settings.defaultTimezone;
  const { language, note } = postLanguage(ctx, given.language);
  const created = await ctx.subscriptions.create(
    {
      kind: 'schedule',
      language,
      guildId,
      channelId: given.channel.id,
      ownerId: ctx.user.id,
      schedule: {
        time: given.time,
        timezone,
        unwatched: given.unwatched,
        rebroadcast: given.rebroadcast,
        alertMinutes: given.alert_minutes,
        ...(given.comments ? { comments: true } : {}),
      },
    },
    ctx.now(),
  );
  const alerts =
    given.alert_minutes > 0 ? ctx.t('subscription.alertsSuffix', { minutes: given.alert_minutes }) : '';
  return {
    kind: 'message',
    content: `${ctx.t('subscription.scheduleCreated', {
      id: created.id,
      channel: mention(created.channelId),
      time: given.time,
      timezone,
      alerts,
    })}\n${note}`,
  };
}
