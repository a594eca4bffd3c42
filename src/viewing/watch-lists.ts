/**
 * The stored copy of a person's backlog behind one `/watch` message: fetched once per command, then
 * paged and trimmed in place as entries are recorded (and put back on Undo). Kept a day, keyed by a
 * short random key carried in the message's custom ids.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Collection, Store } from '../store/index.js';

const backlogEntrySchema = z.object({
  episodeId: z.number().int().positive(),
  workId: z.number().int().nonnegative(),
  workTitle: z.string().nullable(),
  /** The work's English title for English readers; absent in lists stored before it was kept. */
  workTitleEn: z.string().nullable().optional(),
  /** The episode's number (float) and number text, as the service gave them. */
  number: z.number().nullable(),
  numberText: z.string().nullable(),
  title: z.string().nullable(),
  startedAt: z.string(),
});
export type BacklogEntry = z.infer<typeof backlogEntrySchema>;

const recordedSchema = z.object({
  entry: backlogEntrySchema,
  recordId: z.number().int().positive(),
  /** When it was recorded: Undo works for a minute from then. */
  at: z.string(),
});
export type RecordedEntry = z.infer<typeof recordedSchema>;

export const watchListSchema = z.object({
  /** The Discord user who ran `/watch`: only they may press its buttons. */
  invoker: z.string(),
  entries: z.array(backlogEntrySchema),
  recorded: z.array(recordedSchema),
});
export type WatchList = z.infer<typeof watchListSchema>;

export const WATCH_LIST_COLLECTION = 'watch-lists';
const KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Grouped by work: works in the order of their newest entry (what aired last on top), each work's
 * entries in the order they aired, so that the episode to watch next comes first. Used after every
 * change, so Undo puts an entry back where it was.
 */
export function orderBacklog(entries: readonly BacklogEntry[]): BacklogEntry[] {
  const newest = new Map<number, string>();
  for (const entry of entries) {
    const seen = newest.get(entry.workId);
    if (!seen || entry.startedAt > seen) newest.set(entry.workId, entry.startedAt);
  }
  const byTimeDesc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return [...entries].sort(
    (a, b) =>
      byTimeDesc(newest.get(a.workId) ?? '', newest.get(b.workId) ?? '') ||
      a.workId - b.workId ||
      byTimeDesc(b.startedAt, a.startedAt) ||
      a.episodeId - b.episodeId,
  );
}

export class WatchLists {
  readonly #lists: Collection<WatchList>;

  constructor(store: Store) {
    this.#lists = store.collection(WATCH_LIST_COLLECTION, watchListSchema);
  }

  async create(invoker: string, entries: readonly BacklogEntry[]): Promise<string> {
    const key = randomBytes(9).toString('base64url');
    await this.#lists.set(key, { invoker, entries: orderBacklog(entries), recorded: [] }, KEEP_MS);
    return key;
  }

  get(key: string): Promise<WatchList | undefined> {
    return this.#lists.get(key);
  }

  /**
   * Changes a list with compare-and-set: `change` returns the next list and a result, or undefined
   * to leave the list as it is (it may run more than once, so it must have no side effects).
   * `list` is undefined when the list expired; `result` is set only when the change was written.
   */
  async change<R>(
    key: string,
    change: (list: WatchList) => { next: WatchList; result: R } | undefined,
  ): Promise<{ list: WatchList | undefined; result: R | undefined }> {
    let result: R | undefined;
    const list = await this.#lists.update(
      key,
      (current) => {
        result = undefined;
        const changed = current && change(current);
        if (!changed) return undefined;
        result = changed.result;
        return changed.next;
      },
      KEEP_MS,
    );
    return { list, result };
  }

  /** Forgets a person's lists (on unlink): they name what the person has not watched yet. */
  async forget(discordUserId: string): Promise<void> {
    for await (const [key, list] of this.#lists.entries()) {
      if (list.invoker === discordUserId) await this.#lists.delete(key);
    }
  }
}
