import path from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import pLimit from 'p-limit';
import { ConfigError } from '../config.js';
import type { BackendOptions, StoreBackend } from './backend-types.js';
import { ClosingOnce } from './closing.js';
import { prepareSqliteFiles } from './private-files.js';
import { SqlBackend, type SqlQuery, type SqlStatements } from './sql-backend.js';

const TABLE = 'keyv';
const SCAN_PAGE = 500;
const BUSY_TIMEOUT_MS = 5_000;
/** Rows deleted per statement by the expiry sweep, so one sweep never holds the write lock for long. */
const PURGE_BATCH = 1_000;

/**
 * The `expires` stamp of a keyv record, NULL for a row without one or that is not JSON (json_extract
 * would raise on those, and CASE never evaluates it then).
 */
const expiresOf = (column: string) =>
  `(CASE WHEN json_valid(${column}) THEN json_extract(${column}, '$.expires') END)`;

/** The statements over `keyv (key TEXT PRIMARY KEY, value TEXT)`; SQLite compares TEXT bytewise by default. */
const STATEMENTS: SqlStatements = {
  scanPage: `SELECT key, value FROM ${TABLE} WHERE key > ? AND key < ? ORDER BY key LIMIT ?`,
  getValue: `SELECT value FROM ${TABLE} WHERE key = ?`,
  insertIfAbsent: `INSERT INTO ${TABLE} (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE ${expiresOf(`${TABLE}.value`)} < ?
         RETURNING key`,
  deleteIf: `DELETE FROM ${TABLE} WHERE key = ? AND value = ? RETURNING key`,
  updateIf: `UPDATE ${TABLE} SET value = ? WHERE key = ? AND value = ? RETURNING key`,
  purgeBatch: `DELETE FROM ${TABLE} WHERE key IN
             (SELECT key FROM ${TABLE} WHERE ${expiresOf('value')} < ? LIMIT ${PURGE_BATCH})
           RETURNING key`,
};

/** `sqlite://<path>` (relative or absolute, taken literally) or `sqlite://:memory:`. */
export function sqlitePath(databaseUrl: string): string {
  const rest = databaseUrl.replace(/^sqlite:\/\//i, '');
  if (rest === '')
    throw new ConfigError('DATABASE_URL: sqlite:// needs a file path, e.g. sqlite://./data/kiroku.sqlite');
  if (rest === ':memory:') return rest;
  return path.resolve(rest);
}

class SqliteBackend extends SqlBackend {
  readonly #state = new ClosingOnce();

  constructor(private readonly sqlite: KeyvSqlite) {
    super(sqlite, queryThrough(sqlite), {
      statements: STATEMENTS,
      scanPage: SCAN_PAGE,
      purgeBatch: PURGE_BATCH,
    });
  }

  async ping(): Promise<void> {
    await this.query('SELECT 1');
  }

  close(): Promise<void> {
    return this.#state.close(() => this.sqlite.disconnect());
  }
}

/**
 * node-sqlite3 runs a statement on the libuv pool but finalizes it on the main thread, under the
 * connection's mutex: with several statements in flight the event loop waits there while another one
 * commits (a WAL fsync). Fifty concurrent writes held the loop for over 100 ms; one at a time they
 * hold it for a few ms and finish sooner (the connection ran them one at a time anyway). Every
 * statement, keyv's and ours, goes through the adapter's `query`.
 */
function oneStatementAtATime(adapter: KeyvSqlite): void {
  const query = adapter.query;
  const turn = pLimit(1);
  adapter.query = (sql, ...params) => turn(() => query(sql, ...params));
}

/** The adapter's own connection, so that keyv and our statements share it. */
function queryThrough(adapter: KeyvSqlite): SqlQuery {
  return async (sql, params = []) => {
    const rows: unknown = await adapter.query(sql, ...params);
    return Array.isArray(rows) ? rows : [];
  };
}

export async function openSqliteBackend(databaseUrl: string, options: BackendOptions): Promise<StoreBackend> {
  const file = sqlitePath(databaseUrl);
  if (file !== ':memory:') {
    try {
      await prepareSqliteFiles(file, path.dirname(file), options.logger);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ConfigError(`DATABASE_URL: cannot prepare the SQLite database at ${file}: ${reason}`);
    }
  }

  // One adapter = one sqlite3 connection for the whole process; several connections to one file would
  // contend for the write lock. busyTimeout covers a second process (e.g. vault:rotate) on the same file.
  const adapter = new KeyvSqlite({ uri: `sqlite://${file}`, table: TABLE, busyTimeout: BUSY_TIMEOUT_MS });
  oneStatementAtATime(adapter);
  // KeyvSqlite is a node EventEmitter: an unheard 'error' (failed connect) would throw.
  adapter.on('error', (error: unknown) => {
    options.logger.error({ err: error }, 'store: SQLite error');
  });

  const query = queryThrough(adapter);
  try {
    // WAL lets readers and one writer (another process) work side by side.
    if (file !== ':memory:') await query('PRAGMA journal_mode=WAL');
    await query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`DATABASE_URL: cannot open the SQLite database at ${file}: ${reason}`);
  }
  return new SqliteBackend(adapter);
}
