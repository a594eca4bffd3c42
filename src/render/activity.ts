import type { Translator } from '../i18n/translator.js';
import {
  type Activity,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
  isCreateStatusActivity,
} from '../service/index.js';
import { discordTime, plain, spoiler } from './format.js';
import { localEpisodeNumber, localTitle } from './names.js';
import { recordRating } from './record.js';
import { reviewOverallText, workReviewsUrl } from './review.js';
import { statusLabel } from './status.js';

/** Room for a comment or review body in one line of a list. */
const BODY_IN_LINE = 300;

function withBody(head: string, body: string | null | undefined): string {
  return body?.trim() ? `${head}\n${spoiler(body.trim(), BODY_IN_LINE)}` : head;
}

/** A one-line summary of an activity; unknown actions get a neutral line instead of failing. */
export function activityLine(activity: Activity, t: Translator): string {
  const user = plain(activity.user?.username ?? '?');
  const work = plain(localTitle(activity.work, t));
  const when = discordTime(activity.created_at, 'R');
  let text: string;
  if (isCreateRecordActivity(activity)) {
    const episode = activity.episode ? plain(localEpisodeNumber(activity.episode, t)) : '';
    const rating = activity.record ? recordRating(activity.record, t) : undefined;
    const head = `${t('activity.create_record', { user, work, episode })}${rating ? ` · ${rating}` : ''}`;
    text = withBody(head, activity.record?.comment);
  } else if (isCreateReviewActivity(activity)) {
    const overall = reviewOverallText(activity.review, t);
    const workId = activity.work?.id;
    const link = typeof workId === 'number' ? ` · [${t('review.link')}](<${workReviewsUrl(workId, t)}>)` : '';
    const head = `${t('activity.create_review', { user, work })}${overall ? ` · ${overall}` : ''}${link}`;
    text = withBody(head, activity.review?.body);
  } else if (isCreateMultipleRecordsActivity(activity)) {
    text = t('activity.create_multiple_records', {
      user,
      work,
      count: activity.multiple_record?.length ?? 0,
    });
  } else if (isCreateStatusActivity(activity)) {
    text = t('activity.create_status', { user, work, status: statusLabel(activity.status?.kind, t) });
  } else {
    text = t('activity.other', { user, work });
  }
  return when ? `${text} · ${when}` : text;
}
