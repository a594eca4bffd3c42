/**
 * With Redis, each person's share is counted there, so two processes do not give
 * anyone twice the share; a Redis outage falls back to the in-memory count with one warning, never to
 * no share.
 */
import { afterEach, expect, it } from 'vitest';
import { createRequestBudget, type RequestBudget } from '#src/service/wire/budget.js';
import { openSharedBudgetLimiter, type SharedBudgetLimiter } from '#src/service/wire/shared-budget.js';
import { captureLogger } from '../support/log-capture.js';
import { startRedisServer } from '../support/redis-server.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';

const SHARE = { burst: 4, windowSeconds: 3600 };
const PERSON = '310000000000000001';

describeWithRedis("each person's share counted in a real redis-server", () => {
  const redis = useRedis();
  const opened: SharedBudgetLimiter[] = [];
  const budgets: RequestBudget[] = [];

  afterEach(async () => {
    for (const budget of budgets.splice(0)) budget.close();
    await Promise.all(opened.splice(0).map((shared) => shared.close()));
  });

  /** One "process": its own Redis connection and budget, the share counted in Redis. */
  async function processBudget(url = redis().url) {
    const log = captureLogger();
    const shared = await openSharedBudgetLimiter(url, { logger: log.logger });
    if (!shared) throw new Error('expected a shared limiter');
    opened.push(shared);
    const budget = createRequestBudget({
      ratePerSecond: 50,
      logger: log.logger,
      personShare: SHARE,
      // Each share is its burst, however few people use the bot.
      sharePeoplePerSecond: 0,
      shareCounter: shared.shareCounter(SHARE.windowSeconds),
    });
    budgets.push(budget);
    return { budget, log };
  }

  /** One call for the person; resolves to where they stood once it was counted. */
  async function call(budget: RequestBudget, person: string) {
    await budget.run('interactive', async () => undefined, { person });
    return budget.shareOf(person);
  }

  it('counts a person once for every process: two processes do not double their share', async () => {
    const a = await processBudget();
    const b = await processBudget();
    const person = `${PERSON}-twice`;
    // Alternately through both processes: each count includes what the other counted.
    const counts: number[] = [];
    for (let i = 0; i < 6; i++)
      counts.push((await call(i % 2 === 0 ? a.budget : b.budget, person))?.used ?? 0);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6]);
    // Beyond the share of one process from the fifth on (before: each process gave a whole share).
    const within = counts.filter((used) => used <= SHARE.burst).length;
    expect(within).toBe(SHARE.burst);
    // Someone else's share is their own.
    expect((await call(b.budget, `${PERSON}-other`))?.used).toBe(1);
  });

  it('gives back through Redis what the service failed', async () => {
    const a = await processBudget();
    const b = await processBudget();
    const person = `${PERSON}-refund`;
    await call(a.budget, person);
    await call(a.budget, person);
    a.budget.refund(person);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(b.budget, person))?.used).toBe(2);
  });

  it('falls back to counting in memory, with one warning, while Redis is away', async () => {
    const own = await startRedisServer();
    const { budget, log } = await processBudget(own.url);
    const person = `${PERSON}-outage`;
    expect((await call(budget, person))?.used).toBe(1);
    await own.stop();
    // Still a share: counted in this process (from 0, Redis's count being out of reach), and said once.
    const counts: number[] = [];
    for (let i = 0; i < 5; i++) counts.push((await call(budget, person))?.used ?? 0);
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    const warnings = log.lines().filter((line) => line.includes('person share: Redis is not answering'));
    expect(warnings).toHaveLength(1);
  });
});
