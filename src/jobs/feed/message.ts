/**
 * What a channel post shows of one feed activity: an embed for a record or a review, one line for a
 * status change (several lines share one embed: see batch.ts), each linked to its page on the
 * service; unknown actions have none.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import type { Translator } from '../../i18n/translator.js';
import { coverUrl, LIMITS, plain, spoiler, truncate } from '../../render/format.js';
import {
  localEpisodeLabel,
  localEpisodeNumber,
  localTitle,
  WORK_EPISODE_FIELDS,
} from '../../render/names.js';
import { recordRating } from '../../render/record.js';
import { REVIEW_FIELDS, reviewOverallText, reviewPartsText } from '../../render/review.js';
import { statusLabel } from '../../render/status.js';
import { embedUrl } from '../../render/url.js';
import {
  type Activity,
  type ActivityAction,
  type CreateRecordActivity,
  type CreateReviewActivity,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
  isCreateStatusActivity,
} from '../../service/index.js';
import { activityUrl, DEFAULT_SERVICE_WEB_URL, safeHttpsUrl } from './links.js';

/**
 * One activity as a batch carries it: its own embed, or one line of a shared embed. A record's embed
 * says how it joins a run of the same person's next episodes (runs.ts).
 */
export type FeedItem =
  | { kind: 'embed'; embed: APIEmbed; run?: RecordRunPart }
  | { kind: 'line'; line: string; color: number };

/** What a record's feed item knows for joining a run (runs.ts). */
export interface RecordRunPart {
  /** The person and the work: only records with the same key join. */
  key: string;
  /** The episode's whole number. */
  number: number;
  /** "Ep 5 · Great" when the record has a rating, in the channel's language. */
  ratingLine: string | undefined;
  /** A record with a comment is the last of its run: its words are not folded away. */
  commented: boolean;
  /** The run's entry when this record is its last, in the channel's language. */
  collapse: (run: readonly RecordRunPart[]) => APIEmbed;
}

/** Room for one status line: a few hundred characters, so that many fit one description. */
const STATUS_LINE_MAX = 400;

