/**
 * What each member of a server did with an aired episode: watched it, and how they rated it. One
 * row per (server, episode, person), keyed `<guildId>:<episodeId>:<discordUserId>`, so forgetting a
 * person (unlink, `admin forget`) removes every row of theirs by its key segment, and the next
 * edit of each verdict leaves them out. Rows expire with the verdict (two days after airing).
 */
import { z } from 'zod';
import { RATING_STATES } from '../service/index.js';
import type { Collection, Store } from '../store/index.js';

export const VERDICT_VOTES_COLLECTION = 'verdict-votes';
/** Longer than any verdict is refreshed (24 h after airing) or pressed on. */
export const VERDICT_TTL_MS = 2 * 24 * 60 * 60 * 1000;

export const verdictVoteSchema = z.object({
  /** Their rating of the episode; null: watched without one. */
  rating: z.enum(RATING_STATES).nullable(),
  at: z.string(),
  /** Their record's comment on the service (counted from the service), for the comments thread. */
  comment: z.string().max(4_000).optional(),
  /** The comment was posted in the thread. */
  commentShown: z.boolean().optional(),
});
export type VerdictVote = z.infer<typeof verdictVoteSchema>;
export type VoteRating = VerdictVote['rating'];

export class VerdictVotes {
  readonly #rows: Collection<VerdictVote>;
  readonly #now: () => Date;

  constructor(store: Store, now: () => Date) {
    this.#rows = store.collection(VERDICT_VOTES_COLLECTION, verdictVoteSchema);
    this.#now = now;
  }

  static key(guildId: string, episodeId: number, discordUserId: string): string {
    return `${guildId}:${episodeId}:${discordUserId}`;
  }

  /**
   * Notes that a member watched the episode; a rating replaces the one noted before, and watching
   * again without one keeps it. True when the row changed (the verdict needs an edit).
   */
  async note(
    guildId: string,
    episodeId: number,
    discordUserId: string,
    rating: VoteRating,
    comment?: string,
  ): Promise<boolean> {
    let changed = false;
    await this.#rows.update(
      VerdictVotes.key(guildId, episodeId, discordUserId),
      (current) => {
        const next = rating ?? current?.rating ?? null;
        const newComment = comment !== undefined && comment !== '' && comment !== current?.comment;
        changed = current === undefined || current.rating !== next;
        if (!changed && !newComment) return undefined;
        const at = current?.at ?? this.#now().toISOString();
        // A new or changed comment is posted in the thread again; otherwise it stays as it was.
        return newComment
          ? { rating: next, at, comment: comment.slice(0, 4_000) }
          : { ...current, rating: next, at };
      },
      VERDICT_TTL_MS,
    );
    return changed;
  }

  /** Marks a comment as posted in the thread; false when it already was (another press or process). */
  async claimComment(guildId: string, episodeId: number, discordUserId: string): Promise<boolean> {
    let won = false;
    await this.#rows.update(
      VerdictVotes.key(guildId, episodeId, discordUserId),
      (current) => {
        won = current?.comment !== undefined && current.commentShown !== true;
        return won && current ? { ...current, commentShown: true } : undefined;
      },
      VERDICT_TTL_MS,
    );
    return won;
  }

  /** The votes of these members, by their Discord user id (members without one are left out). */
  async of(
    guildId: string,
    episodeId: number,
    members: readonly string[],
  ): Promise<Map<string, VerdictVote>> {
    const rows = await this.#rows.getMany(members.map((id) => VerdictVotes.key(guildId, episodeId, id)));
    const votes = new Map<string, VerdictVote>();
    members.forEach((id, i) => {
      const row = rows[i];
      if (row) votes.set(id, row);
    });
    return votes;
  }
}
