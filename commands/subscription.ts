import { z } from 'zod';
import { type CommandInput, defineCommand, type MessageReply } from '../src/bot/command.js';
import type { Context } from '../src/bot/context.js';
import {
  booleanOption,
  integerOption,
  SERVER_ONLY,
  slashCommand,
  stringOption,
  subcommand,
  textChannelOption,
} from '../src/bot/definition.js';
import { parseOptions } from '../src/bot/parse-options.js';
import { languageOption, postLanguage, postLanguageSchema } from '../src/bot/post-language-option.js';
import { UserFacingError } from '../src/bot/user-facing-error.js';
import { ALERT_ACTIONS, type AlertRating, alertEpisodeId, alertRating } from '../src/components/alert-ids.js';
import { plain } from '../src/render/format.js';
import { localEpisodeNumber, localTitle } from '../src/render/names.js';
import { ACTIVITY_ACTIONS } from '../src/service/index.js';
import { HH_MM } from '../src/subscriptions/model.js';
import { canonicalTimeZone, isValidTimeZone } from '../src/time-zone.js';
import {
  airingSubcommand,
  followedWorkChoices,
  removeWorkOption,
  scheduledWorkChoices,
  subscribeAiring,
  unfollowWork,
} from './subscription/airing.js';
import { channel, mention, requireGuild, requirePostable, requireRoom } from './subscription/checks.js';
import { actionWords, list, removeChoices, subscriptionList } from './subscription/describe.js';

/** How long an alert's Watched press is remembered: longer than any alert stays relevant. */
const WATCHED_ONCE_MS = 14 * 24 * 60 * 60 * 1000;

/** Manage Channels: set as the default member permission, so only server managers see the command. */
const MANAGE_CHANNELS = String(1 << 4);

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

/**
 * The airing alert's rating menu: `none` or one of the four rating states. `0`–`5` come from alerts
 * posted before ratings had four levels: 0 records without a rating, 1–5 set the legacy rating.
 */
const feedOptions = z.object({
  channel,
  language: postLanguageSchema,
  actions: z.enum(Object.keys(ACTION_PRESETS) as [keyof typeof ACTION_PRESETS]).default('records_reviews'),
});

const scheduleOptions = z.object({
  channel,
  language: postLanguageSchema,
  time: z.string().trim().regex(HH_MM, 'reason.time').default('08:00'),
  // Stored as the canonical IANA name: `aSiA/tOkYo` and `Asia/Tokyo` are one zone, not two.
  timezone: z
    .string()
    .trim()
    .refine(isValidTimeZone, 'reason.timezone')
    .transform((zone) => canonicalTimeZone(zone) ?? zone)
    .optional(),
  unwatched: z.boolean().default(false),
  rebroadcast: z.boolean().default(false),
  alert_minutes: z.number().int().min(0).max(1440).default(0),
});

const removeOptions = z.object({
  id: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]{6,12}$/, 'reason.required'),
  /** Airing subscriptions: take only this work off. */
  work: z.string().trim().min(1).optional(),
});

const postChannelOption = () =>
  textChannelOption('channel', 'チャンネル', { en: 'Where to post', ja: '投稿先' }, { required: true });

async function subscribeFeed(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const options = parseOptions(feedOptions, raw);
  await ctx.ownCall('poll');
  await requirePostable(ctx, guildId, options.channel);
  await requireRoom(ctx, guildId, 'feed', options.channel.id);
  const actions = [...ACTION_PRESETS[options.actions]];
  const { language, note } = postLanguage(ctx, options.language);
  const created = await ctx.subscriptions.create(
    {
      kind: 'feed',
      guildId,
      channelId: options.channel.id,
      ownerId: ctx.user.id,
      feed: { actions },
      language,
    },
    ctx.now(),
  );
  const described =
    options.actions === 'all'
      ? ctx.t('subscription.allActions')
      : options.actions === 'records_reviews'
        ? ctx.t('subscription.recordsReviewsActions')
        : actionWords(ctx, actions);
  return {
    kind: 'message',
    ephemeral: true,
    content: `${ctx.t('subscription.feedCreated', {
      id: created.id,
      channel: mention(created.channelId),
      actions: described,
    })}\n${note}`,
  };
}

async function subscribeSchedule(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const options = parseOptions(scheduleOptions, raw);
  await ctx.ownCall('announcement');
  await requirePostable(ctx, guildId, options.channel);
  await requireRoom(ctx, guildId, 'schedule', options.channel.id);
  const timezone = options.timezone ?? ctx.settings.defaultTimezone;
  const { language, note } = postLanguage(ctx, options.language);
  const created = await ctx.subscriptions.create(
    {
      kind: 'schedule',
      language,
      guildId,
      channelId: options.channel.id,
      ownerId: ctx.user.id,
      schedule: {
        time: options.time,
        timezone,
        unwatched: options.unwatched,
        rebroadcast: options.rebroadcast,
        alertMinutes: options.alert_minutes,
      },
    },
    ctx.now(),
  );
  const alerts =
    options.alert_minutes > 0 ? ctx.t('subscription.alertsSuffix', { minutes: options.alert_minutes }) : '';
  return {
    kind: 'message',
    ephemeral: true,
    content: `${ctx.t('subscription.scheduleCreated', {
      id: created.id,
      channel: mention(created.channelId),
      time: options.time,
      timezone,
      alerts,
    })}\n${note}`,
  };
}

