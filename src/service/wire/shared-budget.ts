/**
 * The request budget shared by every process of one deployment through Redis (scale-out).
 * Each process keeps its own RequestBudget (priorities, local spacing); the RateLimiterRedis built
 * here is the gate they share: one start per time slot across all processes, and a 429 pause seen
 * by all. Processes must share the same rate (SERVICE_RATE_PER_SECOND) and keep their clocks in sync
 * (NTP): slots are numbered from each process's own clock.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Logger } from '../../logger.js';
import { isRedisUrl } from '../../store/backend.js';
import type { RedisConnection } from '../../store/redis-connection.js';
import { BUDGET_LIMITER_OPTIONS } from './budget.js';
import type { ShareCounter } from './person-share.js';
import { RedisShareCounter, SHARE_COUNT_POINTS, SHARE_KEY_PREFIX } from './redis-share.js';

/**
 * A RateLimiterRedis over a connected node-redis client, with the options the budget requires.
 * rate-limiter-flexible (every limiter it has) is loaded only here, for Redis deployments.
 */
export async function createSharedLimiter(
  client: RedisConnection,
  egressAddress?: string,
): Promise<RateLimiterAbstract> {
  const { RateLimiterRedis } = await import('rate-limiter-flexible');
  return new RateLimiterRedis({
    storeClient: client,
    // node-redis v4+ API (multi().pTTL(), eval with { keys, arguments }).
    useRedisPackage: true,
    // While Redis is unreachable, fail at once: the budget then keeps its local pace.
    rejectIfRedisNotReady: true,
    ...BUDGET_LIMITER_OPTIONS,
    keyPrefix: budgetKeyPrefix(egressAddress),
  });
}

/**
 * The service limits each source IP, so the shared budget is one per egress address: processes
 * bound to the same SERVICE_LOCAL_ADDRESS (or to none: the host's default route) share one key,
 * a host with another address has its own.
 */
export function budgetKeyPrefix(egressAddress: string | undefined): string {
  return egressAddress
    ? `${BUDGET_LIMITER_OPTIONS.keyPrefix}:${egressAddress}`
    : BUDGET_LIMITER_OPTIONS.keyPrefix;
}

export interface SharedBudgetLimiter {
  /** Pass as `createRequestBudget({ limiter })`. */
  readonly limiter: RateLimiterAbstract;
  /**
   * Each person's share counted in Redis over windows of this many seconds (one count per person for
   * every process); pass as `createRequestBudget({ shareCounter })`.
   */
  shareCounter(windowSeconds: number): ShareCounter;
  /** Closes the limiter's own Redis connection (after the budget is closed). */
  close(): Promise<void>;
}

export interface SharedBudgetOptions {
  logger: Logger;
  /** SERVICE_LOCAL_ADDRESS: the budget is shared by the processes behind this one address. */
  egressAddress?: string | undefined;
}

/**
 * For a `redis://` / `rediss://` DATABASE_URL: connects (its own connection, separate from the store's)
 * and returns the shared limiter and the people's share counts. For any other DATABASE_URL: undefined, and the budget stays per process.
 * Rejects with ConfigError when Redis cannot be reached at startup.
 */
export async function openSharedBudgetLimiter(
  databaseUrl: string,
  options: SharedBudgetOptions,
): Promise<SharedBudgetLimiter | undefined> {
  if (!isRedisUrl(databaseUrl)) return undefined;
  // Loaded only for Redis, so that a SQLite bot does not carry the Redis client.
  const { connectRedis } = await import('../../store/redis-connection.js');
  const client = await connectRedis(databaseUrl, { logger: options.logger, role: 'request budget' });
  let closing: Promise<void> | undefined;
  const { RateLimiterRedis } = await import('rate-limiter-flexible');
  return {
    limiter: await createSharedLimiter(client, options.egressAddress),
    shareCounter: (windowSeconds) =>
      new RedisShareCounter({
        limiter: new RateLimiterRedis({
          storeClient: client,
          useRedisPackage: true,
          rejectIfRedisNotReady: true,
          points: SHARE_COUNT_POINTS,
          duration: windowSeconds,
          keyPrefix: SHARE_KEY_PREFIX,
        }),
        windowSeconds,
        logger: options.logger,
      }),
    close() {
      closing ??= client.isOpen ? client.close() : Promise.resolve();
      return closing;
    },
  };
}
