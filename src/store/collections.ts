/**
 * What the store's one registry of collections says about each: where a person's rows are in it
 * (forgetting, `/account unlink` and `admin forget`, and `admin export` walk this), beside its
 * schema version and migrations (`RecordKind`). The registry itself is put together by the app
 * (src/app/stored-records.ts) from the collections each part of kiroku declares, each job's among
 * them; a collection missing from it is refused at its first use, so a new one cannot be added
 * without saying how a person's rows are found in it.
 */
import { QUARANTINE_COLLECTION } from './quarantine.js';
import type { RecordKind } from './record-kinds.js';
import { SCHEMA_COLLECTION } from './schema-versions.js';

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

/** A collection's name. */
export type CollectionName = string;

/** One entry of the registry: the record kind the upgrade versions, and where a person's rows are. */
export interface StoredCollection extends RecordKind {
  readonly person: PersonRows;
}

/** Where a person's rows are, by collection: what the store accepts names from, and what forgetting walks. */
export type CollectionRegistry = Readonly<Record<CollectionName, PersonRows>>;

/** A collection whose records have not changed shape since versions began. */
export function firstVersion(
  collection: string,
  schema: RecordKind['schema'],
  person: PersonRows,
): StoredCollection {
  return { collection, version: 1, schema, migrations: [], person };
}

/** The upgrade's own bookkeeping, listed for where a person's rows are but not versioned itself. */
export const UPGRADE_BOOKKEEPING: CollectionRegistry = {
  // `text` is the record as it was stored: for a token, its sealed envelope.
  [QUARANTINE_COLLECTION]: { in: 'field-or-key-segment', field: 'ownerId', withhold: { fields: ['text'] } },
  [SCHEMA_COLLECTION]: {
    in: 'nothing',
    why: "each collection's schema version and the kiroku that wrote it",
  },
};
