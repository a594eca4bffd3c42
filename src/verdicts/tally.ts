/**
 * A server's verdict on an episode, from its members' votes: how many watched, how many gave each
 * rating, and the names of those who share their viewing record (the others only in the counts).
 */
import { RATING_STATES, type RatingState } from '../service/index.js';
import type { VerdictVote } from './votes.js';

export interface VerdictTally {
  watched: number;
  /** Per rating, best first; ratings nobody gave are left out. */
  ratings: Array<{ rating: RatingState; count: number }>;
  /** Names of sharing members who watched, in the order they watched. */
  names: string[];
}

const BEST_FIRST = [...RATING_STATES].reverse();

export function tallyVerdict(
  votes: ReadonlyMap<string, VerdictVote>,
  nameOf: (discordUserId: string) => string | undefined,
): VerdictTally {
  const counts = new Map<RatingState, number>();
  const ordered = [...votes].sort(([, a], [, b]) => a.at.localeCompare(b.at));
  const names: string[] = [];
  for (const [userId, vote] of ordered) {
    if (vote.rating) counts.set(vote.rating, (counts.get(vote.rating) ?? 0) + 1);
    const name = nameOf(userId);
    if (name) names.push(name);
  }
  return {
    watched: votes.size,
    ratings: BEST_FIRST.flatMap((rating) => {
      const count = counts.get(rating) ?? 0;
      return count > 0 ? [{ rating, count }] : [];
    }),
    names,
  };
}
