import KeyvRedis from '@keyv/redis';
import type { BackendOptions, StoreBackend } from './backend-types.js';
import { ClosingOnce } from './closing.js';
import { connectRedis, describeRedisUrl, type RedisConnection } from './redis-connection.js';

/** Keys per SCAN call (a hint to Redis) and per MGET. */
const SCAN_COUNT = 500;

/**
 * Compare-and-set in one server-side step (Redis runs a script atomically): KEYS[1] changes only
 * while it holds ARGV[1]. ARGV[2] = '0' deletes, '1' sets ARGV[3] (with a PX of ARGV[4] when > 0).
 */
const REPLACE_IF_SCRIPT = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[2] == '0' then return redis.call('DEL', KEYS[1]) end
local ttl = tonumber(ARGV[4])
if ttl > 0 then redis.call('SET', KEYS[1], ARGV[3], 'PX', ttl) else redis.call('SET', KEYS[1], ARGV[3]) end
return 1`;

/** Escapes Redis glob metacharacters so a prefix matches literally in SCAN ... MATCH. */
function globLiteral(text: string): string {
  return text.replace(/[*?[\]\\]/g, '\\$&');
}

/** The keys not in `seen` yet, each once; adds them to `seen`. */
function firstSightings(keys: readonly string[], seen: Set<string>): string[] {
  const fresh: string[] = [];
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    fresh.push(key);
  }
  return fresh;
}

class RedisBackend implements StoreBackend {
  readonly #state = new ClosingOnce();

  constructor(
    readonly adapter: KeyvRedis<string>,
    private readonly client: RedisConnection,
    private readonly target: string,
  ) {}

  /**
   * SCAN returns every key that exists for the whole walk at least once, whatever is written or
   * deleted meanwhile, but may return a key twice (when the keyspace is resized): `seen` drops repeats.
   * Order is unspecified. Keys deleted between SCAN and MGET come back as null and are skipped.
   */
  async *scan(prefix: string): AsyncGenerator<readonly [string, string]> {
    const match = `${globLiteral(prefix)}*`;
    const seen = new Set<string>();
    let cursor = '0';
    do {
      const reply = await this.client.scan(cursor, { MATCH: match, COUNT: SCAN_COUNT });
      cursor = String(reply.cursor);
      const fresh = firstSightings(reply.keys, seen);
      if (fresh.length > 0) yield* this.#values(fresh);
    } while (cursor !== '0');
  }

  /** MGET reads a non-string key (another application's hash, say) as null too. */
  async *#values(keys: string[]): AsyncGenerator<readonly [string, string]> {
    const values = await this.client.mGet(keys);
    for (const [index, key] of keys.entries()) {
      const value = values[index];
      if (typeof value === 'string') yield [key, value] as const;
    }
  }

  async getRaw(key: string): Promise<string | undefined> {
    return (await this.client.get(key)) ?? undefined;
  }

  /** Redis drops expired keys itself, so NX alone means "no live record". */
  async insertIfAbsent(key: string, raw: string, ttlMs: number | undefined): Promise<boolean> {
    const reply = await this.client.set(key, raw, {
      condition: 'NX',
      ...(ttlMs === undefined ? {} : { expiration: { type: 'PX', value: ttlMs } }),
    });
    return reply === 'OK';
  }

  async replaceIf(key: string, expected: string, next: string | undefined, ttlMs: number | undefined) {
    const reply = await this.client.eval(REPLACE_IF_SCRIPT, {
      keys: [key],
      arguments: [expected, next === undefined ? '0' : '1', next ?? '', String(ttlMs ?? 0)],
    });
    return Number(reply) > 0;
  }

  async purgeExpired(): Promise<number> {
    return 0;
  }

  ping(): Promise<void> {
    return this.#state.ping(() => this.client.ping(), `Redis at ${this.target}`);
  }

  close(): Promise<void> {
    return this.#state.close(() => this.adapter.disconnect());
  }
}

/**
 * `redis://[user:password@]host[:port][/db]` or `rediss://` (TLS). Keys are stored as plain Redis strings
 * `<collection>:<key>` (no keyv namespace), values are keyv JSON records, and a TTL also becomes a Redis
 * PX expiry so Redis drops expired records on its own.
 */
export async function openRedisBackend(databaseUrl: string, options: BackendOptions): Promise<StoreBackend> {
  const { logger } = options;
  const client = await connectRedis(databaseUrl, { logger, role: 'store' });
  const target = describeRedisUrl(databaseUrl);

  // The adapter gets our connected client: it then never connects on its own (its default would retry
  // forever and re-register its listeners on every attempt). throwOnErrors: otherwise a failed GET reads
  // as "absent" and a failed SET as success.
  const adapter = new KeyvRedis<string>(client, { throwOnErrors: true, throwOnConnectError: true });
  // The adapter re-emits client errors and command failures; the connection logs outages, and failed
  // commands are thrown to the caller, so this is debug detail only.
  adapter.on('error', (error: unknown) => {
    logger.debug({ err: error, target }, 'store: Redis adapter error');
  });
  return new RedisBackend(adapter, client, target);
}
