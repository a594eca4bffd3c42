/**
 * The custom ids a comparison carries, stated once. A **Plan to Watch** button names the person who
 * asked (only they may press it: it sets a status with their token) and the work; a list button names
 * which list, the member compared with, and the season (empty: all time).
 */
import { customIds } from '#src/components/custom-id.js';

export const compareIds = customIds('compare', {
  want: ['ownerId', 'workId'],
  list: ['part', 'memberId', 'season'],
});

/** The lists a comparison opens: both watched, only the asker, only the other, the other's Great. */
export const LIST_PARTS = ['both', 'mine', 'theirs', 'great'] as const;
export type ListPart = (typeof LIST_PARTS)[number];
