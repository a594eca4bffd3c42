import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { ConfigError } from '../config.js';
import type { BackendOptions, StoreBackend } from './backend.js';

const TABLE = 'keyv';
const SCAN_PAGE = 500;
const BUSY_TIMEOUT_MS = 5_000;

interface Row {
  key?: unknown;
  value?: unknown;
}

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
    async *scan(prefix: string) {
      // Keyset pagination in key order over the primary-key index: rows written or deleted while we walk
      // never make us skip a row (OFFSET paging would). Keys of the prefix sort between `prefix` and the
      // prefix with its last character incremented (SQLite compares TEXT bytewise by default).
      const upper = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
      let after = prefix;
      for (;;) {
        const rows = await query(
          `SELECT key, value FROM ${TABLE} WHERE key > ? AND key < ? ORDER BY key LIMIT ?`,
          after,
          upper,
          SCAN_PAGE,
        );
        for (const row of rows as Row[]) {
          if (typeof row.key !== 'string') continue;
          after = row.key;
          // A non-text value cannot be a keyv record; '' makes the store report it as undecodable.
          yield [row.key, typeof row.value === 'string' ? row.value : ''] as const;
        }
        if (rows.length < SCAN_PAGE) return;
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
