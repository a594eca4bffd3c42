import type { Translator } from '../i18n/translator.js';
import type { Review } from '../service/index.js';
import { ratingStateText } from './format.js';

/**
 * The work's reviews on the service's site, under SERVICE_WEB_URL (a review's own page needs a record
 * id the API does not send).
 */
export function workReviewsUrl(workId: number, t: Translator): string {
  return `${t.site.webUrl}/works/${workId}/records`;
}

/** What review lines and posts render, so requests can name them in `fields`. */
export const REVIEW_FIELDS = [
  'review.id',
  'review.title',
  'review.body',
  'review.rating_overall_state',
  'review.rating_animation_state',
  'review.rating_music_state',
  'review.rating_story_state',
  'review.rating_character_state',
];

const PARTS = [
  ['animation', 'rating_animation_state'],
  ['music', 'rating_music_state'],
  ['story', 'rating_story_state'],
  ['character', 'rating_character_state'],
] as const;

type ReviewRatings = Partial<Pick<Review, 'rating_overall_state' | (typeof PARTS)[number][1]>>;

/** "Overall: Great", or undefined when the review has no overall rating. */
export function reviewOverallText(
  review: ReviewRatings | null | undefined,
  t: Translator,
): string | undefined {
  const overall = ratingStateText(review?.rating_overall_state, t);
  return overall ? `${t('review.overall')}: ${overall}` : undefined;
}

/** "Animation: Good · Music: Great …" for the parts that were rated, or undefined. */
export function reviewPartsText(review: ReviewRatings | null | undefined, t: Translator): string | undefined {
  const parts = PARTS.flatMap(([name, field]) => {
    const state = ratingStateText(review?.[field], t);
    return state ? [`${t(`review.${name}`)}: ${state}`] : [];
  });
  return parts.length > 0 ? parts.join(' · ') : undefined;
}
