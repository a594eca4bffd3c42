/**
 * Two members' viewing side by side, as plain data: what both watched, what only each did, how often
 * their ratings agree, and the works the other rated Great that the asker has not put on their list.
 * Agreement counts the works both rated (each member's rating of a work: `workRating` in gather.ts)
 * and, of those, the works both rated the same (Great and Great, Good and Good, …).
 */
import type { MemberViewing, WorkRef } from './gather.js';

export interface Comparison {
  both: WorkRef[];
  onlyMine: WorkRef[];
  onlyTheirs: WorkRef[];
  /** Works both rated, and how many of them both rated the same. */
  rated: number;
  agreed: number;
  /** Works the other rated Great that are not on the asker's list (as far as their activities say). */
  theirGreat: WorkRef[];
  /** Either walk stopped before the oldest activity: the counts are a floor. */
  truncated: boolean;
}

function refs(viewing: MemberViewing, ids: readonly number[]): WorkRef[] {
  return ids.flatMap((id) => viewing.works[String(id)] ?? []);
}

export function compareViewing(mine: MemberViewing, theirs: MemberViewing): Comparison {
  const myWatched = new Set(mine.watched);
  const theirWatched = new Set(theirs.watched);
  const myMarked = new Set(mine.marked);
  const myRatings = new Map(mine.ratings);
  const bothRated = theirs.ratings.filter(([id]) => myRatings.has(id));
  return {
    both: refs(
      mine,
      mine.watched.filter((id) => theirWatched.has(id)),
    ),
    onlyMine: refs(
      mine,
      mine.watched.filter((id) => !theirWatched.has(id)),
    ),
    onlyTheirs: refs(
      theirs,
      theirs.watched.filter((id) => !myWatched.has(id)),
    ),
    rated: bothRated.length,
    agreed: bothRated.filter(([id, rating]) => myRatings.get(id) === rating).length,
    theirGreat: refs(
      theirs,
      theirs.ratings.filter(([id, rating]) => rating === 'great' && !myMarked.has(id)).map(([id]) => id),
    ),
    truncated: mine.truncated || theirs.truncated,
  };
}

/** Agreement as a whole percentage; undefined when no work was rated by both. */
export function agreementPercent(comparison: Pick<Comparison, 'rated' | 'agreed'>): number | undefined {
  return comparison.rated === 0 ? undefined : Math.round((100 * comparison.agreed) / comparison.rated);
}
