/**
 * Contract: the request budget against the emulator's per-IP limit (4 requests per sliding
 * second, 429 text/plain). Counts only, no timing assertions. The budget's pace and pauses and the
 * emulator's window run on one simulated clock, still over loopback HTTP: 200 requests at 3/s take a
 * simulated minute, not a real one, and no machine load can bunch them up.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  BudgetBusy,
  type CallOptions,
  type Priority,
  RateLimited,
  type ServiceClient,
} from '#src/service/index.js';
import { DEMO_TOKENS, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { inSimulatedTime, useSimulatedTime } from '../../support/simulated-time.js';
import { type ContractRig, rejectionOf, startRig } from './helpers.js';

/** createRequestBudget's defaults (3 requests per second). */
const DEFAULT_BUDGET = {};

let rig: ContractRig | undefined;
afterEach(async () => {
  await rig?.close();
  rig = undefined;
});

const call = (priority: Priority): CallOptions => ({ token: DEMO_TOKENS.alice, priority, person: null });

/** A few different reads, so the run looks like real traffic. */
function someRead(client: ServiceClient, i: number, priority: Priority): Promise<unknown> {
  switch (i % 4) {
    case 0:
      return client.works({ filter_ids: [1 + (i % 12)] }, call(priority));
    case 1:
      return client.me({}, call(priority));
    case 2:
      return client.episodes({ filter_work_id: DEMO_WORKS.soraNote, per_page: 3 }, call(priority));
    default:
      return client.myPrograms({ sort_started_at: 'asc' }, call(priority));
  }
}

describe('request budget against the per-IP limit', () => {
  useSimulatedTime();
  /** Awaits what the rig's clients do, on the simulated clock. */
  const settled = <T>(work: Promise<T>) => inSimulatedTime(work, () => rig?.busy() ?? false);

  it('recovers after an injected 429 burst: pauses, then every later request succeeds', async () => {
    rig = await startRig({ rateLimit: true }, { budget: DEFAULT_BUDGET });
    const { client, budget } = rig;

    // Another process on the same IP bursts far above the limit and fills the sliding window.
    const noisy = rig.makeClient({ budget: { ratePerSecond: 1000 } });
    const burst = await settled(
      Promise.allSettled(
        Array.from({ length: 8 }, () =>
          noisy.client.works(
            { per_page: 1 },
            { token: DEMO_TOKENS.bob, priority: 'interactive', person: null, maxWaitMs: 100 },
          ),
        ),
      ),
    );
    const burstErrors = burst.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(burst.length - burstErrors.length).toBe(4);
    for (const error of burstErrors)
      expect(error instanceof RateLimited || error instanceof BudgetBusy).toBe(true);
    expect(rig.emulator.stats.rateLimited).toBeGreaterThan(0);

    // Our budget's next request meets the full window: 429, and the whole budget pauses.
    const error = await settled(rejectionOf(client.me({}, call('poll'))));
    expect(error).toBeInstanceOf(RateLimited);
    expect(budget.stats().rateLimitedCount).toBe(1);
    expect(budget.stats().pausedUntil).toEqual(expect.any(Number));
    const limitedAfterBurst = rig.emulator.stats.rateLimited;
    const requestsAfterBurst = rig.emulator.stats.requests;

    // Requests queued during the pause wait it out, then all succeed at the default pace.
    const later = await settled(
      Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => someRead(client, i, i % 2 === 0 ? 'poll' : 'announcement')),
      ),
    );
    expect(later.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(rig.emulator.stats.rateLimited).toBe(limitedAfterBurst);
    expect(rig.emulator.stats.requests).toBe(requestsAfterBurst + 6);
    expect(budget.stats()).toMatchObject({
      rateLimitedCount: 1,
      pausedUntil: null,
      queued: { interactive: 0, write: 0, announcement: 0, poll: 0 },
    });
  });

  it('with retries on, a call that meets a 429 waits out the pause and still succeeds', async () => {
    rig = await startRig({ rateLimit: true }, { budget: DEFAULT_BUDGET, retry: { maxRetries: 2 } });
    const { client, budget } = rig;
    // Fill the window from outside the budget (4 accepted requests).
    const headers = { authorization: `Bearer ${DEMO_TOKENS.bob}` };
    const filled = await Promise.all(
      Array.from({ length: 4 }, () => fetch(`${rig?.emulator.url}/v1/me`, { headers }).then((r) => r.status)),
    );
    expect(filled).toEqual([200, 200, 200, 200]);

    await expect(settled(client.me({}, call('poll')))).resolves.toMatchObject({ username: 'alice' });
    expect(rig.emulator.stats.rateLimited).toBe(1);
    expect(budget.stats().rateLimitedCount).toBe(1);
    expect(budget.stats().pausedUntil).toBeNull();
  });

  it('at the default rate (3/s), 200 requests through the budget trip the limit zero times', async () => {
    rig = await startRig({ rateLimit: true }, { budget: DEFAULT_BUDGET });
    const { client, budget } = rig;
    const priorities: Priority[] = ['poll', 'announcement', 'write'];
    const results = await settled(
      Promise.allSettled(
        Array.from({ length: 200 }, (_, i) => someRead(client, i, priorities[i % 3] ?? 'poll')),
      ),
    );
    const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
    expect(failures).toEqual([]);
    expect(rig.emulator.stats.requests).toBe(200);
    expect(rig.emulator.stats.rateLimited).toBe(0);
    expect(budget.stats().rateLimitedCount).toBe(0);
  }, 120_000);
});
