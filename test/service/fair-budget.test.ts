/**
 * Issue 28 item 1: people take turns in the budget's queue, each person has a bounded share of the
 * budget over time, and the feed has a floor of the starts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LookupCache } from '../../src/bot/lookup-cache.js';
import {
  createRequestBudget,
  MAX_QUEUED_PER_PERSON,
  type RequestBudget,
} from '../../src/service/wire/budget.js';
import { BudgetBusy } from '../../src/service/wire/errors.js';
import { FairQueue } from '../../src/service/wire/fair-queue.js';
import { DEFAULT_PERSON_SHARE, PersonShare } from '../../src/service/wire/person-share.js';
import { StartFloor } from '../../src/service/wire/start-floor.js';

describe('the interactive queue across people', () => {
  let budget: RequestBudget;
  afterEach(() => budget.close());

  it('lets each person wait behind at most one call of each other person', async () => {
    budget = createRequestBudget({ ratePerSecond: 5 });
    const started: string[] = [];
    const call = (person: string, name: string) =>
      budget.run('interactive', async () => void started.push(name), { person });
    // alice sends as fast as she may; bob sends one lookup after her.
    const calls = [call('alice', 'a0'), call('alice', 'a1'), call('alice', 'a2'), call('bob', 'b0')];
    await Promise.all(calls);
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2']);
  });

  it('refuses a person over their share with the wait, and never someone else', async () => {
    budget = createRequestBudget({ ratePerSecond: 5 });
    const calls = Array.from({ length: MAX_QUEUED_PER_PERSON + 1 }, () =>
      budget.run('interactive', async () => 'ok', { person: 'alice' }),
    );
    const refused = await budget
      .run('interactive', async () => 'ok', { person: 'alice' })
      .catch((error: unknown) => error);
    if (!(refused instanceof BudgetBusy)) throw new Error('expected BudgetBusy');
    expect(refused.reason).toBe('share');
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(await budget.run('interactive', async () => 'ok', { person: 'bob' })).toBe('ok');
    expect(await Promise.all(calls)).toEqual(calls.map(() => 'ok'));
  });
});

/** A clock the test moves by hand; the budget's pace reads it too, so calls are spaced past its interval. */
function handClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}

describe("each person's share of the budget over time", () => {
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

  it('refuses a call beyond the burst at once, with the wait until the share has grown back', async () => {
    const clock = handClock();
    budget = createRequestBudget({ ratePerSecond: 50, now: clock.now, personShare: DEFAULT_PERSON_SHARE });
    const call = (person: string) => {
      clock.advance(25); // past the 21 ms spacing of 50/s, so no call waits for the pace
      return budget.run('interactive', async () => 'ok', { person });
    };
    for (let i = 0; i < DEFAULT_PERSON_SHARE.burst; i++) expect(await call('alice')).toBe('ok');
    const refused = await refusal(call('alice'));
    expect(refused.reason).toBe('share');
    // One request grows back in 1 / refill seconds, less what the 25 ms steps already gave back.
    const full = 1000 / DEFAULT_PERSON_SHARE.refillPerSecond;
    expect(refused.retryAfterMs).toBeGreaterThan(full - 25 * (DEFAULT_PERSON_SHARE.burst + 1));
    expect(refused.retryAfterMs).toBeLessThanOrEqual(full);
    // Someone else still has their whole share.
    expect(await call('bob')).toBe('ok');
    clock.advance(refused.retryAfterMs ?? 0);
    expect(await call('alice')).toBe('ok');
    expect(await refusal(call('alice'))).toMatchObject({ reason: 'share' });
  });

  it('lets an autocomplete keep a reserve of the share for the command that follows', async () => {
    const clock = handClock();
    budget = createRequestBudget({
      ratePerSecond: 50,
      now: clock.now,
      personShare: { burst: 4, refillPerSecond: 0.1 },
    });
    const call = (shareReserve?: number) => {
      clock.advance(25);
      return budget.run('interactive', async () => 'ok', { person: 'alice', shareReserve });
    };
    expect(await call(2)).toBe('ok');
    expect(await call(2)).toBe('ok');
    expect((await refusal(call(2))).reason).toBe('share');
    // The command still has its two requests.
    expect(await call()).toBe('ok');
    expect(await call()).toBe('ok');
    expect((await refusal(call())).reason).toBe('share');
  });

  it('gives the share back when a call gives up waiting', async () => {
    const clock = handClock();
    budget = createRequestBudget({
      ratePerSecond: 50,
      now: clock.now,
      personShare: { burst: 1, refillPerSecond: 0.001 },
    });
    // bob's call starts at once; the clock stands still, so alice's waits for the pace and gives up.
    expect(await budget.run('interactive', async () => 'ok', { person: 'bob' })).toBe('ok');
    const gaveUp = await refusal(
      budget.run('interactive', async () => 'ok', { person: 'alice', maxWaitMs: 50 }),
    );
    expect(gaveUp.reason).toBe('wait');
    clock.advance(25);
    expect(await budget.run('interactive', async () => 'ok', { person: 'alice' })).toBe('ok');
  });

  it('forgets the person idle longest beyond 10,000 people (memory stays bounded)', () => {
    const clock = handClock();
    const share = new PersonShare({ burst: 2, refillPerSecond: 0.001 }, clock.now);
    expect(share.take('first')).toBe(0);
    expect(share.left('first')).toBe(1);
    for (let i = 0; i < 10_000; i++) share.take(`person-${i}`);
    expect(share.left('first')).toBe(2);
  });
});

