import { createClient } from '@keyv/redis';
import { ConfigError } from '../config.js';
import type { Logger } from '../logger.js';

/** A connected node-redis client (RESP2, string replies). */
export type RedisConnection = ReturnType<typeof buildClient>;

export interface RedisConnectOptions {
  logger: Logger;
  /** What the connection is for, in log lines: e.g. 'store' or 'request budget'. */
  role: string;
  /** Give up on the first connection after this long (default 5000 ms). */
  connectTimeoutMs?: number;
}

const RECONNECT_MAX_DELAY_MS = 3_000;

/** `host:port/db` of a Redis URL, never its user name or password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const port = parsed.port || '6379';
    const db = parsed.pathname.length > 1 ? parsed.pathname : '';
    return `${parsed.protocol}//${parsed.hostname}:${port}${db}`;
  } catch {
    return 'an unparsable URL';
  }
}

function errorReason(error: unknown): string {
  // Connection refusals to a name with several addresses arrive as an AggregateError with an empty message.
  if (error instanceof AggregateError && error.errors.length > 0) return errorReason(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return error.message || (typeof code === 'string' ? code : error.name);
  }
  return String(error);
}

function buildClient(url: string, connectTimeoutMs: number, reconnect: () => boolean) {
  return createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: connectTimeoutMs,
      reconnectStrategy: (retries: number) =>
        reconnect() ? Math.min(100 * 2 ** Math.min(retries, 10), RECONNECT_MAX_DELAY_MS) : false,
    },
  });
}

/**
 * Connects to Redis for a DATABASE_URL and resolves once the server has answered.
 *
 * - The first connection fails fast (ConfigError naming DATABASE_URL, without credentials) instead of
 *   retrying forever, which is node-redis's default.
 * - Once connected, a lost connection is retried with capped backoff; meanwhile commands fail at once
 *   (no offline queue) rather than hanging the caller until Redis comes back.
 * - Errors are logged once per outage, not once per retry.
 */
export async function connectRedis(url: string, options: RedisConnectOptions): Promise<RedisConnection> {
  const { logger, role } = options;
  const target = describeRedisUrl(url);
  let everReady = false;
  let down = false;

  let client: RedisConnection;
  try {
    client = buildClient(url, options.connectTimeoutMs ?? 5_000, () => everReady);
  } catch {
    throw new ConfigError('DATABASE_URL: not a valid redis:// or rediss:// URL');
  }
  client.on('error', (error: unknown) => {
    if (!everReady || down) return;
    down = true;
    logger.warn({ target, role, reason: errorReason(error) }, 'redis: connection lost, reconnecting');
  });
  client.on('ready', () => {
    if (down) logger.info({ target, role }, 'redis: reconnected');
    down = false;
    everReady = true;
  });

  try {
    await client.connect();
  } catch (error) {
    // connect() may leave the socket half-open; destroy() is a no-op on a closed client.
    if (client.isOpen) client.destroy();
    throw new ConfigError(`DATABASE_URL: cannot connect to Redis at ${target}: ${errorReason(error)}`);
  }
  return client;
}
