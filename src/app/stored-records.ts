/**
 * Every collection kiroku stores, with the schema version this release writes and how older records
 * move up (see src/store/upgrade.ts). A new collection is added here too; the store tests fail
 * when the running bot opens a collection this list does not name.
 */
import { pendingLinkSchema } from '../accounts/oauth-confirmations.js';
import { oauthStateSchema } from '../accounts/oauth-state.js';
import { ACCOUNT_LOCK_COLLECTION, leaseSchema } from '../accounts/person-lock.js';
import { preferencesSchema, USER_PREFERENCES_COLLECTION } from '../accounts/user-preferences.js';
import { claimSchema, ONCE_PER_USER_COLLECTION } from '../bot/once-per-user.js';
import { pagerStateSchema } from '../bot/paging.js';
import { MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema } from '../jobs/delivery/membership.js';
import { OUTBOX_COLLECTION, outboxEntrySchema } from '../jobs/delivery/outbox.js';
import { FEED_CURSOR_COLLECTION, feedCursorSchema } from '../jobs/feed/cursors.js';
import { FEED_RATE_COLLECTION, feedRateSchema } from '../jobs/feed/rates.js';
import { OWNER_CHANGE_COLLECTION, ownerChangeSchema } from '../jobs/owners/changes.js';
import { DIGEST_STATE_COLLECTION, digestStateSchema } from '../jobs/schedule/digest.js';
import { WEEKLY_STATE_COLLECTION, weeklyStateSchema } from '../jobs/weekly/weekly-summaries.js';
import { ownerIdField, type RecordKind } from '../store/record-kinds.js';
import { SUBSCRIPTION_MIGRATIONS, SUBSCRIPTION_SCHEMA_VERSION } from '../subscriptions/migrations.js';
import {
  SUBSCRIPTIONS_COLLECTION,
  SUBSCRIPTIONS_VERSION_COLLECTION,
  subscriptionSchema,
  subscriptionsVersionSchema,
} from '../subscriptions/model.js';
import { TITLE_INDEX_COLLECTION, titleRecordSchema } from '../titles/title-index.js';
import type { KeyRing } from '../vault/keyring.js';
import { inspectEnvelope } from '../vault/record-check.js';
import { envelopeSchema, VAULT_COLLECTION } from '../vault/token-vault.js';
import { VERDICT_POSTS_COLLECTION, verdictPostSchema } from '../verdicts/posts.js';
import { VERDICT_VOTES_COLLECTION, verdictVoteSchema } from '../verdicts/votes.js';
import { REMINDERS_COLLECTION, reminderSchema } from '../viewing/reminders.js';
import { WATCH_LIST_COLLECTION, watchListSchema } from '../viewing/watch-lists.js';

/** A collection whose records have not changed shape since versions began. */
const firstVersion = (collection: string, schema: RecordKind['schema']): RecordKind => ({
  collection,
  version: 1,
  schema,
  migrations: [],
});

/** The kinds without the vault's envelope check: for tools that hold no key. */
export const PLAIN_RECORD_KINDS: readonly RecordKind[] = [
  {
    collection: SUBSCRIPTIONS_COLLECTION,
    version: SUBSCRIPTION_SCHEMA_VERSION,
    schema: subscriptionSchema,
    migrations: SUBSCRIPTION_MIGRATIONS,
    ownerOf: ownerIdField,
  },
  firstVersion(SUBSCRIPTIONS_VERSION_COLLECTION, subscriptionsVersionSchema),
  firstVersion(VAULT_COLLECTION, envelopeSchema),
  firstVersion(USER_PREFERENCES_COLLECTION, preferencesSchema),
  firstVersion(FEED_CURSOR_COLLECTION, feedCursorSchema),
  firstVersion(FEED_RATE_COLLECTION, feedRateSchema),
  firstVersion(OUTBOX_COLLECTION, outboxEntrySchema),
  firstVersion(DIGEST_STATE_COLLECTION, digestStateSchema),
  firstVersion(WEEKLY_STATE_COLLECTION, weeklyStateSchema),
  firstVersion(OWNER_CHANGE_COLLECTION, ownerChangeSchema),
  firstVersion(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema),
  firstVersion(ONCE_PER_USER_COLLECTION, claimSchema),
  firstVersion('pager', pagerStateSchema),
  firstVersion('oauth-state', oauthStateSchema),
  firstVersion('oauth-confirmation', pendingLinkSchema),
  firstVersion(WATCH_LIST_COLLECTION, watchListSchema),
  firstVersion(REMINDERS_COLLECTION, reminderSchema),
  firstVersion(ACCOUNT_LOCK_COLLECTION, leaseSchema),
  firstVersion(TITLE_INDEX_COLLECTION, titleRecordSchema),
  firstVersion(VERDICT_VOTES_COLLECTION, verdictVoteSchema),
  firstVersion(VERDICT_POSTS_COLLECTION, verdictPostSchema),
];

/** Every kind, the vault's envelopes also checked with the keys: a merely corrupt one is quarantined. */
export function storedRecordKinds(keyring: KeyRing): RecordKind[] {
  const inspect = inspectEnvelope(keyring);
  return PLAIN_RECORD_KINDS.map((kind) =>
    kind.collection === VAULT_COLLECTION ? { ...kind, inspect } : kind,
  );
}
