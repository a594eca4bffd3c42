/**
 * The form of a feed post that cannot be refused: when Discord answers a post with 400 (invalid form
 * body), each activity it carried is posted again as one line of plain content (who did what to
 * which work, short) and the link to its page on the service. No embed, no comment, no image: only
 * names cut short and made well-formed, far under the 2,000 characters of a message.
 */
import type { Translator } from '../../i18n/translator.js';
import { plain, truncate } from '../../render/format.js';
import { localEpisodeNumber, localTitle } from '../../render/names.js';
import { statusLabel } from '../../render/status.js';
import {
  type Activity,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
  isCreateStatusActivity,
} from '../../service/index.js';
import type { OutgoingMessage } from '../posting/poster.js';
import { activityUrl, DEFAULT_SERVICE_WEB_URL, safeHttpsUrl } from './links.js';

/** Each name in the line is cut to this; the whole line stays far under Discord's 2,000. */
const NAME_MAX = 100;
const LINE_MAX = 1_000;

/** A lone half of a surrogate pair cannot be encoded as UTF-8 (Discord refuses it): replaced by U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** A name from the service, shortened, escaped and one line. */
function name(text: string): string {
  return plain(wellFormed(truncate(text.replace(/\s+/g, ' ').trim() || '?', NAME_MAX)));
}

function sentence(activity: Activity, t: Translator): string | undefined {
  const user = name(activity.user?.username ?? '?');
  const work = name(localTitle(activity.work, t));
  if (isCreateRecordActivity(activity)) {
    const episode = activity.episode ? name(localEpisodeNumber(activity.episode, t)) : '';
    return t('jobs.feed.minimal.record', { user, work, episode }).trim();
  }
  if (isCreateMultipleRecordsActivity(activity)) {
    const count = activity.multiple_record?.length ?? 0;
    return t('jobs.feed.minimal.records', { user, work, count });
  }
  if (isCreateReviewActivity(activity)) return t('jobs.feed.minimal.review', { user, work });
  if (isCreateStatusActivity(activity)) {
    return t('jobs.feed.minimal.status', { user, work, status: statusLabel(activity.status?.kind, t) });
  }
  return undefined;
}

/** The minimal post of one activity (undefined for an action kiroku does not post). */
export function minimalFeedMessage(
  activity: Activity,
  t: Translator,
  webUrl: string = DEFAULT_SERVICE_WEB_URL,
): OutgoingMessage | undefined {
  const text = sentence(activity, t);
  if (text === undefined) return undefined;
  const url = safeHttpsUrl(activityUrl(activity, webUrl));
  // Angle brackets keep the link from unfurling into an embed of its own.
  const line = url ? `${text} · <${url}>` : text;
  return { content: wellFormed(truncate(line, LINE_MAX)) };
}
