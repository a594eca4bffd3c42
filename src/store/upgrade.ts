/**
 * At start, before anything reads the store: refuse a store from a newer kiroku and migrate older
 * records step by step; then, once the bot answers, keep aside (quarantine) every record that cannot
 * be read, with the reason, instead of skipping it on every read for ever.
 */
import type { Logger } from '../logger.js';
import { Quarantine, type QuarantinedRecord } from './quarantine.js';
import type { RawCollection, RawRecord } from './raw-records.js';
import { migrateValue, type RecordKind } from './record-kinds.js';
import { readSchemaVersions, refuseNewerStore, UNVERSIONED, writeSchemaVersions } from './schema-versions.js';
import { rawRecords, type Store } from './store.js';

export interface UpgradeOptions {
  /** This kiroku's version (written into the store and into quarantined records). */
  version: string;
  logger: Logger;
  now: () => Date;
}

export interface CollectionUpgrade {
  collection: string;
  from: number;
  to: number;
  checked: number;
  migrated: number;
  quarantined: number;
}

export interface UpgradeReport {
  collections: CollectionUpgrade[];
  /** Records quarantined by this run. */
  quarantined: number;
  /** Every quarantined record now in the store, per collection (this run's and earlier ones). */
  quarantinedByCollection: Map<string, number>;
}

/** The issues of a failed schema parse as field paths only: never the record's content. */
function schemaReason(kind: RecordKind, value: unknown): string | undefined {
  const parsed = kind.schema.safeParse(value);
  if (parsed.success) return undefined;
  const fields = [
    ...new Set(parsed.error.issues.map((issue) => issue.path.map(String).join('.') || '(root)')),
  ];
  return `does not match the ${kind.collection} schema v${kind.version} (fields: ${fields.join(', ')})`;
}

type Outcome = { next?: unknown; reason?: string };

/** What one record needs: nothing, a rewrite to its migrated value, or quarantine with a reason. */
function examine(kind: RecordKind, from: number, record: RawRecord): Outcome {
  if (!record.decodable) return { reason: 'not a JSON record' };
  let value: unknown;
  try {
    value = migrateValue(kind, from, record.value);
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
  const reason = schemaReason(kind, value) ?? kind.inspect?.(record.key, value);
  if (reason) return { reason };
  return from < kind.version && JSON.stringify(value) !== JSON.stringify(record.value) ? { next: value } : {};
}

class Upgrader {
  readonly #quarantine: Quarantine;

  constructor(
    private readonly store: Store,
    private readonly options: UpgradeOptions,
  ) {
    this.#quarantine = new Quarantine(store);
  }

  async collection(kind: RecordKind, from: number): Promise<CollectionUpgrade> {
    const raw = rawRecords(this.store, kind.collection);
    const result = {
      collection: kind.collection,
      from,
      to: kind.version,
      checked: 0,
      migrated: 0,
      quarantined: 0,
    };
    for await (const record of raw.scan()) {
      result.checked += 1;
      const outcome = examine(kind, from, record);
      if (outcome.reason !== undefined) {
        if (await this.#setAside(raw, kind, record, outcome.reason)) result.quarantined += 1;
      } else if (outcome.next !== undefined && (await raw.replace(record, outcome.next))) {
        result.migrated += 1;
      }
    }
    return result;
  }

  /** Copies the record into the quarantine, then removes it only if nobody rewrote it meanwhile. */
  async #setAside(raw: RawCollection, kind: RecordKind, record: RawRecord, reason: string): Promise<boolean> {
    const ownerId = record.decodable ? kind.ownerOf?.(record.value) : undefined;
    const entry: QuarantinedRecord = {
      collection: kind.collection,
      key: record.key,
      reason,
      text: record.text,
      quarantinedAt: this.options.now().toISOString(),
      by: this.options.version,
      ...(ownerId ? { ownerId } : {}),
    };
    await this.#quarantine.put(entry);
    if (await raw.remove(record)) {
      this.options.logger.warn(
        { collection: kind.collection, key: record.key.slice(0, 200), reason },
        'store: quarantined a record that cannot be read',
      );
      return true;
    }
    // Gone: another process starting at the same time set it aside (or it was deleted); the copy stays.
    if ((await raw.get(record.key)) === undefined) return false;
    // Rewritten by a running process meanwhile: that newer write stands, and is checked next start.
    await this.#quarantine.drop(kind.collection, record.key);
    return false;
  }

  counts(): Promise<Map<string, number>> {
    return this.#quarantine.counts();
  }
}

/** The start's part of the upgrade, done; the rest (`sweep`) runs once the bot answers. */
export interface StartUpgrade {
  /** The collections at an older version, migrated (and checked) before anything reads the store. */
  migrated: UpgradeReport;
  /**
   * Checks every record of the collections already at this release's version, setting aside those
   * that cannot be read. Nothing in them needs rewriting, so reads need not wait for it: until it has
   * run, a read passes over such a record as it would one corrupted while running.
   */
  sweep(): Promise<UpgradeReport>;
}

/**
 * At start, before anything reads the store: refuses a store from a newer kiroku and migrates the
 * collections at an older version (every record read, rewritten or set aside). A restart of the same
 * release reads no record here: checking those is `sweep`, whose cost grows with the store (about
 * 10 ms per 1,000 records) and would otherwise delay every restart.
 */
export async function migrateStore(
  store: Store,
  kinds: readonly RecordKind[],
  options: UpgradeOptions,
): Promise<StartUpgrade> {
  const stored = await readSchemaVersions(store);
  refuseNewerStore(stored, kinds, options.version);
  const fromOf = (kind: RecordKind) => stored?.collections[kind.collection] ?? UNVERSIONED;
  const migrated = await checkCollections(
    store,
    kinds.filter((kind) => fromOf(kind) !== kind.version),
    fromOf,
    options,
  );
  await writeSchemaVersions(store, stored, kinds, options.version, options.now());
  const current = kinds.filter((kind) => fromOf(kind) === kind.version);
  return { migrated, sweep: () => checkCollections(store, current, fromOf, options) };
}

/** Brings every known collection to this release's version and checks every record; see the module comment. */
export async function upgradeStore(
  store: Store,
  kinds: readonly RecordKind[],
  options: UpgradeOptions,
): Promise<UpgradeReport> {
  const start = await migrateStore(store, kinds, options);
  const swept = await start.sweep();
  return {
    collections: [...start.migrated.collections, ...swept.collections],
    quarantined: start.migrated.quarantined + swept.quarantined,
    quarantinedByCollection: swept.quarantinedByCollection,
  };
}

/** Reads every record of `kinds` (each from its stored version), migrating or setting aside as needed. */
async function checkCollections(
  store: Store,
  kinds: readonly RecordKind[],
  fromOf: (kind: RecordKind) => number,
  options: UpgradeOptions,
): Promise<UpgradeReport> {
  const upgrader = new Upgrader(store, options);
  const collections: CollectionUpgrade[] = [];
  for (const kind of kinds) {
    const from = fromOf(kind);
    const result = await upgrader.collection(kind, from);
    collections.push(result);
    // A fresh store has nothing to migrate: only a collection that held records at an older version is news.
    if (result.checked > 0 && from !== kind.version) {
      options.logger.info(
        { collection: kind.collection, from, to: kind.version, migrated: result.migrated },
        'store: migrated records',
      );
    }
  }
  const quarantined = collections.reduce((sum, c) => sum + c.quarantined, 0);
  return { collections, quarantined, quarantinedByCollection: await upgrader.counts() };
}