describe("the feed's floor of the starts", () => {
  let budget: RequestBudget;
  afterEach(() => budget.close());

  it('hands the feed at least its floor of the starts while commands keep waiting', async () => {
    budget = createRequestBudget({ ratePerSecond: 50, feedFloor: 0.4 });
    const started: string[] = [];
    const calls = [];
    for (let i = 0; i < 20; i++) {
      calls.push(budget.run('interactive', async () => void started.push('command'), { maxWaitMs: 60_000 }));
      calls.push(budget.run('poll', async () => void started.push('poll')));
    }
    await Promise.all(calls);
    // The first command found the budget idle and started at once; from then on both kinds wait, and
    // every 5 starts hold 2 polls (before the floor, strict priority started all 20 commands first).
    const bothWaiting = started.slice(1, 26);
    for (let from = 0; from + 5 <= bothWaiting.length; from++)
      expect(bothWaiting.slice(from, from + 5).filter((name) => name === 'poll').length).toBe(2);
  });

  it("does not make people who wait pay the feed back for a heavy user's starts", async () => {
    // A hand clock: every call below is queued before the clock moves on to the next start's slot,
    // however slow the machine.
    const clock = handClock();
    budget = createRequestBudget({
      ratePerSecond: 5,
      now: clock.now,
      feedFloor: 0.25,
      personShare: { burst: 2, refillPerSecond: 0.001 },
    });
    const started: string[] = [];
    const calls: Promise<unknown>[] = [];
    const run = (
      name: string,
      priority: 'interactive' | 'poll' | 'write',
      person?: string,
      then?: () => void,
    ) =>
      calls.push(
        budget.run(
          priority,
          async () => {
            started.push(name);
            then?.();
          },
          { person, maxWaitMs: 60_000 },
        ),
      );
    const fourPeople = () => {
      for (let i = 1; i <= 4; i++) run(`n${i}`, 'interactive', `person-${i}`);
    };
    // The budget is idle: this starts at once. Then the feed waits, and the heavy user, with his whole
    // share spent, has two calls waiting; when his second starts, four people send a lookup each.
    run('first', 'write');
    for (let i = 0; i < 2; i++) run('poll', 'poll');
    run('h1', 'interactive', 'heavy');
    run('h2', 'interactive', 'heavy', fourPeople);
    // One start per slot: move the clock a slot on, then wait for the budget to start the next call.
    while (started.length < 9) {
      const before = started.length;
      clock.advance(201);
      while (started.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(calls);
    // His starts came out of the feed's turns: the four people get the floor's one in four as if he
    // had sent nothing (before, the feed took the second start after him, ahead of three of them).
    expect(started).toEqual(['first', 'h1', 'h2', 'n1', 'n2', 'n3', 'poll', 'n4', 'poll']);
  });

  it('owes nothing while the feed already gets more than its floor', () => {
    const floor = new StartFloor(0.4);
    const owed: boolean[] = [];
    for (let i = 0; i < 10; i++) {
      const isOwed = floor.owed(true);
      owed.push(isOwed);
      if (i % 2 === 0 || isOwed) floor.took(); // the feed gets every other start anyway
    }
    expect(owed.filter(Boolean).length).toBe(0);
    expect(new StartFloor(0.4).owed(false)).toBe(false);
  });
});

describe('the queue and the cache favour no one over a person who has barely used the service', () => {
  it('estimates the wait of a fresh person without the calls of people ranked below them', () => {
    const left: Record<string, number> = { heavy: 0, fresh: 4, other: 4 };
    const queue = new FairQueue<{ person: string }>((person) => left[person ?? ''] ?? 4);
    for (let i = 0; i < 3; i++) queue.push({ person: 'heavy' });
    queue.push({ person: 'other' });
    // Without ranks the turns would count one call of each person ahead: 2.
    expect(queue.aheadOf('fresh')).toBe(1);
    expect(queue.aheadOf('heavy')).toBe(4);
    expect(queue.shift()?.person).toBe('other');
  });

  it("does not hand one person another person's refusal from a shared lookup", async () => {
    const cache = new LookupCache();
    let loads = 0;
    const refused = cache.getOrLoad('work:1', async () => {
      loads += 1;
      await Promise.resolve();
      throw new BudgetBusy('works', 'wait', 2000);
    });
    const joined = cache.getOrLoad('work:1', async () => {
      loads += 1;
      return 'loaded by the second person';
    });
    await expect(refused).rejects.toBeInstanceOf(BudgetBusy);
    expect(await joined).toBe('loaded by the second person');
    expect(loads).toBe(2);
    // Any other failure is the lookup's own, shared as before.
    const failing = cache.getOrLoad('work:2', async () => {
      await Promise.resolve();
      throw new Error('not found');
    });
    const sharing = cache.getOrLoad('work:2', async () => 'never');
    await expect(failing).rejects.toThrow('not found');
    await expect(sharing).rejects.toThrow('not found');
  });

  it("does not make one person wait for another person's lookup in the queue", async () => {
    const cache = new LookupCache();
    const heavyView = cache.forPerson('heavy');
    // The heavy user's lookup waits in the budget's queue behind everyone ranked above him.
    let releaseHeavy: (value: string) => void = () => {};
    const heavy = heavyView.getOrLoad(
      'work:3',
      () =>
        new Promise<string>((resolve) => {
          releaseHeavy = resolve;
        }),
    );
    // A fresh person's lookup of the same work is their own call, ranked as theirs.
    const fresh = cache.forPerson('fresh').getOrLoad('work:3', async () => 'loaded for the fresh person');
    // Once the loads in hand have settled (a macrotask later), the fresh person has their answer.
    const settled = new Promise((resolve) => setTimeout(() => resolve('still waiting for him'), 0));
    expect(await Promise.race([fresh, settled])).toBe('loaded for the fresh person');
    // The same person's repeated lookup still shares their load in flight.
    let loads = 0;
    const again = heavyView.getOrLoad('work:4', async () => {
      loads += 1;
      return 'once';
    });
    // Another interaction of his (another view, the same person).
    const joined = cache.forPerson('heavy').getOrLoad('work:4', async () => {
      loads += 1;
      return 'twice';
    });
    expect([await again, await joined, loads]).toEqual(['once', 'once', 1]);
    releaseHeavy('loaded for the heavy user');
    // His load, finished, is cached for everyone like any other.
    expect(await heavy).toBe('loaded for the heavy user');
    expect(cache.forPerson('someone').peek('work:3')).toBe('loaded for the heavy user');
  });
});
