/**
 * The person's own reviews. The service lists reviews by work, not by author: a person's reviews are
 * their `create_review` activities (one request for the latest 25), and one review is read by id and
 * checked to be theirs. Autocomplete names each "Title · Great · 2 days ago"; what it read is kept
 * briefly, so the edit form can open with the review's words without a request.
 */
import type { AutocompleteChoice } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { fitText } from '#src/render/fit.js';
import { ratingStateText } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { isCreateReviewActivity, type Review } from '#src/service/index.js';

const LISTED = 25;
const CHOICE_MAX = 100;

export const REVIEW_FIELDS = [
  'id',
  'body',
  'rating_overall_state',
  'rating_animation_state',
  'rating_music_state',
  'rating_story_state',
  'rating_character_state',
  'created_at',
  'user.id',
  'work.id',
  'work.title',
  'work.title_en',
];

/** The cache key of a review the person was shown (their own: it is keyed by them). */
export const reviewCacheKey = (discordUserId: string, reviewId: number) =>
  `own-review:${discordUserId}:${reviewId}`;

/** "2 days ago" / 「2日前」 in the reader's language. */
function ago(ctx: Context, createdAt: string | null | undefined): string {
  const then = Date.parse(createdAt ?? '');
  if (Number.isNaN(then)) return '';
  const minutes = Math.round((ctx.now().getTime() - then) / 60_000);
  const format = new Intl.RelativeTimeFormat(ctx.locale, { numeric: 'auto' });
  const text =
    minutes < 1
      ? format.format(0, 'second')
      : minutes < 60
        ? format.format(-minutes, 'minute')
        : minutes < 48 * 60
          ? format.format(-Math.round(minutes / 60), 'hour')
          : format.format(-Math.round(minutes / 1440), 'day');
  // Intl writes 「2 日前」; the service writes numbers against Japanese words (2日前).
  return ctx.locale === 'ja' ? text.replace(/(\d) (?=\P{ASCII})/gu, '$1') : text;
}

/** The person's latest reviews, newest first, as autocomplete choices; nothing for someone unlinked. */
export async function ownReviewChoices(ctx: Context, typed: string): Promise<AutocompleteChoice[]> {
  const account = await ctx.linkedAccount();
  const serviceUserId = account?.serviceUserId;
  if (!serviceUserId) return [];
  const call = { ...(await ctx.ownCall()), yieldOverShare: true };
  const page = await ctx.cache
    .getOrLoad(`own-reviews:${ctx.user.id}`, () =>
      ctx.service.activities(
        {
          filter_user_id: serviceUserId,
          filter_actions: 'create_review',
          sort_id: 'desc',
          per_page: LISTED,
          fields: [
            'id',
            'action',
            'created_at',
            'work.id',
            'work.title',
            'work.title_en',
            ...REVIEW_FIELDS.map((f) => `review.${f}`),
          ],
        },
        call,
      ),
    )
    .catch(() => undefined);
  const query = typed.trim().toLowerCase();
  const choices: AutocompleteChoice[] = [];
  for (const activity of page?.items ?? []) {
    if (!isCreateReviewActivity(activity) || typeof activity.review?.id !== 'number') continue;
    const review = { ...activity.review, work: activity.work, user: { id: serviceUserId } } as Review;
    const title = localTitle(activity.work, ctx.t);
    if (query && !title.toLowerCase().includes(query) && !(activity.work?.title ?? '').includes(query))
      continue;
    ctx.cache.set(reviewCacheKey(ctx.user.id, review.id), review);
    const rating = ratingStateText(review.rating_overall_state, ctx.t) ?? '—';
    const name = ctx.t('review.choice', { title, rating, when: ago(ctx, activity.created_at) });
    choices.push({ name: fitText(name, CHOICE_MAX), value: String(review.id) });
  }
  return choices.slice(0, 25);
}

/** The person's own review with that id, read now (someone else's, or none, is "not found"). */
export async function ownReview(ctx: Context, reviewId: number): Promise<Review> {
  const account = await ctx.linkedAccount();
  const page = await ctx.service.reviews(
    { filter_ids: [reviewId], fields: REVIEW_FIELDS },
    await ctx.ownCall(),
  );
  const review = page.items.find((r) => r.id === reviewId);
  if (!review || !account || review.user?.id !== account.serviceUserId)
    throw new UserFacingError('review.notFound');
  return review;
}
