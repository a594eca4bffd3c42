/**
 * Reviews of whole works beyond their creation (EmulatorData.createReview): edits, deletion, and the
 * counts that follow them. The activity of a review holds the same row, so an edit shows there too,
 * as the service renders an activity's review from the review itself.
 */
import type { EmulatorData } from './data.js';
import { type NewReview, reviewRow } from './data-rows.js';
import type { ReviewRow, WorkRow } from './model.js';

/**
 * Stores a review without an activity: what the service does when a supporter dates a review
 * themselves (FormRecordable#create_activity?). EmulatorData.createReview adds the activity.
 */
export function storeReview(data: EmulatorData, input: NewReview): ReviewRow {
  data.requireUser(input.userId);
  data.requireWork(input.workId);
  const review = reviewRow(data.ids.next('reviews'), input, input.createdAt ?? data.now());
  data.reviews.set(review.id, review);
  return review;
}

/** What an edit replaces: the body and all five states (a state left out becomes null). */
export type ReviewEdit = Pick<
  ReviewRow,
  | 'body'
  | 'ratingOverallState'
  | 'ratingAnimationState'
  | 'ratingMusicState'
  | 'ratingStoryState'
  | 'ratingCharacterState'
>;

export function editReview(data: EmulatorData, review: ReviewRow, edit: ReviewEdit): ReviewRow {
  Object.assign(review, edit, { modifiedAt: data.now() });
  return review;
}

/** Removes a review and its activity; false when there is no such review. */
export function deleteReview(data: EmulatorData, reviewId: number): boolean {
  const review = data.reviews.get(reviewId);
  if (!review) return false;
  data.reviews.delete(reviewId);
  for (const activity of data.activities.values()) {
    if (activity.action === 'create_review' && activity.review.id === reviewId)
      data.deleteActivity(activity.id);
  }
  return true;
}

/** `reviews_count` of a work: reviews from outside the emulated users plus those with a body here. */
export function reviewsCountOf(data: EmulatorData, work: WorkRow): number {
  let count = work.reviewsCount;
  for (const review of data.reviews.values()) if (review.workId === work.id && review.body !== '') count += 1;
  return count;
}

/** Reviews a user wrote (each is also one of the user's records on the service). */
export function reviewsByUser(data: EmulatorData, userId: number): number {
  let count = 0;
  for (const review of data.reviews.values()) if (review.userId === userId) count += 1;
  return count;
}
