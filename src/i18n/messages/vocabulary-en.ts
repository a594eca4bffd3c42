/**
 * English texts of the service’s own words that many replies share: watch statuses, four-level ratings,
 * seasons, media and counts. Spread into the English catalogue (en.ts); the Japanese ones are in
 * vocabulary-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const vocabularyEn = {
  // watch statuses
  'status.wanna_watch': 'Plan to Watch',
  'status.watching': 'Watching',
  'status.watched': 'Completed',
  'status.on_hold': 'On Hold',
  'status.stop_watching': 'Dropped',
  'status.no_select': 'No status',
  'status.set': (p: { title: string; status: string }) => `Set **${p.title}** to ${p.status}.`,

  // four-level ratings
  'rating.bad': 'Bad',
  'rating.average': 'Average',
  'rating.good': 'Good',
  'rating.great': 'Great',

  // seasons
  'season.name': (p: { year: string; season: string }) => `${p.season} ${p.year}`,
  'season.winter': 'Winter',
  'season.spring': 'Spring',
  'season.summer': 'Summer',
  'season.autumn': 'Fall',
  'season.all': (p: { year: string }) => `All of ${p.year}`,

  // media
  'media.tv': 'TV',
  'media.ova': 'OVA',
  'media.movie': 'Movie',
  'media.web': 'Web',
  'media.other': 'Other',

  // counts
  'count.watchers': (p: { count: string }) => `${p.count} watching`,
  'count.records': (p: { count: string }) => `${p.count} records`,
  'count.likes': (p: { count: string }) => `${p.count} likes`,
} as const;

export type VocabularyMessages = CatalogueOf<typeof vocabularyEn>;
