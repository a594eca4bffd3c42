/**
 * People take turns in the budget's queue, the one with more of their share left
 * first, and the feed has a floor of the starts (the share itself: fair-share.test.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LookupCache } from '#src/bot/lookup-cache.js';
import { createRequestBudget, type RequestBudget } from '#src/service/wire/budget.js';
import { BudgetBusy } from '#src/service/wire/errors.js';
import { FairQueue } from '#src/service/wire/fair-queue.js';
import { StartFloor } from '#src/service/wire/start-floor.js';
import { handClock } from './helpers.js';

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
      personShare: { burst: 2, windowSeconds: 3600 },
      sharePeoplePerSecond: 0,
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
