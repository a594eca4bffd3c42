/** What a database adapter provides to the store; the adapters and the registry (backend.ts) share it. */
import type { KeyvStoreAdapter } from 'keyv';
import type { Logger } from '../logger.js';

/**
 * What the store needs from one database beyond keyv's adapter. keyv's own iterator is not used: with
 * @keyv/sqlite it pages with LIMIT/OFFSET (rows deleted during iteration make it skip live rows) and it
 * follows the adapter's single `namespace` field, which is shared by every Keyv over that adapter.
 */
export interface StoreBackend {
  /** The keyv storage adapter; exactly one Keyv instance is built over it. */
  readonly adapter: KeyvStoreAdapter;
  /** Every stored `[key, raw value]` whose key starts with `prefix`, robust to writes during the walk. */
  scan(prefix: string): AsyncIterable<readonly [key: string, raw: string]>;
  /** The stored text of one key (expired or not), or undefined when there is no row. */
  getRaw(key: string): Promise<string | undefined>;
  /**
   * Writes `raw` only when the key holds no live record (a row whose record expired before `nowMs`
   * counts as absent), in one atomic database operation. True when written.
   */
  insertIfAbsent(key: string, raw: string, ttlMs: number | undefined, nowMs: number): Promise<boolean>;
  /**
   * Replaces the stored text with `next` (or deletes the row when `next` is undefined) only while it
   * still equals `expected`, atomically. True when the row was changed.
   */
  replaceIf(
    key: string,
    expected: string,
    next: string | undefined,
    ttlMs: number | undefined,
  ): Promise<boolean>;
  /** Deletes every row whose record expired before `nowMs`; returns how many (Redis expires keys itself: 0). */
  purgeExpired(nowMs: number): Promise<number>;
  /** Resolves when the database answers a trivial query; rejects otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface BackendOptions {
  logger: Logger;
}

export type BackendFactory = (databaseUrl: string, options: BackendOptions) => Promise<StoreBackend>;
