/** The feed poller's persisted position per owner: the newest activity id already handled. */
import { z } from 'zod';
import type { Collection, Store } from '../../store/index.js';

export const FEED_CURSOR_COLLECTION = 'feed-cursor';

export const feedCursorSchema = z.object({
  lastId: z.number().int().min(0),
  /** The service account the cursor belongs to: a relink to another account starts afresh. */
  serviceUserId: z.number().int(),
  updatedAt: z.string(),
});
export type FeedCursor = z.infer<typeof feedCursorSchema>;

export class FeedCursors {
  readonly #items: Collection<FeedCursor>;

  constructor(store: Store) {
    this.#items = store.collection(FEED_CURSOR_COLLECTION, feedCursorSchema);
  }

  /** The owner's cursor for this service account, or undefined (never polled, or relinked elsewhere). */
  async get(ownerId: string, serviceUserId: number): Promise<number | undefined> {
    const cursor = await this.#items.get(ownerId);
    return cursor && cursor.serviceUserId === serviceUserId ? cursor.lastId : undefined;
  }

  /** The whole cursor record for this service account (its `updatedAt` dates the last poll that moved it). */
  async record(ownerId: string, serviceUserId: number): Promise<FeedCursor | undefined> {
    const cursor = await this.#items.get(ownerId);
    return cursor && cursor.serviceUserId === serviceUserId ? cursor : undefined;
  }

  set(ownerId: string, serviceUserId: number, lastId: number, now: Date): Promise<void> {
    return this.#items.set(ownerId, { lastId, serviceUserId, updatedAt: now.toISOString() });
  }
}
