import { ConfigError } from '../config.js';
import type { BackendFactory } from './backend-types.js';
import { openSqliteBackend } from './sqlite.js';

/*
 * Backends by URL scheme. Another database means writing a factory like openSqliteBackend
 * (adapter + prefix scan + ping + close) and registering it here.
 */
export type BackendKind = 'sqlite' | 'redis' | 'postgres';

const KINDS_BY_SCHEME: ReadonlyMap<string, BackendKind> = new Map([
  ['sqlite', 'sqlite'],
  ['redis', 'redis'],
  ['rediss', 'redis'],
  ['postgres', 'postgres'],
  ['postgresql', 'postgres'],
]);

// Redis and PostgreSQL clients are loaded only when used: a SQLite bot saves their memory.
const FACTORIES: Record<BackendKind, BackendFactory> = {
  sqlite: openSqliteBackend,
  redis: async (url, options) => (await import('./redis.js')).openRedisBackend(url, options),
  postgres: async (url, options) => (await import('./postgres.js')).openPostgresBackend(url, options),
};

function kindOf(databaseUrl: string): BackendKind | undefined {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(databaseUrl)?.[1]?.toLowerCase();
  return scheme === undefined ? undefined : KINDS_BY_SCHEME.get(scheme);
}

/** True for `redis://` and `rediss://` URLs. */
export function isRedisUrl(databaseUrl: string): boolean {
  return kindOf(databaseUrl) === 'redis';
}

/** Which database a DATABASE_URL names, by its scheme. */
export function backendKindFor(databaseUrl: string): BackendKind {
  const kind = kindOf(databaseUrl);
  if (!kind) throw new ConfigError('DATABASE_URL: must start with sqlite://, redis:// or postgresql://');
  return kind;
}

/** Picks the backend for a DATABASE_URL by its scheme. */
export function backendFactoryFor(databaseUrl: string): BackendFactory {
  return FACTORIES[backendKindFor(databaseUrl)];
}
