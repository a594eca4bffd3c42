/**
 * Everything kiroku stores about a person, found through the store's one registry (src/app/stored-records.ts,
 * given as `collections`), and the one
 * forget that `/account unlink` and `admin forget` both run after the token is taken: pending links
 * with their tokens revoked, subscriptions removed as the jobs see them go, then every other row.
 */
import { z } from 'zod';
import type { Logger } from '../logger.js';
import type { CollectionName, CollectionRegistry, PersonRows } from '../store/collections.js';
import type { Collection, Store } from '../store/index.js';
import { QUARANTINE_COLLECTION } from '../store/quarantine.js';
import { SUBSCRIPTIONS_COLLECTION, type Subscriptions } from '../subscriptions/model.js';
import type { TokenVault } from '../vault/index.js';
import { OAuthConfirmations, pendingLinkSchema } from './oauth-confirmations.js';

const anyValue = z.unknown();

/** One stored row about a person. */
export interface PersonRow {
  collection: CollectionName;
  key: string;
  value: unknown;
}

const fieldOf = (value: unknown, field: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, field) : undefined;

/** Whether the row at `key` holding `value` is the person's, as `rows` says. */
function isPersons(
  rows: PersonRows,
  key: string,
  value: unknown,
  personId: string,
  subscriptionIds: ReadonlySet<string>,
): boolean {
  switch (rows.in) {
    case 'key':
      return key === personId;
    case 'key-segment':
      return key.split(':').includes(personId);
    case 'field':
      return fieldOf(value, rows.field) === personId;
    case 'field-or-key-segment':
      return fieldOf(value, rows.field) === personId || key.split(':').includes(personId);
    case 'subscription-key':
      return subscriptionIds.has(key);
    case 'nothing':
      return false;
  }
}

/** The rows of one collection about the person; a key-only rule reads no values. */
async function* rowsIn(
  collection: Collection<unknown>,
  rows: PersonRows,
  personId: string,
  subscriptionIds: ReadonlySet<string>,
): AsyncGenerator<{ key: string; value: unknown }> {
  if (rows.in === 'nothing') return;
  if (rows.in === 'key') {
    const record = await collection.read(personId);
    if (record.status !== 'absent')
      yield { key: personId, value: record.status === 'ok' ? record.value : undefined };
    return;
  }
  for await (const [key, value] of collection.entries())
    if (isPersons(rows, key, value, personId, subscriptionIds)) yield { key, value };
}

/**
 * The ids of the person's subscriptions, kept or quarantined: rows keyed by a subscription id
 * (a digest's state) are theirs too.
 */
async function subscriptionIdsOf(store: Pick<Store, 'collection'>, personId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for await (const [key, value] of store.collection(SUBSCRIPTIONS_COLLECTION, anyValue).entries())
    if (fieldOf(value, 'ownerId') === personId) ids.add(key);
  for await (const [, value] of store.collection(QUARANTINE_COLLECTION, anyValue).entries()) {
    const key = fieldOf(value, 'key');
    if (fieldOf(value, 'collection') === SUBSCRIPTIONS_COLLECTION && fieldOf(value, 'ownerId') === personId)
      if (typeof key === 'string') ids.add(key);
  }
  return ids;
}

/** Every stored row about the person, collection by collection as the registry lists them. */
export async function* rowsAbout(
  store: Pick<Store, 'collection'>,
  collections: CollectionRegistry,
  personId: string,
  subscriptionIds?: ReadonlySet<string>,
): AsyncGenerator<PersonRow> {
  const ids = subscriptionIds ?? (await subscriptionIdsOf(store, personId));
  for (const [name, rows] of Object.entries(collections)) {
    const collection = store.collection(name, anyValue);
    for await (const row of rowsIn(collection, rows, personId, ids)) yield { collection: name, ...row };
  }
}

/** What forgetting a person removed, besides their token. */
export interface Forgotten {
  /** Links waiting for the OAuth confirmation form: how many, and how many tokens the service revoked. */
  pendingLinks: { found: number; revoked: number };
  /** The ids of the subscriptions removed. */
  subscriptions: string[];
  /** Every other row deleted, by collection. */
  rows: Partial<Record<CollectionName, number>>;
}

interface ForgetParts {
  store: Store;
  /** Where a person's rows are, by collection (the store's registry). */
  collections: CollectionRegistry;
  vault: Pick<TokenVault, 'sealTransient' | 'openTransient'>;
  /** Revokes a token at the service; undefined without an OAuth application (nothing can be revoked). */
  revoke: ((accessToken: string, person: string | null) => Promise<void>) | undefined;
  subscriptions: Pick<Subscriptions, 'removeByOwner' | 'all'>;
  logger: Logger;
}

/**
 * The forget every entry point runs, after the token itself was taken and revoked. Each step is
 * idempotent: a forget that fails half-way is finished by running it again.
 */
export function personForgetter(parts: ForgetParts): (personId: string) => Promise<Forgotten> {
  const { store, logger } = parts;
  const confirmations = new OAuthConfirmations(
    store.collection('oauth-confirmation', pendingLinkSchema),
    parts.vault,
    async (token, person) => {
      if (!parts.revoke) throw new Error('no OAuth application is configured');
      await parts.revoke(token, person).catch((error: unknown) => {
        logger.warn({ err: error }, 'oauth: revoking a pending link’s token failed during unlink');
        throw error;
      });
    },
  );
  return async (personId) => {
    // Their tokens would stay valid at the service, and nothing could find them once the rows are gone.
    const pendingLinks = await confirmations.revokeFor(personId);
    const subscriptionIds = await subscriptionIdsOf(store, personId);
    const subscriptions = (await parts.subscriptions.all((s) => s.ownerId === personId)).map((s) => s.id);
    // Through the model, so the version mark moves and running jobs drop them from their snapshot.
    await parts.subscriptions.removeByOwner(personId);
    const rows: Forgotten['rows'] = {};
    // Gathered before deleting, so a scan never walks over its own deletions.
    const found: PersonRow[] = [];
    for await (const row of rowsAbout(store, parts.collections, personId, subscriptionIds)) found.push(row);
    for (const { collection, key } of found) {
      if (await store.collection(collection, anyValue).delete(key))
        rows[collection] = (rows[collection] ?? 0) + 1;
    }
    return { pendingLinks, subscriptions, rows };
  };
}
