import { RateLimiterMemory } from 'rate-limiter-flexible';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUDGET_LIMITER_OPTIONS, createRequestBudget, type Priority } from '#src/service/wire/budget.js';
import { BudgetBusy } from '#src/service/wire/errors.js';

beforeEach(() => {
  vi.useFakeTimers({ now: 1_700_000_000_000 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** For every start, how many starts fall within the closed 1000 ms window beginning there. */
function maxStartsPerSecond(starts: number[]): number {
  return Math.max(...starts.map((t) => starts.filter((s) => s >= t && s <= t + 1000).length));
}

describe('request budget', () => {
  it('starts the highest priority first, FIFO within a priority', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3, interactiveMaxWaitMs: 60_000 });
    const order: string[] = [];
    const enqueue = (priority: Priority, label: string) =>
      budget.run(priority, async () => {
        order.push(label);
      });
    const all = [
      // An idle budget starts a call at once; the rest queue behind it.
      enqueue('poll', 'first'),
      enqueue('poll', 'poll-1'),
      enqueue('announcement', 'announcement-1'),
      enqueue('poll', 'poll-2'),
      enqueue('write', 'write-1'),
      enqueue('interactive', 'interactive-1'),
      enqueue('announcement', 'announcement-2'),
      enqueue('interactive', 'interactive-2'),
    ];
    expect(budget.stats().queued).toEqual({ interactive: 2, write: 1, announcement: 2, poll: 2 });
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(all);
    expect(order).toEqual([
      'first',
      'interactive-1',
      'interactive-2',
      'write-1',
      'announcement-1',
      'announcement-2',
      'poll-1',
      'poll-2',
    ]);
  });

  it('does not starve the feed under a steady stream of commands: a starving poll gets one permit in four', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3, interactiveMaxWaitMs: 600_000 });
    const order: string[] = [];
    const polls = [1, 2, 3].map((n) => budget.run('poll', async () => order.push(`poll-${n}`)));
    const commands: Array<Promise<unknown>> = [];
    // More commands than the rate serves, for 20 s.
    for (let second = 0; second < 20; second++) {
      for (let i = 0; i < 4; i++) commands.push(budget.run('interactive', async () => order.push('command')));
      await vi.advanceTimersByTimeAsync(1000);
    }
    const servedPolls = order.filter((label) => label.startsWith('poll'));
    // poll-1 went first (nothing else waited); the others were rescued once they starved.
    expect(servedPolls).toEqual(['poll-1', 'poll-2', 'poll-3']);
    const rescued = order.indexOf('poll-2');
    expect(order.slice(rescued - 3, rescued)).toEqual(['command', 'command', 'command']);
    budget.close();
    await Promise.allSettled([...polls, ...commands]);
  });

  it('gives a freed permit to a higher priority that arrived while others waited', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    const order: string[] = [];
    const polls = [1, 2, 3].map((n) => budget.run('poll', async () => order.push(`poll-${n}`)));
    await vi.advanceTimersByTimeAsync(100);
    expect(order).toEqual(['poll-1']);
    const interactive = budget.run('interactive', async () => order.push('interactive'));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all([...polls, interactive]);
    expect(order).toEqual(['poll-1', 'interactive', 'poll-2', 'poll-3']);
  });

  it.each([
    [3, 3],
    [4, 4],
    [2.5, 3],
    [10, 10],
  ])('spaces starts evenly: rate %s/s never has more than %s starts in any 1 s window', async (rate, cap) => {
    const budget = createRequestBudget({ ratePerSecond: rate });
    const starts: number[] = [];
    const runs = Array.from({ length: 25 }, () => budget.run('poll', async () => starts.push(Date.now())));
    await vi.advanceTimersByTimeAsync(20_000);
    await Promise.all(runs);
    expect(starts).toHaveLength(25);
    expect(maxStartsPerSecond(starts)).toBe(cap);
    const interval = Math.floor(1000 / rate) + 1;
    for (let i = 1; i < starts.length; i += 1) {
      expect(starts[i]! - starts[i - 1]!).toBe(interval); // even spacing, no bursts, no drift
    }
  });

  it("above 1,000/s starts a millisecond's worth of calls in the same millisecond, never more than the rate in a second", async () => {
    // The clock counts whole milliseconds: one start per millisecond would cap any rate at 1,000/s.
    const budget = createRequestBudget({ ratePerSecond: 100_000 });
    const t0 = Date.now();
    const starts: number[] = [];
    const runs = Array.from({ length: 200 }, () =>
      budget.run('interactive', async () => starts.push(Date.now())),
    );
    await vi.advanceTimersByTimeAsync(10);
    await Promise.all(runs);
    expect(starts.map((t) => t - t0)).toEqual([
      ...Array<number>(99).fill(0),
      ...Array<number>(99).fill(1),
      ...Array<number>(2).fill(2),
    ]);
    // At 4,004/s: 4 starts a millisecond, so a closed 1000 ms window (1,001 milliseconds) holds exactly the rate.
    const exact = createRequestBudget({ ratePerSecond: 4_004 });
    const paced: number[] = [];
    const many = Array.from({ length: 6_000 }, () => exact.run('poll', async () => paced.push(Date.now())));
    await vi.advanceTimersByTimeAsync(2000);
    await Promise.all(many);
    // In start order already: the most starts in any closed 1000 ms window, by two pointers.
    let most = 0;
    for (let first = 0, last = 0; first < paced.length; first++) {
      while (last < paced.length && paced[last]! <= paced[first]! + 1000) last++;
      most = Math.max(most, last - first);
    }
    expect(most).toBe(4_004);
  });

  it('does not delay a call when the budget has been idle', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    await budget.run('poll', async () => undefined);
    await vi.advanceTimersByTimeAsync(5000);
    const t0 = Date.now();
    let startedAt = 0;
    const run = budget.run('poll', async () => {
      startedAt = Date.now();
    });
    await vi.advanceTimersByTimeAsync(0);
    await run;
    expect(startedAt).toBe(t0);
  });

  it('pauses everything after a 429 with doubling backoff, and resets after a success', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    await budget.run('poll', async () => undefined);

    budget.reportRateLimited();
    const pausedAt = Date.now();
    expect(budget.stats().pausedUntil).toBe(pausedAt + 1000);
    // A second 429 from a request already in flight does not escalate the pause.
    budget.reportRateLimited();
    expect(budget.stats().pausedUntil).toBe(pausedAt + 1000);
    expect(budget.stats().rateLimitedCount).toBe(2);

    let started = 0;
    const waiting = budget.run('interactive', async () => {
      started = Date.now();
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(started).toBe(pausedAt + 1000);

    // Still failing after the pause: 2 s, then 4 s ...
    budget.reportRateLimited();
    expect(budget.stats().pausedUntil).toBe(Date.now() + 2000);
    await vi.advanceTimersByTimeAsync(2000);
    budget.reportRateLimited();
    expect(budget.stats().pausedUntil).toBe(Date.now() + 4000);
    await vi.advanceTimersByTimeAsync(4000);
    expect(budget.stats().pausedUntil).toBeNull();

    budget.reportSuccess();
    budget.reportRateLimited();
    expect(budget.stats().pausedUntil).toBe(Date.now() + 1000);
  });

  it('caps the pause at 30 s', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    const pauses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      budget.reportRateLimited();
      const until = budget.stats().pausedUntil!;
      pauses.push(until - Date.now());
      await vi.advanceTimersByTimeAsync(until - Date.now());
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('rejects an interactive call at once with BudgetBusy when the pause outlasts its wait', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3, interactiveMaxWaitMs: 500 });
    budget.reportRateLimited();
    const task = vi.fn(async () => 'ran');
    await expect(budget.run('interactive', task)).rejects.toBeInstanceOf(BudgetBusy);
    const patient = budget.run('interactive', task, { maxWaitMs: 1500 });
    await vi.advanceTimersByTimeAsync(1000);
    await expect(patient).resolves.toBe('ran');
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('rejects with BudgetBusy when the queue ahead is longer than the allowed wait', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 }); // interactive default 2000 ms
    // The n-th call waits n * 334 ms: the 7th (2004 ms) is refused at once.
    const ahead = Array.from({ length: 6 }, () => budget.run('interactive', async () => 'ok'));
    const late = budget.run('interactive', async () => 'late', { operation: 'works' });
    await expect(late).rejects.toThrow(/works: the service is busy/);
    // Lower priorities queued behind do not count against an interactive call.
    const polls = Array.from({ length: 20 }, () => budget.run('poll', async () => 'p'));
    const busyWhenOnlyPollsAhead = budget.run('write', async () => 'w', { maxWaitMs: 60_000 });
    await vi.advanceTimersByTimeAsync(30_000);
    await expect(Promise.all(ahead)).resolves.toHaveLength(6);
    await expect(busyWhenOnlyPollsAhead).resolves.toBe('w');
    await expect(Promise.all(polls)).resolves.toHaveLength(20);
  });

  it('rejects a queued call with BudgetBusy when its deadline passes, and leaves the queue', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    await budget.run('poll', async () => undefined);
    const task = vi.fn(async () => 'ran');
    const waiting = budget.run('interactive', task, { maxWaitMs: 500 });
    const outcome = waiting.catch((error: unknown) => error);
    budget.reportRateLimited(); // 1 s pause after the call was queued
    await vi.advanceTimersByTimeAsync(500);
    const error = await outcome;
    expect(error).toBeInstanceOf(BudgetBusy);
    expect((error as BudgetBusy).reason).toBe('wait');
    expect(budget.stats().queued.interactive).toBe(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(task).not.toHaveBeenCalled();
  });

  it('lets non-interactive work wait as long as needed by default', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    budget.reportRateLimited();
    budget.reportRateLimited();
    const run = budget.run('poll', async () => 'done');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(run).resolves.toBe('done');
  });

  it('close() rejects queued work and later calls', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    const first = budget.run('poll', async () => 1);
    await vi.advanceTimersByTimeAsync(0);
    await expect(first).resolves.toBe(1);
    const queued = [budget.run('poll', async () => 2), budget.run('write', async () => 3)];
    const outcomes = queued.map((p) => p.catch((error: unknown) => error));
    await vi.advanceTimersByTimeAsync(100);
    expect(budget.stats().queued).toEqual({ interactive: 0, write: 1, announcement: 0, poll: 1 });
    budget.close();
    for (const outcome of await Promise.all(outcomes)) {
      expect(outcome).toBeInstanceOf(BudgetBusy);
      expect((outcome as BudgetBusy).reason).toBe('closed');
    }
    await expect(budget.run('interactive', async () => 4)).rejects.toBeInstanceOf(BudgetBusy);
  });

  it('propagates the task result and error', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3 });
    const ok = budget.run('write', async () => 42);
    const failed = budget.run('write', async () => {
      throw new Error('boom');
    });
    const failedOutcome = failed.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(ok).resolves.toBe(42);
    expect(await failedOutcome).toEqual(new Error('boom'));
  });

  it('shares slots and pauses between budgets that share one limiter (as processes sharing Redis would)', async () => {
    const limiter = new RateLimiterMemory(BUDGET_LIMITER_OPTIONS);
    const a = createRequestBudget({ ratePerSecond: 3, limiter });
    const b = createRequestBudget({ ratePerSecond: 3, limiter });
    const starts: number[] = [];
    const runs = [0, 1, 2, 3, 4, 5].map((i) =>
      (i % 2 === 0 ? a : b).run('poll', async () => starts.push(Date.now())),
    );
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(runs);
    starts.sort((x, y) => x - y);
    expect(new Set(starts.map((t) => Math.floor(t / 334))).size).toBe(6); // one start per slot
    expect(maxStartsPerSecond(starts)).toBeLessThanOrEqual(3); // ceil(rate), across budgets too

    a.reportRateLimited();
    const pausedAt = Date.now();
    let startedOnB = 0;
    const onB = b.run('poll', async () => {
      startedOnB = Date.now();
    });
    await vi.advanceTimersByTimeAsync(1500);
    await onB;
    expect(startedOnB).toBeGreaterThanOrEqual(pausedAt + 1000);
  });

  it('keeps ceil(rate) starts per second across budgets even when one starts late in its slot', async () => {
    const limiter = new RateLimiterMemory(BUDGET_LIMITER_OPTIONS);
    const a = createRequestBudget({ ratePerSecond: 3, limiter });
    const b = createRequestBudget({ ratePerSecond: 3, limiter });
    // a starts in the last millisecond of a slot, b in the first of the next: with one start per slot
    // alone, slots k..k+3 would then hold 4 starts within 669 ms.
    vi.setSystemTime((Math.floor(Date.now() / 334) + 1) * 334 - 1);
    const starts: number[] = [];
    const record = async () => {
      starts.push(Date.now());
    };
    const first = a.run('poll', record);
    await vi.advanceTimersByTimeAsync(1);
    const runs = [first, b.run('poll', record), a.run('poll', record), b.run('poll', record)];
    runs.push(a.run('poll', record), b.run('poll', record));
    await vi.advanceTimersByTimeAsync(5000);
    await Promise.all(runs);
    starts.sort((x, y) => x - y);
    expect(starts).toHaveLength(6);
    expect(maxStartsPerSecond(starts)).toBe(3);
  });

  it('rejects a limiter that is not configured with one point', () => {
    expect(() => createRequestBudget({ limiter: new RateLimiterMemory({ points: 4, duration: 1 }) })).toThrow(
      /points: 1/,
    );
  });
});
