/** The channel post for one feed activity; unknown actions have none. */
import type { APIEmbed } from 'discord-api-types/v10';
import type { Translator } from '../i18n/translator.js';
import {
  coverUrl,
  episodeLabel,
  episodeNumber,
  LIMITS,
  plain,
  ratingText,
  spoiler,
  truncate,
  workTitle,
} from '../render/format.js';
import { statusLabel } from '../render/status.js';
import {
  type Activity,
  type ActivityAction,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateStatusActivity,
} from '../service/index.js';
import type { OutgoingMessage } from './poster.js';

/** What the feed embeds render, so each poll asks for no more. */
export const FEED_ACTIVITY_FIELDS = [
  'id',
  'action',
  'created_at',
  'user.username',
  'user.avatar_url',
  'work.id',
  'work.title',
  'work.images',
  'episode.id',
  'episode.number',
  'episode.number_text',
  'episode.title',
  'record.id',
  'record.rating',
  'record.comment',
  'multiple_record.episode.id',
  'multiple_record.episode.number',
  'multiple_record.episode.number_text',
  'status.kind',
];

const COLORS: Record<ActivityAction, number> = {
  create_record: 0x3b82f6,
  create_multiple_records: 0x8b5cf6,
  create_status: 0x10b981,
};

function httpsUrl(url: string | null | undefined): string | undefined {
  return typeof url === 'string' && /^https?:\/\//.test(url) ? url : undefined;
}

function base(activity: Activity, author: string, color: number, t: Translator): APIEmbed {
  const icon = httpsUrl(activity.user?.avatar_url);
  const cover = coverUrl(activity.work);
  return {
    author: { name: truncate(author, LIMITS.title), ...(icon ? { icon_url: icon } : {}) },
    title: truncate(workTitle(activity.work, t), LIMITS.title),
    color,
    ...(cover ? { thumbnail: { url: cover } } : {}),
    ...(activity.created_at ? { timestamp: activity.created_at } : {}),
  };
}

/** The embed of a known action, or undefined for an action kiroku does not render (e.g. create_review). */
export function feedMessage(activity: Activity, t: Translator): OutgoingMessage | undefined {
  const user = activity.user?.username ?? '?';
  if (isCreateRecordActivity(activity)) {
    const embed = base(activity, t('jobs.feed.recorded', { user }), COLORS.create_record, t);
    if (activity.episode) {
      embed.title = truncate(
        `${workTitle(activity.work, t)} ${episodeLabel(activity.episode, t)}`,
        LIMITS.title,
      );
    }
    const rating = ratingText(activity.record?.rating);
    const comment = activity.record?.comment?.trim();
    const description = [rating, comment ? spoiler(comment, LIMITS.description - 100) : undefined].filter(
      Boolean,
    );
    if (description.length > 0) embed.description = description.join('\n');
    return { embeds: [embed] };
  }
  if (isCreateMultipleRecordsActivity(activity)) {
    const entries = activity.multiple_record ?? [];
    const embed = base(
      activity,
      t('jobs.feed.recordedMany', { user, count: entries.length }),
      COLORS.create_multiple_records,
      t,
    );
    const episodes = entries.flatMap((entry) =>
      entry.episode ? [plain(episodeNumber(entry.episode, t))] : [],
    );
    if (episodes.length > 0) embed.description = truncate(episodes.join(', '), LIMITS.description);
    return { embeds: [embed] };
  }
  if (isCreateStatusActivity(activity)) {
    const embed = base(activity, t('jobs.feed.statusChanged', { user }), COLORS.create_status, t);
    embed.description = `**${statusLabel(activity.status?.kind, t)}**`;
    return { embeds: [embed] };
  }
  return undefined;
}

/** Whether a subscription's action filter (empty = every known action) lets this activity through. */
export function actionMatches(actions: readonly ActivityAction[], activity: Activity): boolean {
  return actions.length === 0 || (actions as readonly string[]).includes(activity.action);
}
