/**
 * Records as they are stored, before any schema: what upgrades (migrations, quarantine) and the
 * operator's tools work with. Everyday code uses a schema-checked `Collection` instead.
 */
import type { StoreBackend } from './backend-types.js';
import { decodeRecord, isExpired, serializeRecord, UNDECODABLE } from './record-codec.js';

/** One live stored record: its key within the collection, its exact text, and its value when decodable. */
export interface RawRecord {
  readonly key: string;
  readonly text: string;
  /** False when the text is not a keyv JSON record at all. */
  readonly decodable: boolean;
  readonly value: unknown;
  /** Epoch ms at which it expires, when it has a TTL. */
  readonly expires: number | undefined;
}

export interface RawCollection {
  readonly name: string;
  /** Every live record of the collection (expired ones are skipped, never deleted here). */
  scan(): AsyncIterable<RawRecord>;
  /** One live record, or undefined. */
  get(key: string): Promise<RawRecord | undefined>;
  /** Replaces the value, keeping the expiry, only while the record still holds the text that was read. */
  replace(record: RawRecord, value: unknown): Promise<boolean>;
  /** Deletes the record only while it still holds the text that was read. */
  remove(record: RawRecord): Promise<boolean>;
  /** Writes stored text as it is, when the key holds no live record (loading fixtures and copies). */
  insert(key: string, text: string): Promise<boolean>;
}

function toRecord(key: string, text: string): RawRecord {
  const decoded = decodeRecord(text);
  const decodable = decoded.value !== UNDECODABLE;
  return { key, text, decodable, value: decodable ? decoded.value : undefined, expires: decoded.expires };
}

export function rawCollection(backend: StoreBackend, name: string): RawCollection {
  const prefix = `${name}:`;
  return {
    name,
    async *scan() {
      const now = Date.now();
      for await (const [fullKey, text] of backend.scan(prefix)) {
        if (isExpired(decodeRecord(text), now)) continue;
        yield toRecord(fullKey.slice(prefix.length), text);
      }
    },
    async get(key) {
      const text = await backend.getRaw(prefix + key);
      if (text === undefined || isExpired(decodeRecord(text))) return undefined;
      return toRecord(key, text);
    },
    replace(record, value) {
      const ttlMs = record.expires === undefined ? undefined : Math.max(1, record.expires - Date.now());
      const next = serializeRecord({ value, expires: record.expires });
      return backend.replaceIf(prefix + record.key, record.text, next, ttlMs);
    },
    remove(record) {
      return backend.replaceIf(prefix + record.key, record.text, undefined, undefined);
    },
    insert(key, text) {
      const { expires } = decodeRecord(text);
      const ttlMs = expires === undefined ? undefined : Math.max(1, expires - Date.now());
      return backend.insertIfAbsent(prefix + key, text, ttlMs, Date.now());
    },
  };
}
