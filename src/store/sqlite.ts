import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { KeyvSqlite } from '@keyv/sqlite';
import { ConfigError } from '../config.js';
import type { BackendOptions, StoreBackend } from './backend.js';
import { type KeyValueRow, keysetScan } from './keyset-scan.js';

const TABLE = 'keyv';
const SCAN_PAGE = 500;
const BUSY_TIMEOUT_MS = 5_000;

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
    async ping() {
      await query('SELECT 1');
    },
    close() {
      closing ??= adapter.disconnect();
      return closing;
    },
  };
}
