import { createRequire } from 'node:module';
import { KeyvPostgres } from '@keyv/postgres';
import { ConfigError } from '../config.js';
import type { BackendOptions, StoreBackend } from './backend-types.js';
import { type KeyValueRow, keysetScan } from './keyset-scan.js';
import { withTimeout } from './timeout.js';

const SCHEMA = 'public';
const TABLE = 'keyv';
/** VARCHAR length of the key column when the table is created (the adapter's default is 255). */
const KEY_SIZE = 512;
const SCAN_PAGE = 500;
const POOL_SIZE = 5;
const CONNECT_TIMEOUT_MS = 5_000;
const PING_TIMEOUT_MS = 2_000;
const PURGE_BATCH = 1_000;

/**
 * The `expires` stamp of a keyv record as bigint, NULL when it has none. The store writes records as
 * `{"value":...,"expires":N}` (JSON.stringify, `expires` last), so the stamp is the text's tail; a regex
 * never raises on a row that is not JSON, where a ::json cast would abort the whole statement.
 */
const expiresOf = (column: string) => `(substring(${column} from '"expires":([0-9]{1,15})}$'))::bigint`;

/** The part of node-postgres's Pool this backend uses (pg ships no types of its own). */
interface PgPool {
  query(sql: string, values?: readonly unknown[]): Promise<{ rows: unknown[] }>;
  on(event: 'error', listener: (error: Error) => void): unknown;
  end(): Promise<void>;
}

interface PgPoolConfig {
  connectionString: string;
  max: number;
  connectionTimeoutMillis: number;
}

type PgPoolConstructor = new (config: PgPoolConfig) => PgPool;

/** node-postgres exactly as @keyv/postgres resolves it (it is that package's dependency, not ours). */
function loadPgPool(): PgPoolConstructor {
  const adapterEntry = createRequire(import.meta.url).resolve('@keyv/postgres');
  const pg = createRequire(adapterEntry)('pg') as { Pool: PgPoolConstructor };
  return pg.Pool;
}

/** `postgres://host:port/db`, never the user name or password. */
export function describePostgresUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
}

function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return reason(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return String(error);
}

function sqlCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

/**
 * `postgres://` or `postgresql://` (libpq-style URL, e.g. `postgresql://user:pw@host:5432/db?sslmode=require`).
 * Records live in `public.keyv (key VARCHAR(512) PRIMARY KEY, value TEXT)`, created by @keyv/postgres.
 *
 * @keyv/postgres keeps one module-wide pg.Pool that has no 'error' listener, so an idle connection
 * dropped by the server (a restart, a failover) would crash the process. The adapter's pool is used only
 * for its CREATE TABLE and then ended; every query then goes through our own pool, which logs such errors.
 */
export async function openPostgresBackend(
  databaseUrl: string,
  options: BackendOptions,
): Promise<StoreBackend> {
  const { logger } = options;
  let target: string;
  try {
    target = describePostgresUrl(databaseUrl);
  } catch {
    throw new ConfigError('DATABASE_URL: not a valid postgresql:// URL');
  }
  const fail = (error: unknown): never => {
    throw new ConfigError(`DATABASE_URL: cannot open the PostgreSQL database at ${target}: ${reason(error)}`);
  };

  const adapter = new KeyvPostgres({
    uri: databaseUrl,
    schema: SCHEMA,
    table: TABLE,
    keySize: KEY_SIZE,
    max: 1,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A failed CREATE TABLE is emitted, not thrown; the SELECT below reports it.
  adapter.on('error', (error: unknown) => {
    logger.debug({ err: error, target }, 'store: PostgreSQL adapter error');
  });
  try {
    await adapter.query('SELECT 1');
  } catch (error) {
    await adapter.disconnect().catch(() => undefined);
    fail(error);
  }
  await adapter.disconnect();

  const Pool = loadPgPool();
  const pool = new Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => {
    logger.warn({ target, reason: reason(error) }, 'store: an idle PostgreSQL connection failed');
  });
  const query = async (sql: string, values?: readonly unknown[]): Promise<unknown[]> =>
    (await pool.query(sql, values)).rows;
  adapter.query = query;

  try {
    // Key order for the scan must be bytewise whatever the database's collation (en_US and friends
    // ignore punctuation), and this index lets the range scan below use it.
    await query(
      `CREATE INDEX IF NOT EXISTS ${TABLE}_key_bytewise ON ${SCHEMA}.${TABLE} (key COLLATE "C")`,
    ).catch((error: unknown) => {
      // Two processes starting at once may race on the index name.
      if (sqlCode(error) !== '23505' && sqlCode(error) !== '42P07') throw error;
    });
  } catch (error) {
    await pool.end().catch(() => undefined);
    fail(error);
  }

  let closed = false;
  let closing: Promise<void> | undefined;

  return {
    adapter,
    scan(prefix: string) {
      // COLLATE "C" for bytewise order: the default ICU collation ignores punctuation.
      return keysetScan(
        prefix,
        SCAN_PAGE,
        async (after, upper, limit) =>
          (await query(
            `SELECT key, value FROM ${SCHEMA}.${TABLE}
           WHERE key COLLATE "C" > $1 AND key COLLATE "C" < $2 ORDER BY key COLLATE "C" LIMIT $3`,
            [after, upper, limit],
          )) as KeyValueRow[],
      );
    },
    async getRaw(key) {
      const [row] = (await query(`SELECT value FROM ${SCHEMA}.${TABLE} WHERE key = $1`, [
        key,
      ])) as KeyValueRow[];
      return typeof row?.value === 'string' ? row.value : undefined;
    },
    async insertIfAbsent(key, raw, _ttlMs, nowMs) {
      // The expiry is inside `raw`; an expired row is overwritten, a live one never.
      const rows = await query(
        `INSERT INTO ${SCHEMA}.${TABLE} AS t (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE ${expiresOf('t.value')} < $3
         RETURNING key`,
        [key, raw, nowMs],
      );
      return rows.length > 0;
    },
    async replaceIf(key, expected, next) {
      const rows =
        next === undefined
          ? await query(`DELETE FROM ${SCHEMA}.${TABLE} WHERE key = $1 AND value = $2 RETURNING key`, [
              key,
              expected,
            ])
          : await query(
              `UPDATE ${SCHEMA}.${TABLE} SET value = $1 WHERE key = $2 AND value = $3 RETURNING key`,
              [next, key, expected],
            );
      return rows.length > 0;
    },
    async purgeExpired(nowMs) {
      let purged = 0;
      for (;;) {
        const rows = await query(
          `DELETE FROM ${SCHEMA}.${TABLE} WHERE key IN
             (SELECT key FROM ${SCHEMA}.${TABLE} WHERE ${expiresOf('value')} < $1 LIMIT ${PURGE_BATCH})
           RETURNING key`,
          [nowMs],
        );
        purged += rows.length;
        if (rows.length < PURGE_BATCH) return purged;
      }
    },
    async ping() {
      if (closed) throw new Error('store: closed');
      await withTimeout(query('SELECT 1'), PING_TIMEOUT_MS, `PostgreSQL at ${target}`);
    },
    close() {
      closed = true;
      closing ??= pool.end();
      return closing;
    },
  };
}
