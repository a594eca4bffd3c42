/**
 * A mark per owner, replaced whenever one of its subscriptions is made (in whichever process or
 * host). A poll that read the owner's subscriptions under one mark and finds another after its
 * fetch reads them again before posting: a subscription confirmed before an activity was created
 * is then always among the poll's channels, however the poll and the command interleave.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Collection, Store } from '../../store/index.js';

export const OWNER_CHANGE_COLLECTION = 'owner-change';
export const ownerChangeSchema = z.object({ mark: z.string() });

export class OwnerChanges {
  readonly #marks: Collection<z.infer<typeof ownerChangeSchema>>;

  constructor(store: Store) {
    this.#marks = store.collection(OWNER_CHANGE_COLLECTION, ownerChangeSchema);
  }

  /** Call after the subscription is stored and before it is confirmed. */
  async mark(ownerId: string): Promise<void> {
    await this.#marks.set(ownerId, { mark: randomUUID() });
  }

  async current(ownerId: string): Promise<string | undefined> {
    return (await this.#marks.get(ownerId))?.mark;
  }

  /** Every owner's mark (read before a whole cycle's subscriptions). */
  async all(): Promise<Map<string, string>> {
    const marks = new Map<string, string>();
    for await (const [ownerId, { mark }] of this.#marks.entries()) marks.set(ownerId, mark);
    return marks;
  }
}
