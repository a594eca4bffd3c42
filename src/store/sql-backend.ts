/** The store backend over one SQL table of `(key, value)` rows, shared by SQLite and PostgreSQL. */
import type { KeyvStoreAdapter } from 'keyv';
import type { StoreBackend } from './backend-types.js';
import { type KeyValueRow, keysetScan } from './keyset-scan.js';

/** Runs one statement with positional parameters and returns its rows (none for a statement without). */
export type SqlQuery = (sql: string, params?: readonly unknown[]) => Promise<unknown[]>;

/**
 * The statements in one database's dialect. Parameters are positional, always in the order named here,
 * and every statement that changes rows returns the keys it changed (`RETURNING key`).
 */
export interface SqlStatements {
  /** `(after, upper, limit)`: rows with `after < key < upper` in bytewise key order. */
  readonly scanPage: string;
  /** `(key)`: the row's value. */
  readonly getValue: string;
  /** `(key, raw, nowMs)`: inserts, or overwrites a row whose record expired before `nowMs`. */
  readonly insertIfAbsent: string;
  /** `(key, expected)`: deletes the row while its value is `expected`. */
  readonly deleteIf: string;
  /** `(next, key, expected)`: sets the value while it is `expected`. */
  readonly updateIf: string;
  /** `(nowMs)`: deletes at most `purgeBatch` rows whose record expired before `nowMs`. */
  readonly purgeBatch: string;
}

export interface SqlBackendSettings {
  readonly statements: SqlStatements;
  /** Rows per scan page. */
  readonly scanPage: number;
  /** The LIMIT of `statements.purgeBatch`: fewer rows back means the sweep is done. */
  readonly purgeBatch: number;
}

/**
 * The TTL is never a column: the expiry is inside the keyv record (`raw`), so `ttlMs` is unused and
 * expired rows stay until they are overwritten or purged. Subclasses add how to ping and close.
 */
export abstract class SqlBackend implements StoreBackend {
  constructor(
    readonly adapter: KeyvStoreAdapter,
    protected readonly query: SqlQuery,
    private readonly settings: SqlBackendSettings,
  ) {}

  abstract ping(): Promise<void>;
  abstract close(): Promise<void>;

  scan(prefix: string): AsyncIterable<readonly [string, string]> {
    const { statements, scanPage } = this.settings;
    return keysetScan(
      prefix,
      scanPage,
      async (after, upper, limit) =>
        (await this.query(statements.scanPage, [after, upper, limit])) as KeyValueRow[],
    );
  }

  async getRaw(key: string): Promise<string | undefined> {
    const [row] = (await this.query(this.settings.statements.getValue, [key])) as KeyValueRow[];
    return typeof row?.value === 'string' ? row.value : undefined;
  }

  async insertIfAbsent(
    key: string,
    raw: string,
    _ttlMs: number | undefined,
    nowMs: number,
  ): Promise<boolean> {
    const rows = await this.query(this.settings.statements.insertIfAbsent, [key, raw, nowMs]);
    return rows.length > 0;
  }

  async replaceIf(key: string, expected: string, next: string | undefined): Promise<boolean> {
    const { statements } = this.settings;
    const rows =
      next === undefined
        ? await this.query(statements.deleteIf, [key, expected])
        : await this.query(statements.updateIf, [next, key, expected]);
    return rows.length > 0;
  }

  /** In batches, so that one sweep never holds a write lock for long. */
  async purgeExpired(nowMs: number): Promise<number> {
    const { statements, purgeBatch } = this.settings;
    let purged = 0;
    for (;;) {
      const rows = await this.query(statements.purgeBatch, [nowMs]);
      purged += rows.length;
      if (rows.length < purgeBatch) return purged;
    }
  }
}
