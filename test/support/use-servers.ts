/**
 * The real servers some suites need, one way for all of them: a describe block that is skipped,
 * with the reason in its title, where the server is not installed (the skip report lists it and CI
 * fails on it), and a throwaway server for the block, started before its tests and stopped after.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { type PostgresServer, postgresUnavailableReason, startPostgresServer } from './postgres-server.js';
import { REDIS_MISSING, type RedisServer, redisServerAvailable, startRedisServer } from './redis-server.js';

/** Whether a redis-server binary is installed here (CI installs one). */
export const redisAvailable = redisServerAvailable();

/** Why the PostgreSQL suites cannot run here, or undefined when they can. */
export const postgresMissing = postgresUnavailableReason();

/** A describe block that needs a real redis-server. */
export function describeWithRedis(title: string, body: () => void): void {
  describe.skipIf(!redisAvailable)(redisAvailable ? title : `${title}: ${REDIS_MISSING}`, body);
}

/** A describe block that needs a real PostgreSQL server. */
export function describeWithPostgres(title: string, body: () => void): void {
  const skipped = postgresMissing !== undefined;
  describe.skipIf(skipped)(skipped ? `${title}: skipped, ${postgresMissing}` : title, body);
}

/** The server a hook started, for the tests of its block (an error if asked for before it started). */
function started<T>(name: string, server: () => T | undefined): () => T {
  return () => {
    const value = server();
    if (value === undefined) throw new Error(`${name} is not started: call it inside a test or a later hook`);
    return value;
  };
}

/** A throwaway redis-server (no persistence, a free loopback port) for the enclosing describe block. */
export function useRedis(): () => RedisServer {
  let server: RedisServer | undefined;
  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return started('redis-server', () => server);
}

/** A throwaway PostgreSQL cluster (a temporary directory, a free loopback port) for the enclosing block. */
export function usePostgres(): () => PostgresServer {
  let server: PostgresServer | undefined;
  beforeAll(async () => {
    server = await startPostgresServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  return started('PostgreSQL', () => server);
}
