/**
 * A few reviews of a work for `/work info`: the most liked ones with words, each with its author and
 * overall rating, the words behind a spoiler as kiroku shows every comment (the service's API does
 * not say which ones spoil). One catalogue request; a failing one leaves the reviews out.
 */
import type { Context } from '#src/bot/context.js';
import { LIMITS, lines, plain, spoiler } from '#src/render/format.js';
import { reviewOverallText } from '#src/render/review.js';
import type { Review, Work } from '#src/service/index.js';

/** Reviews shown under a work. */
const SHOWN = 3;
/** Room for one review's words in the field (three share 1,024 characters). */
const BODY_MAX = 220;

function reviewEntry(review: Review, ctx: Context): string {
  const who = plain(review.user?.name?.trim() || review.user?.username || '?');
  const overall = reviewOverallText(review, ctx.t);
  const head = overall ? `**${who}** · ${overall}` : `**${who}**`;
  return review.body?.trim() ? `${head}\n${spoiler(review.body.trim(), BODY_MAX)}` : head;
}

/** The field with a few reviews, or undefined when there are none (or the call failed). */
export async function workReviewsField(ctx: Context, work: Work) {
  if (!work.reviews_count) return undefined;
  try {
    const call = await ctx.catalogueCall();
    const page = await ctx.cache.getOrLoad(`work-reviews:${work.id}`, () =>
      ctx.service.reviews(
        {
          filter_work_id: work.id,
          filter_has_review_body: true,
          sort_likes_count: 'desc',
          per_page: SHOWN,
          fields: ['id', 'body', 'rating_overall_state', 'user.name', 'user.username'],
        },
        call,
      ),
    );
    const entries = page.items.slice(0, SHOWN).map((review) => reviewEntry(review, ctx));
    if (entries.length === 0) return undefined;
    return {
      name: ctx.t('progress.reviewsTitle'),
      value: lines(entries, { limit: LIMITS.fieldValue, more: (count) => ctx.t('paging.more', { count }) }),
    };
  } catch (error) {
    ctx.logger.info({ err: error }, 'work info: reviews unavailable');
    return undefined;
  }
}
