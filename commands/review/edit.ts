/**
 * `/review edit`: change one of your reviews. The form opens at once with the review's words when
 * kiroku has just listed them (the `review` option's list); otherwise empty, and left empty it keeps
 * them. Ratings left out stay as they are: the service replaces all five, so they are sent again.
 */
import type { CommandInput, ModalHandler, ModalReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { localTitle } from '#src/render/names.js';
import type { Review } from '#src/service/index.js';
import { forgetReviews, reviewForm, savedReply } from './form.js';
import { reviewIds } from './ids.js';
import { ownReview, reviewCacheKey } from './mine.js';
import { definedStates } from './post.js';
import { decodeRatings, encodeRatings, overallOption, partOption } from './ratings.js';

export const reviewOption = () =>
  stringOption(
    'review',
    '感想',
    { en: 'One of your reviews (type part of the title)', ja: 'あなたの感想（タイトルの一部を入力）' },
    { required: true, autocomplete: true, maxLength: 20 },
  );

const KEEP = { en: 'left out, as it is', ja: '省略すると今のまま' };
const options = [
  reviewOption(),
  overallOption(false),
  partOption('story', KEEP),
  partOption('animation', KEEP),
  partOption('music', KEEP),
  partOption('character', KEEP),
] as const;

export const editSubcommand = () =>
  subcommand('edit', '編集', { en: 'Change one of your reviews', ja: '自分の感想を編集' }, options);

/** The `review` option's value: a review id from the list. */
export function reviewIdOf(value: string): number {
  const id = Number(value.trim());
  if (!Number.isSafeInteger(id) || id < 1) throw new UserFacingError('review.notFound');
  return id;
}

export async function editForm(ctx: Context, raw: CommandInput['options']): Promise<ModalReply> {
  const chosen = readOptions(options, raw, { reasons: { review: 'reason.review' } });
  const id = reviewIdOf(chosen.review);
  await ctx.ownCall('write');
  const listed = ctx.cache.peek<Review>(reviewCacheKey(ctx.user.id, id));
  return reviewForm(
    ctx,
    reviewIds.edit.build(encodeRatings(chosen), id),
    { label: ctx.t('review.editBodyLabel'), value: listed?.body ?? undefined, required: false },
    listed?.work ? localTitle(listed.work, ctx.t) : undefined,
  );
}

export const editModal: ModalHandler = {
  async handle(ctx, input) {
    const { ratings, reviewId } = reviewIds.edit.read(input.args);
    const current = await ownReview(ctx, reviewIdOf(reviewId));
    const states = decodeRatings(ratings, current);
    const body = (input.fields.body ?? '').trim() || (current.body ?? '');
    const review = await ctx.service.editReview(
      { id: current.id, body, ...definedStates(states) },
      await ctx.ownCall('write'),
    );
    forgetReviews(ctx, current.work?.id);
    return savedReply(ctx, 'review.edited', { ...states, ...review }, review.work ?? current.work);
  },
};
