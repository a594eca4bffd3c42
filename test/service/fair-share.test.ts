/**
 * Each person's share of the budget is a fair share, not a quota. On an idle budget
 * every call starts at once; while others wait, a call beyond the share waits behind theirs (the
 * feed's included) and is refused only when it cannot start within the reply window; the share is an
 * equal part among the people using the bot; a call made for no one goes last.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestBudget, MAX_QUEUED_PER_PERSON, type RequestBudget } from '#src/service/wire/budget.js';
import { BudgetBusy } from '#src/service/wire/errors.js';
import { DEFAULT_PERSON_SHARE, MemoryShareCounter, PersonShare } from '#src/service/wire/person-share.js';
import { handClock } from './helpers.js';

describe("each person's share of the budget: a fair share, not a quota", () => {
  let budget: RequestBudget;
  afterEach(() => budget.close());

  const refusal = async (promise: Promise<unknown>): Promise<BudgetBusy> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    if (!(error instanceof BudgetBusy)) throw new Error(`expected BudgetBusy, got ${String(error)}`);
    return error;
  };

  /** A share of 2 per hour: no equal part of the people's rate makes it more. */
  const SMALL_SHARE = { burst: 2, windowSeconds: 3600 };

  /** A budget on a hand clock whose shares are their burst, however few people use it. */
  const burstBudget = (
    clock: ReturnType<typeof handClock>,
    options: { ratePerSecond: number; burst?: number; interactiveMaxWaitMs?: number },
  ) =>
    createRequestBudget({
      ratePerSecond: options.ratePerSecond,
      now: clock.now,
      personShare: { ...SMALL_SHARE, burst: options.burst ?? SMALL_SHARE.burst },
      sharePeoplePerSecond: 0,
      ...(options.interactiveMaxWaitMs ? { interactiveMaxWaitMs: options.interactiveMaxWaitMs } : {}),
    });

  it('lets someone who has barely used the service go ahead of a person who used most of their share', async () => {
    budget = createRequestBudget({ ratePerSecond: 5, personShare: DEFAULT_PERSON_SHARE });
    const started: string[] = [];
    const call = (person: string, name: string) =>
      budget.run('interactive', async () => void started.push(name), { person });
    const calls = [call('alice', 'a0'), call('alice', 'a1'), call('alice', 'a2'), call('bob', 'b0')];
    await Promise.all(calls);
    // Without shares, the turns alone would give a0, a1, b0, a2.
    expect(started).toEqual(['a0', 'b0', 'a1', 'a2']);
  });

  it('starts every call at once on an idle budget, whatever the person did before', async () => {
    const clock = handClock();
    budget = burstBudget(clock, { ratePerSecond: 50 });
    // Twenty calls one after another, far beyond a share of 2: nobody else waits, so none is refused
    // (before: the third was refused "try again in N s" with the budget idle).
    for (let i = 0; i < 20; i++) {
      clock.advance(25); // past the 21 ms spacing of 50/s, so no call waits for the pace
      expect(await budget.run('interactive', async () => 'ok', { person: 'alice' })).toBe('ok');
    }
    expect(budget.shareOf('alice')).toMatchObject({ used: 20, allowance: SMALL_SHARE.burst });
  });

  it('lets a call beyond the share wait behind everything else, the feed included, and start when nobody waits', async () => {
    const clock = handClock();
    budget = burstBudget(clock, { ratePerSecond: 5 });
    const started: string[] = [];
    const run = (name: string, priority: 'interactive' | 'poll', person?: string) =>
      budget.run(priority, async () => void started.push(name), { person, maxWaitMs: 60_000 });
    // alice spends her share on an idle budget.
    for (const name of ['a1', 'a2']) {
      await run(name, 'interactive', 'alice');
      clock.advance(201);
    }
    started.length = 0;
    await run('first', 'interactive', 'carol'); // the budget's next start is now a slot away
    const calls = [run('a3', 'interactive', 'alice'), run('poll', 'poll'), run('b1', 'interactive', 'bob')];
    while (started.length < 4) {
      const before = started.length;
      clock.advance(201);
      while (started.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(calls);
    // Within their shares, bob and the feed go first; her call beyond hers goes when nobody else waits.
    expect(started).toEqual(['first', 'b1', 'poll', 'a3']);
  });

  it('refuses a call beyond the share only when it cannot start within the reply window, with when it can', async () => {
    const clock = handClock();
    budget = burstBudget(clock, { ratePerSecond: 5, interactiveMaxWaitMs: 1000 });
    for (let i = 0; i < SMALL_SHARE.burst; i++) {
      await budget.run('interactive', async () => 'ok', { person: 'alice' });
      clock.advance(201);
    }
    // The feed has a backlog of eight polls (1.6 s at 5/s): beyond her share, her call would not start in 1 s.
    const started: string[] = [];
    const polls = Array.from({ length: 8 }, () =>
      budget.run('poll', async () => void started.push('poll')).catch(() => undefined),
    );
    const refused = await refusal(budget.run('interactive', async () => 'ok', { person: 'alice' }));
    expect(refused.reason).toBe('share');
    // When her share starts again: the rest of her hour.
    expect(refused.retryAfterMs).toBeGreaterThan(3_500_000);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(3_600_000);
    // Nothing was counted for it, and someone within their share is served ahead of the feed.
    expect(budget.shareOf('alice')?.used).toBe(SMALL_SHARE.burst);
    const bob = budget.run('interactive', async () => void started.push('bob'), { person: 'bob' });
    while (!started.includes('bob')) {
      clock.advance(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await bob;
    // The first poll found the pace free and started at once; bob went before the other seven.
    expect(started).toEqual(['poll', 'bob']);
    budget.close();
    await Promise.all(polls);
  });

  it('refuses an autocomplete beyond the share (less its reserve) at once while others wait, and serves it when none do', async () => {
    const clock = handClock();
    budget = burstBudget(clock, { ratePerSecond: 5, burst: 4 });
    const autocomplete = () =>
      budget.run('interactive', async () => 'choices', {
        person: 'alice',
        yieldOverShare: true,
        shareReserve: 2,
      });
    expect(await autocomplete()).toBe('choices');
    clock.advance(201);
    expect(await autocomplete()).toBe('choices');
    clock.advance(201);
    // Her third would leave less than the two requests kept for her command: alone, it is served all the same.
    expect(await autocomplete()).toBe('choices');
    // With bob's call waiting (the clock stands still: it waits for the pace), hers is refused at once.
    const bob = budget.run('interactive', async () => 'bob', { person: 'bob' });
    const refused = await refusal(autocomplete());
    expect(refused.reason).toBe('share');
    expect(budget.shareOf('alice')?.used).toBe(3);
    clock.advance(201);
    expect(await bob).toBe('bob');
  });

  it("puts a call made for no one after every person's call", async () => {
    budget = createRequestBudget({ ratePerSecond: 5, personShare: DEFAULT_PERSON_SHARE });
    const started: string[] = [];
    const call = (name: string, person?: string) =>
      budget.run('interactive', async () => void started.push(name), { person });
    await Promise.all([call('first', 'carol'), call('no one'), call('alice', 'alice'), call('bob', 'bob')]);
    // Before: a call without a person went first, ahead of everyone.
    expect(started).toEqual(['first', 'alice', 'bob', 'no one']);
  });

  it("refuses a person's fourth waiting call only while someone else's call waits", async () => {
    budget = createRequestBudget({ ratePerSecond: 50, personShare: DEFAULT_PERSON_SHARE });
    // Alone, a person's many calls at once all wait their turn.
    const alone = Array.from({ length: MAX_QUEUED_PER_PERSON + 3 }, () =>
      budget.run('interactive', async () => 'ok', { person: 'alice' }),
    );
    expect(await Promise.all(alone)).toEqual(alone.map(() => 'ok'));
    const calls = Array.from({ length: MAX_QUEUED_PER_PERSON + 1 }, () =>
      budget.run('interactive', async () => 'ok', { person: 'alice' }),
    );
    const bob = budget.run('interactive', async () => 'bob', { person: 'bob' });
    const refused = await refusal(budget.run('interactive', async () => 'ok', { person: 'alice' }));
    expect(refused.reason).toBe('share');
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(await bob).toBe('bob');
    expect(await Promise.all(calls)).toEqual(calls.map(() => 'ok'));
  });

  it('gives the share back when a call gives up waiting', async () => {
    const clock = handClock();
    budget = createRequestBudget({ ratePerSecond: 50, now: clock.now, personShare: SMALL_SHARE });
    // bob's call starts at once; the clock stands still, so alice's waits for the pace and gives up.
    expect(await budget.run('interactive', async () => 'ok', { person: 'bob' })).toBe('ok');
    const gaveUp = await refusal(
      budget.run('interactive', async () => 'ok', { person: 'alice', maxWaitMs: 50 }),
    );
    expect(gaveUp.reason).toBe('wait');
    expect(gaveUp.retryAfterMs).toBeGreaterThan(0);
    expect(budget.shareOf('alice')?.used).toBe(0);
  });

  it("is an equal part of the people's rate among those using the bot, never less than the burst", () => {
    const clock = handClock();
    // 2.25 requests/s for people (3/s less a quarter for the feed), counted over 80 s: 180 requests.
    const share = new PersonShare({ settings: DEFAULT_PERSON_SHARE, peoplePerSecond: 2.25, now: clock.now });
    share.charge('alone');
    expect(share.allowance()).toBe(180);
    for (let i = 0; i < 9; i++) share.charge(`person-${i}`);
    clock.advance(1_000); // the count of people is taken again once a second
    expect(share.allowance()).toBe(18);
    for (let i = 9; i < 100; i++) share.charge(`person-${i}`);
    clock.advance(1_000);
    expect(share.allowance()).toBe(DEFAULT_PERSON_SHARE.burst);
    // Their windows over, they no longer count.
    clock.advance(80_000);
    share.charge('alone');
    clock.advance(1_000);
    expect(share.allowance()).toBe(180);
  });

  it('forgets the person idle longest beyond 10,000 people (memory stays bounded)', () => {
    const clock = handClock();
    const counter = new MemoryShareCounter(3600, clock.now);
    expect(counter.add('first', 1).used).toBe(1);
    for (let i = 0; i < 10_000; i++) counter.add(`person-${i}`, 1);
    expect(counter.add('first', 0).used).toBe(0);
  });
});
