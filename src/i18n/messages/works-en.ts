/**
 * English texts of a fan's view of a whole work (issue 41): their own progress in `/work info` and
 * `/library`, reviews (`/review`) and the cast and staff list. Spread into the English catalogue
 * (en.ts); the Japanese ones are in works-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const worksEn = {
  'progress.backlogTitle': (p: { count: string }) => `Aired, not yet recorded by you (${p.count})`,
  'progress.backlogMore': (p: { episodes: string }) => `${p.episodes} …`,
  'progress.reviewsTitle': 'Reviews',
  'progress.left': (p: { count: string }) => `${p.count} aired not recorded`,
  'work.noEpisodesTitle': 'No episodes',
  'work.noEpisodesReview':
    '{service} lists no episodes for this work (a film, for instance): rate the whole work with `/review post`.',
  'record.noEpisodesReview':
    '{service} lists no episodes for this work (a film, for instance), so there is no episode to record: rate the whole work with `/review post`.',

  'credits.button': 'Cast & staff',
  'credits.title': (p: { title: string }) => `Cast & staff: ${p.title}`,
  'credits.cast': 'Cast',
  'credits.staff': 'Staff',
  'credits.empty': '{service} lists no cast or staff for this work yet.',

  'review.sameAsOverall': 'Default: the same as your overall rating',
  'review.unrated': 'Not rated',
  'review.modalTitle': (p: { title: string }) => `Review: ${p.title}`,
  'review.modalTitlePlain': 'Your review',
  'review.bodyLabel': 'Your review (shown behind a spoiler)',
  'review.bodyPlaceholder': 'What you thought of the whole work',
  'review.editBodyLabel': 'Your review (empty: keep the current text)',
  'review.posted': (p: { title: string }) => `Posted your review of **${p.title}**.`,
  'review.edited': (p: { title: string }) => `Updated your review of **${p.title}**.`,
  'review.deleteConfirm': (p: { title: string }) =>
    `Delete your review of **${p.title}**? This cannot be undone.`,
  'review.deleteButton': 'Delete review',
  'review.deleted': (p: { title: string }) => `Deleted your review of **${p.title}**.`,
  'review.notFound':
    'kiroku could not find that review among yours. Pick one from the list that opens as you type in `review`.',
  'review.emptyBody':
    'A review needs some words: nothing was posted. Run `/review post` again and write a line or more.',
  'review.workTooLong':
    'That title is too long to carry to the review form: pick the work from the list instead.',
  'review.choice': (p: { title: string; rating: string; when: string }) =>
    `${p.title} · ${p.rating} · ${p.when}`,
  'reason.review': 'must be one of your reviews, picked from the list',
} as const;

export type WorksMessages = CatalogueOf<typeof worksEn>;
