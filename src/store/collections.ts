/**
 * Every collection kiroku keeps in its store, and where a person's rows are in it: the one list the
 * app's store accepts names from (a collection missing here is refused at its first use, so a new one
 * cannot be added without saying how unlink forgets a person in it), and the list unlink walks.
 */

/** How to find one person's rows (the person is a Discord user id). */
export type PersonRows =
  /** The key is the person's id. */
  | { in: 'key' }
  /** The key is `a:b:c` and one segment is the person's id. */
  | { in: 'key-segment' }
  /** The value is an object whose `field` holds the person's id. */
  | { in: 'field'; field: string }
  /** Either: the value's `field` holds the person's id, or one key segment is it (the quarantine). */
  | { in: 'field-or-key-segment'; field: string }
  /** The key is the id of one of the person's subscriptions. */
  | { in: 'subscription-key' }
  /** Nothing in it names a person; `why` says so for the reader of this list. */
  | { in: 'nothing'; why: string };

export const STORE_COLLECTIONS = {
  vault: { in: 'key' },
  subscriptions: { in: 'field', field: 'ownerId' },
  'subscriptions-version': { in: 'nothing', why: 'one random mark for every subscription' },
  'user-preferences': { in: 'key' },
  pager: { in: 'field', field: 'invoker' },
  'oauth-state': { in: 'field', field: 'discordUserId' },
  'oauth-confirmation': { in: 'field', field: 'discordUserId' },
  'once-per-user': { in: 'key-segment' },
  'feed-cursor': { in: 'key' },
  'feed-rate': { in: 'key' },
  'owner-change': { in: 'key' },
  'membership-checks': { in: 'key-segment' },
  'digest-state': { in: 'subscription-key' },
  outbox: {
    in: 'nothing',
    why: 'keyed by a hash of channel and activity; the entry holds delivery state and the message id only',
  },
  'watch-lists': { in: 'field', field: 'invoker' },
  reminders: { in: 'key' },
  quarantine: { in: 'field-or-key-segment', field: 'ownerId' },
  'store-schema': { in: 'nothing', why: "each collection's schema version and the kiroku that wrote it" },
  'account-lock': {
    in: 'nothing',
    why: 'a lease held only while a link change runs, released when it ends (or expired within a minute)',
  },
} as const satisfies Record<string, PersonRows>;

export type CollectionName = keyof typeof STORE_COLLECTIONS;

export const COLLECTION_NAMES = Object.keys(STORE_COLLECTIONS) as CollectionName[];
