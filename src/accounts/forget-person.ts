/** Unlink's last step: every row about a person, in every collection STORE_COLLECTIONS lists. */
import { z } from 'zod';
import { type PersonRows, STORE_COLLECTIONS } from '../store/collections.js';
import type { Collection, Store } from '../store/index.js';

const anyValue = z.unknown();

/** The keys of `collection` that hold the person's rows, found as `rows` says. */
async function keysOf(
  store: Pick<Store, 'collection'>,
  collection: Collection<unknown>,
  rows: PersonRows,
  personId: string,
): Promise<string[]> {
  switch (rows.in) {
    case 'key':
      return [personId];
    case 'subscription-key': {
      // Run after the person's subscriptions are removed: their rows are those of no subscription.
      const subscriptions = store.collection('subscriptions', anyValue);
      const found: string[] = [];
      for await (const key of collection.keys())
        if ((await subscriptions.read(key)).status === 'absent') found.push(key);
      return found;
    }
    case 'key-segment': {
      const found: string[] = [];
      for await (const key of collection.keys()) if (key.split(':').includes(personId)) found.push(key);
      return found;
    }
    case 'field':
    case 'field-or-key-segment': {
      const bySegment = rows.in === 'field-or-key-segment';
      const found: string[] = [];
      for await (const [key, value] of collection.entries()) {
        const inField =
          typeof value === 'object' && value !== null && Reflect.get(value, rows.field) === personId;
        if (inField || (bySegment && key.split(':').includes(personId))) found.push(key);
      }
      return found;
    }
    case 'nothing':
      return [];
  }
}

/**
 * Deletes the person's rows everywhere; runs after the parts with their own follow-ups (removing
 * subscriptions, revoking tokens) have run. Returns how many rows were deleted.
 */
export async function forgetPerson(store: Pick<Store, 'collection'>, personId: string): Promise<number> {
  let deleted = 0;
  for (const [name, rows] of Object.entries(STORE_COLLECTIONS)) {
    const collection = store.collection(name, anyValue);
    // Keys are gathered before deleting, so a scan never walks over its own deletions.
    for (const key of await keysOf(store, collection, rows, personId))
      if (await collection.delete(key)) deleted += 1;
  }
  return deleted;
}
