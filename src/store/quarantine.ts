/**
 * Records kiroku could not read, kept aside instead of dropped: the exact stored text, where it was
 * and why. Nothing is deleted from here by kiroku; the operator sees them in `admin status` and the
 * `kiroku_store_quarantined_records` gauge.
 */
import { z } from 'zod';
import type { Collection, Store } from './store.js';

export const QUARANTINE_COLLECTION = 'quarantine';
/** The version of the quarantine's own records. */
export const QUARANTINE_VERSION = 1;

export const quarantinedRecordSchema = z.object({
  collection: z.string(),
  key: z.string(),
  reason: z.string(),
  /** The record's stored text, unchanged (a token stays sealed in its envelope). */
  text: z.string(),
  quarantinedAt: z.string(),
  /** The kiroku version that set it aside. */
  by: z.string(),
  /** The Discord user it belonged to, when that could be read. */
  ownerId: z.string().optional(),
  /** Set once the owner was told by DM. */
  ownerToldAt: z.string().optional(),
});
export type QuarantinedRecord = z.infer<typeof quarantinedRecordSchema>;

/** The quarantine's key for a record: collection and key, so one record is kept aside once. */
export const quarantineKey = (collection: string, key: string) => `${collection}:${key}`;

export class Quarantine {
  readonly #items: Collection<QuarantinedRecord>;

  constructor(store: Store) {
    this.#items = store.collection(QUARANTINE_COLLECTION, quarantinedRecordSchema);
  }

  put(record: QuarantinedRecord): Promise<void> {
    return this.#items.set(quarantineKey(record.collection, record.key), record);
  }

  drop(collection: string, key: string): Promise<boolean> {
    return this.#items.delete(quarantineKey(collection, key));
  }

  async all(): Promise<QuarantinedRecord[]> {
    const found: QuarantinedRecord[] = [];
    for await (const [, record] of this.#items.entries()) found.push(record);
    return found;
  }

  /** Counts per collection. */
  async counts(): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    for (const record of await this.all())
      counts.set(record.collection, (counts.get(record.collection) ?? 0) + 1);
    return counts;
  }

  /** Marks the owner told; false when someone else (another process) did already, so each owner is told once. */
  async claimOwnerNotice(record: QuarantinedRecord, at: Date): Promise<boolean> {
    let claimed = false;
    await this.#items.update(quarantineKey(record.collection, record.key), (current) => {
      claimed = false;
      if (!current || current.ownerToldAt !== undefined) return undefined;
      claimed = true;
      return { ...current, ownerToldAt: at.toISOString() };
    });
    return claimed;
  }
}
