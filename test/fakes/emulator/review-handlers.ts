/**
 * Reviews of whole works: GET /v1/reviews and POST, PATCH, DELETE /v1/me/reviews, as
 * rails/app/controllers/api/v1/{reviews,me/reviews}_controller.rb answer them: parameters checked
 * first (400, the service's Japanese messages), then the work or the caller's own review (404), then
 * the form (400, one entry without developer_message).
 */
import { deleteReview, editReview, type ReviewEdit } from './data-reviews.js';
import { narrowFields } from './json.js';
import {
  type ApiContext,
  type ApiResponse,
  type Handler,
  invalidParams,
  json,
  listResponse,
  notFound,
} from './listing.js';
import { RATING_STATES, type RatingState, type ReviewRow } from './model.js';
import { renderFullReview } from './render.js';
import { commentTooLong } from './writes.js';

/** Each state's parameter and how the service names it in a message (Rails' humanized attribute). */
const STATES = [
  ['rating_overall_state', 'Rating overall state', 'ratingOverallState'],
  ['rating_animation_state', 'Rating animation state', 'ratingAnimationState'],
  ['rating_music_state', 'Rating music state', 'ratingMusicState'],
  ['rating_story_state', 'Rating story state', 'ratingStoryState'],
  ['rating_character_state', 'Rating character state', 'ratingCharacterState'],
] as const;

const reviews: Handler = (ctx) => {
  const ids = ctx.params.intList('filter_ids');
  const workId = ctx.params.int('filter_work_id', { min: 1 });
  const hasBody = ctx.params.bool('filter_has_review_body');
  const items = [...ctx.data.reviews.values()].filter(
    (review) =>
      (!ids || ids.includes(review.id)) &&
      (workId === undefined || review.workId === workId) &&
      (hasBody === undefined || (review.body !== '') === hasBody),
  );
  return listResponse(ctx, 'reviews', items, (review) => renderFullReview(ctx.data, review), [
    { param: 'sort_likes_count', value: (review) => review.likesCount },
  ]);
};

/**
 * The parameters both writes take (reviews_create_params.rb): a body, each state one of the four
 * values or blank, the share flags true or false (then ignored), and the deprecated title, which
 * the service puts before the body.
 */
function readReview(ctx: ApiContext): ReviewEdit | undefined {
  const body = ctx.params.str('body');
  if (body === undefined) ctx.params.fail('body', 'Bodyを入力してください');
  const states: Partial<Record<(typeof STATES)[number][2], RatingState | null>> = {};
  for (const [param, attribute, key] of STATES) {
    const value = ctx.params.str(param);
    if (value !== undefined && !(RATING_STATES as readonly string[]).includes(value)) {
      ctx.params.fail(param, `${attribute}の値が不正です。`);
    }
    states[key] = (value as RatingState | undefined) ?? null;
  }
  ctx.params.bool('share_twitter');
  ctx.params.bool('share_facebook');
  if (body === undefined || ctx.params.errors.length > 0) return undefined;
  const title = ctx.params.str('title')?.trim();
  const text = title ? `${title}\n\n${body.trim()}` : body.trim();
  return {
    body: text,
    ratingOverallState: states.ratingOverallState ?? null,
    ratingAnimationState: states.ratingAnimationState ?? null,
    ratingMusicState: states.ratingMusicState ?? null,
    ratingStoryState: states.ratingStoryState ?? null,
    ratingCharacterState: states.ratingCharacterState ?? null,
  };
}

function reviewResponse(ctx: ApiContext, review: ReviewRow): ApiResponse {
  const full = renderFullReview(ctx.data, review);
  const fields = ctx.params.fields();
  return json(200, fields ? narrowFields(full, fields) : full);
}

const createReview: Handler = (ctx) => {
  if (ctx.params.str('work_id') === undefined) ctx.params.fail('work_id', 'Work idを入力してください');
  const workId = ctx.params.int('work_id', { min: 1 });
  const input = readReview(ctx);
  if (ctx.params.errors.length > 0 || workId === undefined || input === undefined) {
    return invalidParams(ctx.params.errors);
  }
  if (!ctx.data.works.has(workId)) return notFound();
  const tooLong = commentTooLong(input.body);
  if (tooLong) return tooLong;
  const activity = ctx.data.createReview({ userId: ctx.user.id, workId, ...input });
  if (activity.action !== 'create_review') throw new Error('createReview made another activity');
  return reviewResponse(ctx, activity.review);
};

/** The path's id, checked as the service checks parameters (a non-number adds a 400 entry). */
function pathId(ctx: ApiContext): number | undefined {
  const id = ctx.id !== undefined && /^\d+$/.test(ctx.id) ? Number(ctx.id) : Number.NaN;
  if (Number.isSafeInteger(id) && id >= 1) return id;
  ctx.params.fail('id', 'Idは数値で入力してください');
  return undefined;
}

/** The caller's own review with that id; anyone else's is 404, as a missing one. */
function ownReview(ctx: ApiContext, id: number): ReviewRow | undefined {
  const review = ctx.data.reviews.get(id);
  return review && review.userId === ctx.user.id ? review : undefined;
}

/** Replaces the body and all five states (one left out becomes null), and marks the review modified. */
const editReviewHandler: Handler = (ctx) => {
  const id = pathId(ctx);
  const input = readReview(ctx);
  if (id === undefined || input === undefined) return invalidParams(ctx.params.errors);
  const review = ownReview(ctx, id);
  if (!review) return notFound();
  return commentTooLong(input.body) ?? reviewResponse(ctx, editReview(ctx.data, review, input));
};

const deleteReviewHandler: Handler = (ctx) => {
  const id = pathId(ctx);
  if (id === undefined) return invalidParams(ctx.params.errors);
  const review = ownReview(ctx, id);
  if (!review) return notFound();
  deleteReview(ctx.data, review.id);
  return { status: 204 };
};

export const reviewHandlers = {
  reviews,
  createReview,
  editReview: editReviewHandler,
  deleteReview: deleteReviewHandler,
} satisfies Record<string, Handler>;
