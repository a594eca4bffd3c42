/**
 * The posts that carry a server's verdict: an airing post or alert with its message, keyed
 * `<channelId>:<episodeId>` (one per episode and channel, as the outbox posts them), and when its
 * verdict is next counted from the service. Nothing in it names a member.
 */
import { z } from 'zod';
import { LOCALES } from '../i18n/locale.js';
import type { Collection, Store } from '../store/index.js';
import { VERDICT_TTL_MS } from './votes.js';

export const VERDICT_POSTS_COLLECTION = 'verdict-posts';

export const verdictPostSchema = z.object({
  guildId: z.string(),
  channelId: z.string(),
  messageId: z.string(),
  episodeId: z.number().int().positive(),
  /** The subscription that posted it: its owner's token counts the records, its language writes the line. */
  subscriptionId: z.string(),
  /** The post's language (the subscription's), which the line is written in. */
  locale: z.enum(LOCALES),
  airedAt: z.string(),
  /** When the service is next asked for the episode's records; null: no more (a day after airing). */
  nextRefreshAt: z.string().nullable(),
  /** The work and episode, for the comments thread's name. */
  title: z.string().max(200).optional(),
  /** The comments thread, once opened (a thread started from a message has the message's id). */
  threadId: z.string().optional(),
  /** The line the message shows now: an edit is made only when it would change. */
  shown: z.string().optional(),
});
export type VerdictPost = z.infer<typeof verdictPostSchema>;

export class VerdictPosts {
  readonly #rows: Collection<VerdictPost>;

  constructor(store: Store) {
    this.#rows = store.collection(VERDICT_POSTS_COLLECTION, verdictPostSchema);
  }

  static key(channelId: string, episodeId: number): string {
    return `${channelId}:${episodeId}`;
  }

  get(channelId: string, episodeId: number): Promise<VerdictPost | undefined> {
    return this.#rows.get(VerdictPosts.key(channelId, episodeId));
  }

  /** The first post of an episode in a channel keeps the verdict (a repeat post is not tracked twice). */
  track(post: VerdictPost): Promise<boolean> {
    return this.#rows.setIfAbsent(VerdictPosts.key(post.channelId, post.episodeId), post, VERDICT_TTL_MS);
  }

  /** Read-modify-write of a tracked post (`change` returns undefined: nothing written). */
  async change(
    channelId: string,
    episodeId: number,
    change: (post: VerdictPost) => VerdictPost | undefined,
  ): Promise<void> {
    await this.#rows.update(
      VerdictPosts.key(channelId, episodeId),
      (current) => (current ? change(current) : undefined),
      VERDICT_TTL_MS,
    );
  }

  async drop(channelId: string, episodeId: number): Promise<void> {
    await this.#rows.delete(VerdictPosts.key(channelId, episodeId));
  }

  /** Posts whose next refresh is due by `now`. */
  async *due(now: number): AsyncGenerator<VerdictPost> {
    for await (const [, post] of this.#rows.entries())
      if (post.nextRefreshAt !== null && Date.parse(post.nextRefreshAt) <= now) yield post;
  }

  /** Every tracked post of a channel (a channel lost: its posts stop). */
  async dropChannel(channelId: string): Promise<void> {
    const keys: string[] = [];
    for await (const key of this.#rows.keys()) if (key.startsWith(`${channelId}:`)) keys.push(key);
    for (const key of keys) await this.#rows.delete(key);
  }
}
