import { setTimeout as sleep } from 'node:timers/promises';
import { Keyv } from 'keyv';
import type { z } from 'zod';
import { createLogger, type Logger } from '../logger.js';
import { backendFactoryFor } from './backend.js';
import type { StoreBackend } from './backend-types.js';
import { type RawCollection, rawCollection } from './raw-records.js';
import {
  type DecodedRecord,
  decodeRecord,
  deserializeRecord,
  isExpired,
  serializeRecord,
  UNDECODABLE,
} from './record-codec.js';

/** A store operation that the caller got wrong (bad name, key, value or TTL), or a write the backend refused. */
export class StoreError extends Error {
  override name = 'StoreError';
}

/** Why a stored record could not be used: not a keyv JSON record at all, or not matching the schema. */
export type InvalidReason = 'undecodable' | 'schema';

/** The outcome of reading one key, for callers that must tell "absent" from "present but unreadable". */
export type ReadResult<T> =
  | { status: 'absent' }
  | { status: 'ok'; value: T }
  | { status: 'invalid'; reason: InvalidReason };

/** One named, schema-checked collection of JSON values. Keys are any non-empty strings. */
export interface Collection<T> {
  readonly name: string;
  /** The value, or undefined when absent, expired, undecodable or not matching the schema (the latter two are logged without content). */
  get(key: string): Promise<T | undefined>;
  /** Like get for several keys; the result has one slot per key, in order. */
  getMany(keys: readonly string[]): Promise<Array<T | undefined>>;
  /** Like get, but says whether a record is absent or present-and-invalid. */
  read(key: string): Promise<ReadResult<T>>;
  /** Validates `value` with the schema and stores it; `ttlMs` (> 0) makes it expire. */
  set(key: string, value: T, ttlMs?: number): Promise<void>;
  /**
   * Stores `value` only when the key holds no live record, in one atomic database operation (two
   * callers racing for one key: exactly one gets true). An expired record counts as absent.
   */
  setIfAbsent(key: string, value: T, ttlMs?: number): Promise<boolean>;
  /**
   * Read-modify-write without lost updates: `change` gets the current value (undefined when absent)
   * and returns the next one, or undefined to write nothing. The write happens only if the record is
   * still what was read (compare-and-set); otherwise it is read again and `change` runs again, so
   * `change` must have no side effects. A present but unreadable record is left alone (undefined).
   * Returns the value stored afterwards. `ttlMs` applies to what is written.
   */
  update(
    key: string,
    change: (current: T | undefined) => T | undefined,
    ttlMs?: number,
  ): Promise<T | undefined>;
  /** Deletes the record and returns its value, atomically: of two callers, only one gets it. */
  take(key: string): Promise<T | undefined>;
  /** True when a record was deleted. */
  delete(key: string): Promise<boolean>;
  /**
   * Every live, valid `[key, value]` of this collection only. An invalid record is logged and passed
   * over here; the next start sets it aside (quarantine, see upgrade.ts), so it is never silently lost.
   */
  entries(): AsyncIterable<[string, T]>;
  /** Every live key of this collection, including keys whose record is invalid. */
  keys(): AsyncIterable<string>;
}

export interface Store {
  collection<T>(name: string, schema: z.ZodType<T>): Collection<T>;
  /** Deletes every record whose TTL has run out, in every collection; returns how many were deleted. */
  purgeExpired(): Promise<number>;
  /** True when the backend answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface StoreOptions {
  logger?: Logger;
  /**
   * The only collection names this store accepts (the app passes its registry, src/app/stored-records.ts, so every
   * collection is listed with where a person's rows are); any name when absent (tests, tools).
   */
  collections?: Readonly<Record<string, unknown>>;
}

/** Compare-and-set rounds before `update`/`take` give up (only under heavy contention on one key). */
const MAX_CAS_ATTEMPTS = 50;

/** A short random pause between compare-and-set rounds, so racing writers fall out of step. */
function casBackoff(attempt: number): Promise<void> {
  return sleep(Math.random() * Math.min(2 + attempt, 20));
}

const COLLECTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

function assertKey(key: string): void {
  if (typeof key !== 'string' || key.length === 0)
    throw new StoreError('store: keys must be non-empty strings');
}

function issueSummary(error: z.ZodError): Array<{ path: string; code: string }> {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), code: issue.code }));
}

interface StoreContext {
  keyv: Keyv<unknown>;
  backend: StoreBackend;
  logger: Logger;
}

class KeyvCollection<T> implements Collection<T> {
  readonly #prefix: string;

  constructor(
    private readonly context: StoreContext,
    readonly name: string,
    private readonly schema: z.ZodType<T>,
  ) {
    this.#prefix = `${name}:`;
  }

