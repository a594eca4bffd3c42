/**
 * The store's one registry of collections: every collection kiroku stores, with the schema version
 * this release writes, how older records move up (see src/store/upgrade.ts) and where a person's
 * rows are in it (what unlink and `admin forget` delete and `admin export` prints). The jobs
 * declare their own collections (src/jobs/list.ts); the others are listed here. The store refuses
 * a collection this registry does not name.
 */
import { pendingLinkSchema } from '../accounts/oauth-confirmations.js';
import { oauthStateSchema } from '../accounts/oauth-state.js';
import { ACCOUNT_LOCK_COLLECTION, leaseSchema } from '../accounts/person-lock.js';
import { preferencesSchema, USER_PREFERENCES_COLLECTION } from '../accounts/user-preferences.js';
import { claimSchema, ONCE_PER_USER_COLLECTION } from '../bot/once-per-user.js';
import { pagerStateSchema } from '../bot/paging.js';
import { JOB_COLLECTIONS } from '../jobs/list.js';
import {
  type CollectionRegistry,
  firstVersion,
  type StoredCollection,
  UPGRADE_BOOKKEEPING,
} from '../store/collections.js';
import { ownerIdField, type RecordKind } from '../store/record-kinds.js';
import { SUBSCRIPTION_MIGRATIONS, SUBSCRIPTION_SCHEMA_VERSION } from '../subscriptions/migrations.js';
import {
  SUBSCRIPTIONS_COLLECTION,
  SUBSCRIPTIONS_VERSION_COLLECTION,
  subscriptionSchema,
  subscriptionsVersionSchema,
} from '../subscriptions/model.js';
import type { KeyRing } from '../vault/keyring.js';
import { inspectEnvelope } from '../vault/record-check.js';
import { envelopeSchema, VAULT_COLLECTION } from '../vault/token-vault.js';
import { REMINDERS_COLLECTION, reminderSchema } from '../viewing/reminders.js';
import { WATCH_LIST_COLLECTION, watchListSchema } from '../viewing/watch-lists.js';

/** The collections of the commands, accounts, vault and subscriptions (the jobs declare theirs). */
const APP_COLLECTIONS: readonly StoredCollection[] = [
  {
    collection: SUBSCRIPTIONS_COLLECTION,
    version: SUBSCRIPTION_SCHEMA_VERSION,
    schema: subscriptionSchema,
    migrations: SUBSCRIPTION_MIGRATIONS,
    ownerOf: ownerIdField,
    person: { in: 'field', field: 'ownerId' },
  },
  firstVersion(SUBSCRIPTIONS_VERSION_COLLECTION, subscriptionsVersionSchema, {
    in: 'nothing',
    why: 'one random mark for every subscription',
  }),
  firstVersion(VAULT_COLLECTION, envelopeSchema, { in: 'key', withhold: { value: true } }),
  firstVersion(USER_PREFERENCES_COLLECTION, preferencesSchema, { in: 'key' }),
  firstVersion(ONCE_PER_USER_COLLECTION, claimSchema, { in: 'key-segment' }),
  firstVersion('pager', pagerStateSchema, { in: 'field', field: 'invoker' }),
  // The key is the OAuth state itself, which completes a link while it lives.
  firstVersion('oauth-state', oauthStateSchema, {
    in: 'field',
    field: 'discordUserId',
    withhold: { key: true },
  }),
  firstVersion('oauth-confirmation', pendingLinkSchema, {
    in: 'field',
    field: 'discordUserId',
    withhold: { fields: ['sealedToken'] },
  }),
  firstVersion(WATCH_LIST_COLLECTION, watchListSchema, { in: 'field', field: 'invoker' }),
  firstVersion(REMINDERS_COLLECTION, reminderSchema, { in: 'key' }),
  firstVersion(ACCOUNT_LOCK_COLLECTION, leaseSchema, {
    in: 'nothing',
    why: 'a lease held only while a link change runs, released when it ends (or expired within a minute)',
  }),
];

/** Every versioned collection: the app's and the jobs'. */
export const STORED_COLLECTIONS: readonly StoredCollection[] = [...APP_COLLECTIONS, ...JOB_COLLECTIONS];

/** Where a person's rows are, by collection, the upgrade's bookkeeping too: the names the store accepts. */
export const STORE_COLLECTIONS: CollectionRegistry = {
  ...Object.fromEntries(STORED_COLLECTIONS.map((kind) => [kind.collection, kind.person])),
  ...UPGRADE_BOOKKEEPING,
};

export const COLLECTION_NAMES: readonly string[] = Object.keys(STORE_COLLECTIONS);

/** The kinds without the vault's envelope check: for tools that hold no key. */
export const PLAIN_RECORD_KINDS: readonly RecordKind[] = STORED_COLLECTIONS;

/** Every kind, the vault's envelopes also checked with the keys: a merely corrupt one is quarantined. */
export function storedRecordKinds(keyring: KeyRing): RecordKind[] {
  const inspect = inspectEnvelope(keyring);
  return PLAIN_RECORD_KINDS.map((kind) =>
    kind.collection === VAULT_COLLECTION ? { ...kind, inspect } : kind,
  );
}
