/** The channel post for one feed activity; unknown actions have none. */
import type { APIEmbed } from 'discord-api-types/v10';
import type { Translator } from '../i18n/translator.js';
import {
  coverUrl,
  episodeLabel,
  episodeNumber,
  LIMITS,
  plain,
  recordRatingText,
  spoiler,
  truncate,
  workTitle,
} from '../render/format.js';
import { REVIEW_FIELDS, reviewOverallText, reviewPartsText, WORK_REVIEWS_URL } from '../render/review.js';
import { statusLabel } from '../render/status.js';
import { embedUrl } from '../render/url.js';
import {
  type Activity,
  type ActivityAction,
  type CreateReviewActivity,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
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
  'record.rating_state',
  'record.comment',
  'multiple_record.episode.id',
  'multiple_record.episode.number',
  'multiple_record.episode.number_text',
  'status.kind',
  ...REVIEW_FIELDS,
];

const COLORS: Record<ActivityAction, number> = {
  create_record: 0x3b82f6,
  create_multiple_records: 0x8b5cf6,
  create_review: 0xf59e0b,
  create_status: 0x10b981,
};

/** Absolute https that `new URL()` accepts, else undefined (one rule for every embed URL: render/url.ts). */
function httpsUrl(url: string | null | undefined): string | undefined {
  return embedUrl(url);
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

/** The review's work, overall and part ratings, and its body behind a spoiler, linked to the work's reviews. */
function reviewMessage(activity: CreateReviewActivity, t: Translator): OutgoingMessage {
  const user = activity.user?.username ?? '?';
  const embed = base(activity, t('jobs.feed.reviewed', { user }), COLORS.create_review, t);
  const workId = activity.work?.id;
  if (typeof workId === 'number') embed.url = WORK_REVIEWS_URL(workId);
  const body = activity.review?.body?.trim();
  const description = [
    reviewOverallText(activity.review, t),
    reviewPartsText(activity.review, t),
    body ? spoiler(body, LIMITS.description - 300) : undefined,
  ].filter(Boolean);
  if (description.length > 0) embed.description = description.join('\n');
  return { embeds: [embed] };
}

/** The embed of a known action, or undefined for an action kiroku does not know. */
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
    const rating = activity.record ? recordRatingText(activity.record, t) : undefined;
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
  if (isCreateReviewActivity(activity)) return reviewMessage(activity, t);
  // An action kiroku does not know: lists show a neutral line, but a channel gets no post.
  return undefined;
}

/**
 * What the "all" preset stored before reviews were known: such a subscription asked for everything,
 * so it gets reviews too.
 */
const ALL_BEFORE_REVIEWS: readonly ActivityAction[] = [
  'create_record',
  'create_multiple_records',
  'create_status',
];

/** Whether a subscription's action filter (empty = every known action) lets this activity through. */
export function actionMatches(actions: readonly ActivityAction[], activity: Activity): boolean {
  if (actions.length === 0 || ALL_BEFORE_REVIEWS.every((action) => actions.includes(action))) return true;
  return (actions as readonly string[]).includes(activity.action);
}