async function remove(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const guildId = requireGuild(ctx);
  const { id, work } = parseOptions(removeOptions, raw);
  const found = await ctx.subscriptions.get(id);
  // Another server's subscription is as good as unknown here.
  if (!found || found.guildId !== guildId)
    throw new UserFacingError('subscription.unknown', (t) => t('subscription.unknown', { id }));
  if (work) return unfollowWork(ctx, found, work);
  await ctx.subscriptions.remove(id);
  return { kind: 'message', ephemeral: true, content: ctx.t('subscription.removed', { id }) };
}

/**
 * Records an aired episode for whoever pressed, with their own token. The Watched button and the
 * rating menu share one claim per (person, episode): a double click, or Watched then a rating, records once.
 */
async function recordFromAlert(
  ctx: Context,
  episodeArg: string | undefined,
  rating: AlertRating = {},
): Promise<MessageReply> {
  const recorded = await ctx.oncePerUser(
    { scope: 'alert-watched', key: episodeArg ?? '', ttlMs: WATCHED_ONCE_MS },
    async () => {
      const episodeId = alertEpisodeId.parse(episodeArg);
      const call = await ctx.ownCall('write');
      const record = await ctx.service.createRecord({ episode_id: episodeId, ...rating }, call);
      // Named as the reader reads it; never the internal episode id.
      const episode = record.episode
        ? localEpisodeNumber(record.episode, ctx.t)
        : ctx.t('episode.unnumbered');
      return record.work?.title
        ? ctx.t('subscription.recordedWork', { work: plain(localTitle(record.work, ctx.t)), episode })
        : ctx.t('subscription.recorded', { episode });
    },
  );
  return { kind: 'message', ephemeral: true, content: recorded ?? ctx.t('subscription.alreadyRecorded') };
}

export const command = defineCommand({
  definition: slashCommand(
    'subscription',
    '自動投稿',
    {
      en: 'Post your friends’ activity or your schedule in a channel',
      ja: 'フォロー中の人のアクティビティや放送予定をチャンネルに自動投稿',
    },
    [
      subcommand(
        'feed',
        'フィード',
        { en: 'Post your friends’ activity in a channel', ja: 'フォロー中の人のアクティビティを投稿' },
        [
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
        ],
      ),
      subcommand(
        'schedule',
        '放送予定',
        { en: 'Post your daily schedule in a channel', ja: '毎日の放送予定を投稿' },
        [
          postChannelOption(),
          languageOption(),
          stringOption(
            'time',
            '時刻',
            { en: 'Local time, HH:MM (default 08:00)', ja: '時刻 HH:MM（既定 08:00）' },
            { maxLength: 5 },
          ),
          stringOption(
            'timezone',
            'タイムゾーン',
            { en: 'IANA time zone, e.g. Asia/Tokyo', ja: 'IANA タイムゾーン（例 Asia/Tokyo）' },
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
              ja: '各番組の何分前に通知するか（0 で通知なし）',
            },
            {
              min: 0,
              max: 1440,
            },
          ),
        ],
      ),
      airingSubcommand(),
      subcommand('list', '一覧', { en: 'Subscriptions in this server', ja: 'このサーバーの自動投稿の一覧' }),
      subcommand('remove', '削除', { en: 'Remove a subscription', ja: '自動投稿を削除' }, [
        stringOption(
          'id',
          'id',
          { en: 'The subscription: pick it from the list', ja: '自動投稿: 一覧から選ぶ' },
          { required: true, maxLength: 12, autocomplete: true },
        ),
        removeWorkOption(),
      ]),
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
      case 'remove':
        return remove(ctx, input.options);
      default:
        return list(ctx);
    }
  },

  lists: { list: subscriptionList },

  async autocomplete(ctx, input) {
    if (input.subcommand === 'remove' && input.focused.name === 'id')
      return removeChoices(ctx, input.focused.value);
    if (input.focused.name !== 'work') return [];
    if (input.subcommand === 'remove') return followedWorkChoices(ctx, input.options.id, input.focused.value);
    return scheduledWorkChoices(ctx, input.focused.value);
  },

  components: {
    [ALERT_ACTIONS.watched]: {
      answers: 'message',
      handle: (ctx, input) => recordFromAlert(ctx, input.args[0]),
    },
    [ALERT_ACTIONS.rate]: {
      answers: 'message',
      // Async, so that a forged value becomes an answered error, not a synchronous throw.
      handle: async (ctx, input) => recordFromAlert(ctx, input.args[0], alertRating.parse(input.values[0])),
    },
  },
});
