import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { ConfigError } from '../config.js';
import type { BackendOptions, StoreBackend } from './backend-types.js';
import { type KeyValueRow, keysetScan } from './keyset-scan.js';

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

/** `sqlite://<path>` (relative or absolute, taken literally) or `sqlite://:memory:`. */
function sqlitePath(databaseUrl: string): string {
  const rest = databaseUrl.replace(/^sqlite:\/\//i, '');
  if (rest === '')
    throw new ConfigError('DATABASE_URL: sqlite:// needs a file path, e.g. sqlite://./data/kiroku.sqlite');
  if (rest === ':memory:') return rest;
  return path.resolve(rest);
}

export async function openSqliteBackend(databaseUrl: string, options: BackendOptions): Promise<StoreBackend> {
  const file = sqlitePath(databaseUrl);
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });

  // One adapter = one sqlite3 connection for the whole process; several connections to one file would
  // contend for the write lock. busyTimeout covers a second process (e.g. vault:rotate) on the same file.
  const adapter = new KeyvSqlite({ uri: `sqlite://${file}`, table: TABLE, busyTimeout: BUSY_TIMEOUT_MS });
  // KeyvSqlite is a node EventEmitter: an unheard 'error' (failed connect) would throw.
  adapter.on('error', (error: unknown) => {
    options.logger.error({ err: error }, 'store: SQLite error');
  });

  const query = async (sql: string, ...params: unknown[]): Promise<unknown[]> => {
    const rows: unknown = await adapter.query(sql, ...params);
    return Array.isArray(rows) ? rows : [];
  };

  try {
    // WAL lets readers and one writer (another process) work side by side.
    if (file !== ':memory:') await query('PRAGMA journal_mode=WAL');
    await query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ConfigError(`DATABASE_URL: cannot open the SQLite database at ${file}: ${reason}`);
  }

  let closing: Promise<void> | undefined;

  return {
    adapter,
    scan(prefix: string) {
      // SQLite compares TEXT bytewise by default.
      return keysetScan(
        prefix,
        SCAN_PAGE,
        async (after, upper, limit) =>
          (await query(
            `SELECT key, value FROM ${TABLE} WHERE key > ? AND key < ? ORDER BY key LIMIT ?`,
            after,
            upper,
            limit,
          )) as KeyValueRow[],
      );
    },
    async getRaw(key) {
      const [row] = (await query(`SELECT value FROM ${TABLE} WHERE key = ?`, key)) as KeyValueRow[];
      return typeof row?.value === 'string' ? row.value : undefined;
    },
    async insertIfAbsent(key, raw, _ttlMs, nowMs) {
      // The expiry is inside `raw`; an expired row is overwritten, a live one never.
      const rows = await query(
        `INSERT INTO ${TABLE} (key, value) VALUES (?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value WHERE ${expiresOf(`${TABLE}.value`)} < ?
         RETURNING key`,
        key,
        raw,
        nowMs,
      );
      return rows.length > 0;
    },
    async replaceIf(key, expected, next) {
      const rows =
        next === undefined
          ? await query(`DELETE FROM ${TABLE} WHERE key = ? AND value = ? RETURNING key`, key, expected)
          : await query(
              `UPDATE ${TABLE} SET value = ? WHERE key = ? AND value = ? RETURNING key`,
              next,
              key,
              expected,
            );
      return rows.length > 0;
    },
    async purgeExpired(nowMs) {
      let purged = 0;
      for (;;) {
        const rows = await query(
          `DELETE FROM ${TABLE} WHERE key IN
             (SELECT key FROM ${TABLE} WHERE ${expiresOf('value')} < ? LIMIT ${PURGE_BATCH})
           RETURNING key`,
          nowMs,
        );
        purged += rows.length;
        if (rows.length < PURGE_BATCH) return purged;
      }
    },
    async ping() {
      await query('SELECT 1');
    },
    close() {
      closing ??= adapter.disconnect();
      return closing;
    },
  };
}