/** What the feed embeds render, so each poll asks for no more. */
export const FEED_ACTIVITY_FIELDS = [
  'id',
  'action',
  'created_at',
  'user.username',
  'user.avatar_url',
  ...WORK_EPISODE_FIELDS,
  'record.id',
  'user.id',
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

function base(activity: Activity, author: string, color: number, t: Translator, webUrl: string): APIEmbed {
  const icon = httpsUrl(activity.user?.avatar_url);
  const cover = coverUrl(activity.work);
  const url = safeHttpsUrl(activityUrl(activity, webUrl));
  return {
    author: { name: truncate(author, LIMITS.title), ...(icon ? { icon_url: icon } : {}) },
    title: truncate(localTitle(activity.work, t), LIMITS.title),
    ...(url ? { url } : {}),
    color,
    ...(cover ? { thumbnail: { url: cover } } : {}),
    ...(activity.created_at ? { timestamp: activity.created_at } : {}),
  };
}

/** The review's work, overall and part ratings, and its body behind a spoiler, linked to the work's reviews. */
function reviewEmbed(activity: CreateReviewActivity, t: Translator, webUrl: string): APIEmbed {
  const user = activity.user?.username ?? '?';
  const embed = base(activity, t('jobs.feed.reviewed', { user }), COLORS.create_review, t, webUrl);
  const workId = activity.work?.id;
  // Without the review's own id, its work's reviews are the nearest page.
  if (!embed.url && typeof workId === 'number')
    embed.url = `${webUrl.replace(/\/+$/, '')}/works/${workId}/records`;
  const body = activity.review?.body?.trim();
  const description = [
    reviewOverallText(activity.review, t),
    reviewPartsText(activity.review, t),
    body ? spoiler(body, LIMITS.description - 300) : undefined,
  ].filter(Boolean);
  if (description.length > 0) embed.description = description.join('\n');
  return embed;
}

/** "friend_a marked [Work](page) as **Watching**": a status change in one line. */
function statusLine(activity: Activity, kind: string | null | undefined, t: Translator, webUrl: string) {
  const title = truncate(localTitle(activity.work, t), 200);
  // Brackets would end the link text early: escaped like the rest of the Markdown.
  const work = plain(title).replace(/[[\]]/g, '\\$&');
  const url = safeHttpsUrl(activityUrl(activity, webUrl));
  const line = t('jobs.feed.statusLine', {
    user: plain(activity.user?.username ?? '?'),
    work: url ? `[${work}](${url})` : `**${work}**`,
    status: statusLabel(kind, t),
  });
  return truncate(line, STATUS_LINE_MAX);
}

/** The item of a known action, or undefined for an action kiroku does not know. */
export function feedItem(
  activity: Activity,
  t: Translator,
  webUrl: string = DEFAULT_SERVICE_WEB_URL,
): FeedItem | undefined {
  const user = activity.user?.username ?? '?';
  if (isCreateStatusActivity(activity)) {
    return {
      kind: 'line',
      line: statusLine(activity, activity.status?.kind, t, webUrl),
      color: COLORS.create_status,
    };
  }
  const embed = feedEmbed(activity, user, t, webUrl);
  if (!embed) return undefined;
  const run = isCreateRecordActivity(activity) ? runPart(activity, t, webUrl) : undefined;
  return run ? { kind: 'embed', embed, run } : { kind: 'embed', embed };
}

/**
 * How a record joins a run: by person, work and whole episode number. Its collapse is the last
 * record's entry (its link, cover, time and comment) titled with the run and listing every rating.
 */
function runPart(activity: CreateRecordActivity, t: Translator, webUrl: string): RecordRunPart | undefined {
  const userId = activity.user?.id;
  const workId = activity.work?.id;
  const number = activity.episode?.number;
  if (typeof userId !== 'number' || typeof workId !== 'number') return undefined;
  if (typeof number !== 'number' || !Number.isInteger(number)) return undefined;
  const rating = activity.record ? recordRating(activity.record, t) : undefined;
  const comment = activity.record?.comment?.trim();
  return {
    key: `${userId}:${workId}`,
    number,
    ratingLine: rating ? `${t('episode.number', { number: String(number) })} · ${rating}` : undefined,
    commented: Boolean(comment),
    collapse: (run) => {
      const user = activity.user?.username ?? '?';
      const embed = base(
        activity,
        t('jobs.feed.recordedMany', { user, count: run.length }),
        COLORS.create_record,
        t,
        webUrl,
      );
      const episodes = t('episode.run', {
        from: String(run[0]?.number ?? number),
        to: String(number),
      });
      embed.title = truncate(`${localTitle(activity.work, t)} ${episodes}`, LIMITS.title);
      const ratings = run.flatMap((part) => (part.ratingLine ? [part.ratingLine] : []));
      const description = [
        ratings.length > 0 ? truncate(ratings.join('\n'), LIMITS.description / 2) : undefined,
        comment ? spoiler(comment, LIMITS.description / 2 - 100) : undefined,
      ].filter(Boolean);
      if (description.length > 0) embed.description = description.join('\n');
      return embed;
    },
  };
}

function feedEmbed(activity: Activity, user: string, t: Translator, webUrl: string): APIEmbed | undefined {
  if (isCreateRecordActivity(activity)) {
    const embed = base(activity, t('jobs.feed.recorded', { user }), COLORS.create_record, t, webUrl);
    if (activity.episode) {
      embed.title = truncate(
        `${localTitle(activity.work, t)} ${localEpisodeLabel(activity.episode, t)}`,
        LIMITS.title,
      );
    }
    const rating = activity.record ? recordRating(activity.record, t) : undefined;
    const comment = activity.record?.comment?.trim();
    const description = [rating, comment ? spoiler(comment, LIMITS.description - 100) : undefined].filter(
      Boolean,
    );
    if (description.length > 0) embed.description = description.join('\n');
    return embed;
  }
  if (isCreateMultipleRecordsActivity(activity)) {
    const entries = activity.multiple_record ?? [];
    const embed = base(
      activity,
      t('jobs.feed.recordedMany', { user, count: entries.length }),
      COLORS.create_multiple_records,
      t,
      webUrl,
    );
    const episodes = entries.flatMap((entry) =>
      entry.episode ? [plain(localEpisodeNumber(entry.episode, t))] : [],
    );
    if (episodes.length > 0) embed.description = truncate(episodes.join(', '), LIMITS.description);
    return embed;
  }
  if (isCreateReviewActivity(activity)) return reviewEmbed(activity, t, webUrl);
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
