/** `/subscription weekly`: posts the server's weekly summary (a picture and its text) in a channel. */
import { z } from 'zod';
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { languageOption, postLanguage } from '#src/bot/post-language-option.js';
import { WEEKDAYS, type Weekday } from '#src/subscriptions/model.js';
import { channelReason, mention, postChannelOption, requireGuild, requireNewSubscription } from './checks.js';
import { localTimeRefinements } from './local-time.js';

const DAY_NAMES: Record<Weekday, { en: string; ja: string }> = {
  monday: { en: 'Monday', ja: '月曜日' },
  tuesday: { en: 'Tuesday', ja: '火曜日' },
  wednesday: { en: 'Wednesday', ja: '水曜日' },
  thursday: { en: 'Thursday', ja: '木曜日' },
  friday: { en: 'Friday', ja: '金曜日' },
  saturday: { en: 'Saturday', ja: '土曜日' },
  sunday: { en: 'Sunday', ja: '日曜日' },
};

const options = [
  postChannelOption(),
  stringOption(
    'day',
    '曜日',
    { en: 'Day of the week to post (default Monday)', ja: '投稿する曜日（既定 月曜日）' },
    { choices: WEEKDAYS.map((day) => ({ value: day, name: DAY_NAMES[day] })) },
  ),
  stringOption(
    'time',
    '時刻',
    { en: 'Local time, HH:MM (default 09:00)', ja: '時刻（HH:MM、既定は09:00）' },
    { maxLength: 5 },
  ),
  stringOption(
    'timezone',
    'タイムゾーン',
    { en: 'IANA time zone, e.g. Asia/Tokyo', ja: 'IANAタイムゾーン（例: Asia/Tokyo）' },
    { maxLength: 64 },
  ),
  languageOption(),
] as const;

export const weeklySubcommand = () =>
  subcommand(
    'weekly',
    '週間まとめ',
    {
      en: 'Post a weekly picture of what this server watched',
      ja: 'このサーバーの1週間の視聴まとめを画像で投稿',
    },
    options,
  );

const rules = {
  reasons: channelReason,
  defaults: { day: 'monday', time: '09:00' },
  refine: { day: z.enum(WEEKDAYS, 'reason.day'), ...localTimeRefinements },
} as const;

/** "Monday at 09:00 (Asia/Tokyo)", in the reader's language. */
export function describeWeekly(
  ctx: Context,
  settings: { day: Weekday; time: string; timezone: string },
): string {
  const day = ctx.t(`subscription.weekday.${settings.day}`);
  return ctx.t('subscription.weeklyWhen', { day, time: settings.time, timezone: settings.timezone });
}

export async function subscribeWeekly(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const given = readOptions(options, raw, rules);
  await requireNewSubscription(ctx, guildId, 'weekly', given.channel, 'announcement', { attachFiles: true });
  const timezone = given.timezone ?? ctx.settings.defaultTimezone;
  const { language, note } = postLanguage(ctx, given.language);
  const weekly = { day: given.day, time: given.time, timezone };
  const created = await ctx.subscriptions.create(
    { kind: 'weekly', language, guildId, channelId: given.channel.id, ownerId: ctx.user.id, weekly },
    ctx.now(),
  );
  return {
    kind: 'message',
    content: `${ctx.t('subscription.weeklyCreated', {
      id: created.id,
      channel: mention(created.channelId),
      when: describeWeekly(ctx, weekly),
    })}\n${note}`,
  };
}
