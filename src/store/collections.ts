/**
 * Every collection kiroku keeps in its store, and where a person's rows are in it: the one list the
 * app's store accepts names from (a collection missing here is refused at its first use, so a new one
 * cannot be added without saying how a person's rows are found in it), and the one list of what is
 * stored about a person that forgetting (unlink, `admin forget`) and `admin export` both walk.
 */

/** How to find one person's rows (the person is a Discord user id). */
export type PersonRows = PersonRowsIn & {
  /** What `admin export` never prints: a secret key, a sealed value, or sealed fields of the value. */
  withhold?: { key?: true; value?: true; fields?: readonly string[] };
};

type PersonRowsIn =
  /** The key is the person's id. */
  | { in: 'key' }
  /** The key is `a:b:c` and one segment is the person's id. */
  | { in: 'key-segment' }
  /** The value is an object whose `field` holds the person's id. */
  | { in: 'field'; field: string }
  /** Either: the value's `field` holds the person's id, or one key segment is it (the quarantine). */
  | { in: 'field-or-key-segment'; field: string }
  /** The key is the id of one of the person's subscriptions (kept or quarantined). */
  | { in: 'subscription-key' }
  /** Nothing in it names a person; `why` says so for the reader of this list. */
  | { in: 'nothing'; why: string };

export const STORE_COLLECTIONS = {
  vault: { in: 'key', withhold: { value: true } },
  subscriptions: { in: 'field', field: 'ownerId' },
  'subscriptions-version': { in: 'nothing', why: 'one random mark for every subscription' },
  'user-preferences': { in: 'key' },
  pager: { in: 'field', field: 'invoker' },
  // The key is the OAuth state itself, which completes a link while it lives.
  'oauth-state': { in: 'field', field: 'discordUserId', withhold: { key: true } },
  'oauth-confirmation': { in: 'field', field: 'discordUserId', withhold: { fields: ['sealedToken'] } },
  'once-per-user': { in: 'key-segment' },
  'feed-cursor': { in: 'key' },
  'feed-rate': { in: 'key' },
  'owner-change': { in: 'key' },
  'membership-checks': { in: 'key-segment' },
  'digest-state': { in: 'subscription-key' },
  'weekly-state': { in: 'subscription-key' },
  outbox: {
    in: 'nothing',
    why: 'keyed by a hash of channel and activity; the entry holds delivery state and the message id only',
  },
  'watch-lists': { in: 'field', field: 'invoker' },
  'verdict-votes': { in: 'key-segment' },
  'verdict-posts': {
    in: 'nothing',
    why: "a server's post of an episode: its channel, message and refresh time",
  },
  reminders: { in: 'key' },
  // `text` is the record as it was stored: for a token, its sealed envelope.
  quarantine: { in: 'field-or-key-segment', field: 'ownerId', withhold: { fields: ['text'] } },
  'store-schema': { in: 'nothing', why: "each collection's schema version and the kiroku that wrote it" },
  'title-index': { in: 'nothing', why: "the service's public titles of works, and when they were last read" },
  'account-lock': {
    in: 'nothing',
    why: 'a lease held only while a link change runs, released when it ends (or expired within a minute)',
  },
} as const satisfies Record<string, PersonRows>;

export type CollectionName = keyof typeof STORE_COLLECTIONS;

export const COLLECTION_NAMES = Object.keys(STORE_COLLECTIONS) as CollectionName[];
