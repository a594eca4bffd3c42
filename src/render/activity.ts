import type { Translator } from '../i18n/translator.js';
import {
  type Activity,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateStatusActivity,
} from '../service/index.js';
import { discordTime, episodeNumber, plain, ratingText, spoiler, workTitle } from './format.js';
import { statusLabel } from './status.js';

/** A one-line summary of an activity; unknown actions get a neutral line instead of failing. */
export function activityLine(activity: Activity, t: Translator): string {
  const user = plain(activity.user?.username ?? '?');
  const work = plain(workTitle(activity.work, t));
  const when = discordTime(activity.created_at, 'R');
  let text: string;
  if (isCreateRecordActivity(activity)) {
    const episode = activity.episode ? plain(episodeNumber(activity.episode, t)) : '';
    const rating = ratingText(activity.record?.rating);
    const comment = activity.record?.comment?.trim() ? `\n${spoiler(activity.record.comment, 300)}` : '';
    text = `${t('activity.create_record', { user, work, episode })}${rating ? ` ${rating}` : ''}${comment}`;
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
