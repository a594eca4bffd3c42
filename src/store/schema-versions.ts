/**
 * Which schema version each collection's records are at, in one record of the store itself, and
 * which kiroku wrote it. A store from before versioning has no such record: all of it is version 1.
 */
import { z } from 'zod';
import { ConfigError } from '../config.js';
import { QUARANTINE_COLLECTION, QUARANTINE_VERSION, quarantinedRecordSchema } from './quarantine.js';
import type { RecordKind } from './record-kinds.js';
import type { Store } from './store.js';

export const SCHEMA_COLLECTION = 'store-schema';
const KEY = 'versions';
/** The version of every record written before collections carried one. */
export const UNVERSIONED = 1;

/** The store's own collections: versioned like the rest, never migrated or quarantined themselves. */
const OWN_KINDS: readonly RecordKind[] = [
  {
    collection: QUARANTINE_COLLECTION,
    version: QUARANTINE_VERSION,
    schema: quarantinedRecordSchema,
    migrations: [],
  },
];

export const schemaVersionsSchema = z.object({
  /** Collection name -> schema version of its records (collections this release does not know are kept). */
  collections: z.record(z.string(), z.number().int().min(1)),
  /** The kiroku version that last upgraded the store. */
  writtenBy: z.string(),
  updatedAt: z.string(),
});
export type SchemaVersions = z.infer<typeof schemaVersionsSchema>;

/** The store holds records newer than this kiroku reads: it refuses to start rather than misread them. */
export class StoreTooNewError extends ConfigError {
  override name = 'StoreTooNewError';
}

function schemaRecords(store: Store) {
  return store.collection(SCHEMA_COLLECTION, schemaVersionsSchema);
}

export async function readSchemaVersions(store: Store): Promise<SchemaVersions | undefined> {
  const found = await schemaRecords(store).read(KEY);
  if (found.status === 'invalid') {
    throw new ConfigError(
      "DATABASE_URL: the store's schema version record is unreadable; restore a backup or ask for help",
    );
  }
  return found.status === 'ok' ? found.value : undefined;
}

/** Stops the start when any collection is at a version beyond what this release knows. */
export function refuseNewerStore(
  stored: SchemaVersions | undefined,
  kinds: readonly RecordKind[],
  ours: string,
) {
  if (!stored) return;
  const newer = [...kinds, ...OWN_KINDS].filter(
    (kind) => (stored.collections[kind.collection] ?? UNVERSIONED) > kind.version,
  );
  if (newer.length === 0) return;
  const detail = newer
    .map(
      (kind) =>
        `${kind.collection} v${stored.collections[kind.collection]} (this release reads v${kind.version})`,
    )
    .join(', ');
  throw new StoreTooNewError(
    `DATABASE_URL: the store was written by kiroku ${stored.writtenBy}, newer than this kiroku ${ours}: ${detail}. Run kiroku ${stored.writtenBy} or later, or restore a backup taken before the upgrade`,
  );
}

export async function writeSchemaVersions(
  store: Store,
  stored: SchemaVersions | undefined,
  kinds: readonly RecordKind[],
  ours: string,
  now: Date,
): Promise<void> {
  const collections = { ...stored?.collections };
  for (const kind of [...kinds, ...OWN_KINDS]) collections[kind.collection] = kind.version;
  await schemaRecords(store).set(KEY, { collections, writtenBy: ours, updatedAt: now.toISOString() });
}
