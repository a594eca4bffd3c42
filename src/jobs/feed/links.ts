/**
 * Where a feed activity lives on the service's web site (SERVICE_WEB_URL): a record at
 * `/@<username>/records/<id>`, a review at `/@<username>/reviews/<id>`, a status change at its
 * work's page, several records at the person's record list (the shapes of Annict's web routes).
 */
import { recordUrl } from '../../render/record.js';
import { embedUrl, linkableUsername } from '../../render/url.js';
import {
  type Activity,
  isCreateMultipleRecordsActivity,
  isCreateRecordActivity,
  isCreateReviewActivity,
} from '../../service/index.js';

export const DEFAULT_SERVICE_WEB_URL = 'https://annict.com';

function positiveId(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function workUrl(webUrl: string, activity: Activity): string | undefined {
  const workId = positiveId(activity.work?.id);
  return workId === undefined ? undefined : `${webUrl}/works/${workId}`;
}

/** The activity's page on the service, or undefined when the activity lacks what the URL needs. */
export function activityUrl(
  activity: Activity,
  webUrl: string = DEFAULT_SERVICE_WEB_URL,
): string | undefined {
  const base = webUrl.replace(/\/+$/, '');
  const user = linkableUsername(activity.user?.username);
  if (isCreateRecordActivity(activity)) {
    const record = recordUrl(base, user, activity.record?.id);
    if (record) return record;
  } else if (isCreateReviewActivity(activity)) {
    const reviewId = positiveId(activity.review?.id);
    if (user && reviewId !== undefined) return `${base}/@${user}/reviews/${reviewId}`;
  } else if (isCreateMultipleRecordsActivity(activity)) {
    if (user) return `${base}/@${user}/records`;
  }
  return workUrl(base, activity);
}

/** The URL only when it is absolute https, normalised as every URL kiroku sends (an embed's url must be). */
export function safeHttpsUrl(url: string | undefined): string | undefined {
  return embedUrl(url);
}
