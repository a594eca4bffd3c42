import { createClient } from '@keyv/redis';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRequestBudget, type RequestBudget } from '#src/service/wire/budget.js';
import { openSharedBudgetLimiter, type SharedBudgetLimiter } from '#src/service/wire/shared-budget.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';
import { captureLogger } from '../support/log-capture.js';
import { startRedisServer } from '../support/redis-server.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';

const title = 'request budget shared through a real redis-server';

/**
 * The most starts within any closed window of `ms`. Starts are noted when the callback runs, which a
 * busy event loop can delay by a few hundred milliseconds and so bunch up: the window is shorter than
 * the service's second by that margin (the service's own verdict, no 429, is asserted beside it).
 */
function maxStartsWithin(starts: number[], ms: number): number {
  return Math.max(...starts.map((t) => starts.filter((s) => s >= t && s <= t + ms).length));
}

describe('openSharedBudgetLimiter', () => {
  it('is undefined unless DATABASE_URL is a Redis URL', async () => {
    const { logger } = captureLogger();
    expect(await openSharedBudgetLimiter('sqlite://:memory:', { logger })).toBeUndefined();
    expect(await openSharedBudgetLimiter('postgresql://h/db', { logger })).toBeUndefined();
  });
});

describeWithRedis(title, () => {
  const redis = useRedis();
  let emulator: Emulator;
  let admin: ReturnType<typeof createClient>;
  const opened: SharedBudgetLimiter[] = [];
  const budgets: RequestBudget[] = [];

  beforeAll(async () => {
    admin = createClient({ url: redis().url });
    await admin.connect();
    emulator = await startEmulator({ seed: 'empty', rateLimit: true, perIpLimit: 4 });
  });

  afterAll(async () => {
    await emulator?.close();
    await admin?.close();
  });

  beforeEach(async () => {
    await admin.flushDb();
    emulator.resetStats();
  });

  afterEach(async () => {
    for (const budget of budgets.splice(0)) budget.close();
    await Promise.all(opened.splice(0).map((shared) => shared.close()));
  });

  /** One "process": its own Redis connection, limiter and budget. */
  async function processBudget(rate: number, url = redis().url): Promise<RequestBudget> {
    const { logger } = captureLogger();
    const shared = await openSharedBudgetLimiter(url, { logger });
    if (!shared) throw new Error('expected a shared limiter');
    opened.push(shared);
    const budget = createRequestBudget({ ratePerSecond: rate, limiter: shared.limiter, logger });
    budgets.push(budget);
    return budget;
  }

  it('keeps two processes together within the rate: no 429 from a service allowing 4 per second', async () => {
    const a = await processBudget(3);
    const b = await processBudget(3);
    const starts: number[] = [];
    const byBudget = { a: 0, b: 0 };
    const call = (budget: RequestBudget, name: 'a' | 'b') =>
      budget.run('poll', async () => {
        starts.push(Date.now());
        byBudget[name] += 1;
        const response = await fetch(`${emulator.url}/v1/works`);
        await response.arrayBuffer();
        return response.status;
      });
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? call(a, 'a') : call(b, 'b'))),
    );

    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(emulator.stats.rateLimited).toBe(0);
    expect(emulator.stats.requests).toBe(30);
    expect(byBudget).toEqual({ a: 15, b: 15 });
    starts.sort((x, y) => x - y);
    expect(maxStartsWithin(starts, 700)).toBeLessThanOrEqual(3);
    // Together they keep the pace of one process, not twice it: 30 starts take about 10 s.
    expect(starts.at(-1)! - starts[0]!).toBeGreaterThan(29 * 334 - 200);
  });

  it('a 429 pause in one process holds back the other', async () => {
    const a = await processBudget(3);
    const b = await processBudget(3);
    await a.run('poll', async () => undefined);
    a.reportRateLimited();
    const pausedAt = Date.now();
    // The pause reaches Redis asynchronously; wait until it is there.
    const deadline = Date.now() + 1_000;
    while ((await admin.exists('kiroku-budget:pause')) === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    let startedOnB = 0;
    await b.run('poll', async () => {
      startedOnB = Date.now();
    });
    expect(startedOnB - pausedAt).toBeGreaterThanOrEqual(950);
    expect(b.stats().pausedUntil === null || b.stats().pausedUntil! >= pausedAt).toBe(true);
  });

  it('keeps the local pace when Redis goes away', async () => {
    const own = await startRedisServer();
    const budget = await processBudget(10, own.url);
    await own.stop();
    const started = Date.now();
    const results = await Promise.all([1, 2, 3].map((n) => budget.run('poll', async () => n)));
    expect(results).toEqual([1, 2, 3]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