  #fullKey(key: string): string {
    assertKey(key);
    return this.#prefix + key;
  }

  /** Turns a value from keyv (already expiry-checked) into a ReadResult, logging invalid records without content. */
  #check(key: string, value: unknown): ReadResult<T> {
    if (value === undefined) return { status: 'absent' };
    if (value === UNDECODABLE) {
      this.context.logger.warn(
        { collection: this.name, key: key.slice(0, 200), reason: 'undecodable' },
        'store: ignoring a record that is not valid JSON',
      );
      return { status: 'invalid', reason: 'undecodable' };
    }
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      this.context.logger.warn(
        {
          collection: this.name,
          key: key.slice(0, 200),
          reason: 'schema',
          issues: issueSummary(parsed.error),
        },
        'store: ignoring a record that does not match its schema',
      );
      return { status: 'invalid', reason: 'schema' };
    }
    return { status: 'ok', value: parsed.data };
  }

  async read(key: string): Promise<ReadResult<T>> {
    const value: unknown = await this.context.keyv.get(this.#fullKey(key));
    return this.#check(key, value);
  }

  async get(key: string): Promise<T | undefined> {
    const result = await this.read(key);
    return result.status === 'ok' ? result.value : undefined;
  }

  async getMany(keys: readonly string[]): Promise<Array<T | undefined>> {
    if (keys.length === 0) return [];
    const values: unknown[] = await this.context.keyv.getMany(keys.map((key) => this.#fullKey(key)));
    return keys.map((key, index) => {
      const result = this.#check(key, values[index]);
      return result.status === 'ok' ? result.value : undefined;
    });
  }

  /** The value as the schema parses it; StoreError (naming fields only) when it does not match, or for a bad TTL. */
  #validated(value: T, ttlMs: number | undefined): T {
    if (ttlMs !== undefined && !(Number.isFinite(ttlMs) && ttlMs > 0)) {
      throw new StoreError(
        `store: ttlMs must be a positive number of milliseconds (collection ${this.name})`,
      );
    }
    const parsed = this.schema.safeParse(value);
    if (!parsed.success) {
      const fields = issueSummary(parsed.error)
        .map((issue) => issue.path || '(root)')
        .join(', ');
      throw new StoreError(`store: refusing to write an invalid ${this.name} record (fields: ${fields})`);
    }
    return parsed.data;
  }

  /** The stored text for a value, exactly as keyv writes it (its expiry stamped from Date.now(), as keyv does). */
  #encode(value: T, ttlMs: number | undefined): string {
    const data = this.#validated(value, ttlMs);
    return serializeRecord({ value: data, expires: ttlMs === undefined ? undefined : Date.now() + ttlMs });
  }

  async set(key: string, value: T, ttlMs?: number): Promise<void> {
    const fullKey = this.#fullKey(key);
    const data = this.#validated(value, ttlMs);
    const written = await this.context.keyv.set(fullKey, data, ttlMs);
    if (!written) throw new StoreError(`store: the backend did not write a ${this.name} record`);
  }

  async setIfAbsent(key: string, value: T, ttlMs?: number): Promise<boolean> {
    const fullKey = this.#fullKey(key);
    const raw = this.#encode(value, ttlMs);
    return this.context.backend.insertIfAbsent(fullKey, raw, ttlMs, Date.now());
  }

  /** One key's stored text and, when it holds a live record, that record checked against the schema. */
  async #readRaw(fullKey: string, key: string): Promise<{ raw?: string; current?: ReadResult<T> }> {
    const raw = await this.context.backend.getRaw(fullKey);
    if (raw === undefined) return {};
    const record = decodeRecord(raw);
    if (isExpired(record)) return { raw };
    return { raw, current: this.#check(key, record.value) };
  }

  async update(
    key: string,
    change: (current: T | undefined) => T | undefined,
    ttlMs?: number,
  ): Promise<T | undefined> {
    const fullKey = this.#fullKey(key);
    const { backend } = this.context;
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const { raw, current } = await this.#readRaw(fullKey, key);
      if (current && current.status !== 'ok') return undefined;
      const value = current?.value;
      const next = change(value);
      if (next === undefined) return value;
      const nextRaw = this.#encode(next, ttlMs);
      const written =
        raw === undefined
          ? await backend.insertIfAbsent(fullKey, nextRaw, ttlMs, Date.now())
          : await backend.replaceIf(fullKey, raw, nextRaw, ttlMs);
      if (written) return this.#validated(next, ttlMs);
      await casBackoff(attempt);
    }
    throw new StoreError(`store: a ${this.name} record kept changing; the update was not written`);
  }

  async take(key: string): Promise<T | undefined> {
    const fullKey = this.#fullKey(key);
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt++) {
      const { raw, current } = await this.#readRaw(fullKey, key);
      if (raw === undefined) return undefined;
      // Whoever deletes the text it read is the one taker; an expired or unreadable record is just removed.
      if (await this.context.backend.replaceIf(fullKey, raw, undefined, undefined))
        return current?.status === 'ok' ? current.value : undefined;
      await casBackoff(attempt);
    }
    throw new StoreError(`store: a ${this.name} record kept changing; it was not taken`);
  }

  async delete(key: string): Promise<boolean> {
    return this.context.keyv.delete(this.#fullKey(key));
  }

  /** Live records under this collection's prefix; expired ones are deleted on the way (as keyv's get does). */
  async *#live(): AsyncGenerator<[string, DecodedRecord]> {
    for await (const [fullKey, raw] of this.context.backend.scan(this.#prefix)) {
      const record = decodeRecord(raw);
      if (isExpired(record)) {
        await this.context.keyv.delete(fullKey).catch((error: unknown) => {
          this.context.logger.debug(
            { err: error, collection: this.name },
            'store: could not delete an expired record',
          );
        });
        continue;
      }
      yield [fullKey.slice(this.#prefix.length), record];
    }
  }

  async *entries(): AsyncGenerator<[string, T]> {
    for await (const [key, record] of this.#live()) {
      const result = this.#check(key, record.value);
      if (result.status === 'ok') yield [key, result.value];
    }
  }

  async *keys(): AsyncGenerator<string> {
    for await (const [key] of this.#live()) yield key;
  }
}

/**
 * Opens the store for a DATABASE_URL: `sqlite://<path>` (the parent directory is created) or
 * `sqlite://:memory:`. Every collection lives in one Keyv over one adapter, with our own
 * `<collection>:<key>` prefixes (see the notes in backend.ts on why not keyv namespaces).
 */
export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  const logger = options.logger ?? createLogger('silent');
  const backend = await backendFactoryFor(databaseUrl)(databaseUrl, { logger });
  const context: StoreContext = { keyv: keyvOver(backend), backend, logger };
  let closed = false;
  const opened = new Set<string>();
  const store: Store = {
    collection<T>(name: string, schema: z.ZodType<T>): Collection<T> {
      checkName(name);
      opened.add(name);
      if (options.collections && !Object.hasOwn(options.collections, name)) {
        throw new StoreError(
          `store: collection ${JSON.stringify(name)} is not in the store's registry (declare it with where a person's rows are, in its job or src/app/stored-records.ts, so unlink forgets them)`,
        );
      }
      return new KeyvCollection(context, name, schema);
    },

    purgeExpired() {
      return backend.purgeExpired(Date.now());
    },
    async ping() {
      if (closed) return false;
      try {
        await backend.ping();
        return true;
      } catch (error) {
        logger.warn({ err: error }, 'store: ping failed');
        return false;
      }
    },
    async close() {
      closed = true;
      await backend.close();
    },
  };
  LOW_LEVEL.set(store, {
    raw: (name) => {
      checkName(name);
      return rawCollection(backend, name);
    },
    opened: () => [...opened],
  });
  return store;
}

/** keyv over the backend's adapter, set to throw what the database throws and to leave keys as given. */
function keyvOver(backend: StoreBackend): Keyv<unknown> {
  return new Keyv<unknown>({
    store: backend.adapter,
    // No keyv namespace: its adapter-wide namespace field and "already prefixed" key check are traps.
    namespace: undefined,
    useKeyPrefix: false,
    // Without this, keyv's get() turns a database failure into "absent".
    throwOnErrors: true,
    // Errors are thrown to the caller; emitting them too would log each one twice.
    emitErrors: false,
    serialize: serializeRecord,
    deserialize: deserializeRecord,
  });
}

function checkName(name: string): void {
  if (!COLLECTION_NAME.test(name)) {
    throw new StoreError(
      `store: collection names are 1-64 letters, digits, '_', '-' or '.' (got ${JSON.stringify(name)})`,
    );
  }
}

/** What upgrades and operator tools reach beneath the schema-checked API, per store that openStore made. */
interface LowLevelAccess {
  raw(name: string): RawCollection;
  opened(): string[];
}
const LOW_LEVEL = new WeakMap<Store, LowLevelAccess>();

function lowLevel(store: Store): LowLevelAccess {
  const access = LOW_LEVEL.get(store);
  if (!access) throw new StoreError('store: raw access needs a store opened by openStore');
  return access;
}

/** A collection's records as stored, before any schema: for upgrades and the operator's tools. */
export function rawRecords(store: Store, name: string): RawCollection {
  return lowLevel(store).raw(name);
}

/** Names of the collections opened through `collection()` so far, each once. */
export function openedCollections(store: Store): string[] {
  return lowLevel(store).opened();
}
