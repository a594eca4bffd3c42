import { createRequire } from 'node:module';
import { KeyvPostgres } from '@keyv/postgres';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';
import type { BackendOptions, StoreBackend } from './backend-types.js';
import { ClosingOnce } from './closing.js';
import { SqlBackend, type SqlQuery, type SqlStatements } from './sql-backend.js';

const SCHEMA = 'public';
const TABLE = 'keyv';
/** VARCHAR length of the key column when the table is created (the adapter's default is 255). */
const KEY_SIZE = 512;
const SCAN_PAGE = 500;
const POOL_SIZE = 5;
const CONNECT_TIMEOUT_MS = 5_000;
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
 * The statements over `public.keyv`. COLLATE "C" for the scan's bytewise order: the default ICU
 * collation ignores punctuation.
 */
const STATEMENTS: SqlStatements = {
  scanPage: `SELECT key, value FROM ${SCHEMA}.${TABLE}
           WHERE key COLLATE "C" > $1 AND key COLLATE "C" < $2 ORDER BY key COLLATE "C" LIMIT $3`,
  getValue: `SELECT value FROM ${SCHEMA}.${TABLE} WHERE key = $1`,
  insertIfAbsent: `INSERT INTO ${SCHEMA}.${TABLE} AS t (key, value) VALUES ($1, $2)
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value WHERE ${expiresOf('t.value')} < $3
         RETURNING key`,
  deleteIf: `DELETE FROM ${SCHEMA}.${TABLE} WHERE key = $1 AND value = $2 RETURNING key`,
  updateIf: `UPDATE ${SCHEMA}.${TABLE} SET value = $1 WHERE key = $2 AND value = $3 RETURNING key`,
  purgeBatch: `DELETE FROM ${SCHEMA}.${TABLE} WHERE key IN
             (SELECT key FROM ${SCHEMA}.${TABLE} WHERE ${expiresOf('value')} < $1 LIMIT ${PURGE_BATCH})
           RETURNING key`,
};

class PostgresBackend extends SqlBackend {
  readonly #state = new ClosingOnce();

  constructor(
    adapter: KeyvPostgres,
    private readonly pool: PgPool,
    private readonly target: string,
  ) {
    super(adapter, queryThrough(pool), {
      statements: STATEMENTS,
      scanPage: SCAN_PAGE,
      purgeBatch: PURGE_BATCH,
    });
  }

  ping(): Promise<void> {
    return this.#state.ping(() => this.query('SELECT 1'), `PostgreSQL at ${this.target}`);
  }

  close(): Promise<void> {
    return this.#state.close(() => this.pool.end());
  }
}

function queryThrough(pool: PgPool): SqlQuery {
  return async (sql, params) => (await pool.query(sql, params)).rows;
}

/** The URL's host part for messages, or a ConfigError when it is not a URL. */
function postgresTarget(databaseUrl: string): string {
  try {
    return describePostgresUrl(databaseUrl);
  } catch {
    throw new ConfigError('DATABASE_URL: not a valid postgresql:// URL');
  }
}

function cannotOpen(target: string, error: unknown): ConfigError {
  return new ConfigError(`DATABASE_URL: cannot open the PostgreSQL database at ${target}: ${reason(error)}`);
}

/** Lets @keyv/postgres create the table on its own one-connection pool, then ends that pool. */
async function createTable(databaseUrl: string, target: string, logger: Logger): Promise<KeyvPostgres> {
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
    throw cannotOpen(target, error);
  }
  await adapter.disconnect();
  return adapter;
}

/** Our pool, which logs a dropped idle connection instead of crashing the process. */
function openPool(databaseUrl: string, target: string, logger: Logger): PgPool {
  const Pool = loadPgPool();
  const pool = new Pool({
    connectionString: databaseUrl,
    max: POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  pool.on('error', (error) => {
    logger.warn({ target, reason: reason(error) }, 'store: an idle PostgreSQL connection failed');
  });
  return pool;
}

/**
 * Key order for the scan must be bytewise whatever the database's collation (en_US and friends
 * ignore punctuation), and this index lets the range scan use it.
 */
async function createBytewiseIndex(query: SqlQuery): Promise<void> {
  await query(
    `CREATE INDEX IF NOT EXISTS ${TABLE}_key_bytewise ON ${SCHEMA}.${TABLE} (key COLLATE "C")`,
  ).catch((error: unknown) => {
    // Two processes starting at once may race on the index name.
    if (sqlCode(error) !== '23505' && sqlCode(error) !== '42P07') throw error;
  });
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
  const target = postgresTarget(databaseUrl);
  const adapter = await createTable(databaseUrl, target, logger);
  const pool = openPool(databaseUrl, target, logger);
  const query = queryThrough(pool);
  adapter.query = query;
  try {
    await createBytewiseIndex(query);
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw cannotOpen(target, error);
  }
  return new PostgresBackend(adapter, pool, target);
}
