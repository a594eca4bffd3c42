/** Issue 28 item 1 (part): people take turns in the budget's queue, and one person's share is bounded. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRequestBudget,
  MAX_QUEUED_PER_PERSON,
  type RequestBudget,
} from '../../src/service/wire/budget.js';
import { BudgetBusy } from '../../src/service/wire/errors.js';

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
