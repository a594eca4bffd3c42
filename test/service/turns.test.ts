/**
 * Whose call starts next: the feed's owed starts come out of a heavy user's turns
 * before a light person's, the floor still holds when only light people wait or when an owed start is
 * overdue, and a person's calls in progress count against them.
 */
import { describe, expect, it } from 'vitest';
import { createRequestBudget } from '#src/service/wire/budget.js';
import { PersonShare } from '#src/service/wire/person-share.js';
import { type Priority, type TurnCall, Turns } from '#src/service/wire/turns.js';

interface Named extends TurnCall {
  name: string;
}

/** Turns with a share of 4 per person; `heavy` has used 3 of it (more than half). */
function turnsWithHeavyUser(feedFloor = 0.25) {
  const now = () => 1_000_000;
  // A people's rate so small that the share is the burst, however few people use the bot.
  const share = new PersonShare({ settings: { burst: 4, windowSeconds: 3600 }, peoplePerSecond: 1e-6, now });
  for (let i = 0; i < 3; i++) share.charge('heavy');
  const turns = new Turns<Named>({ now, share, feedFloor });
  const push = (name: string, priority: Priority, person?: string) =>
    turns.push({ name, priority, person, enqueuedAt: now() });
  const order = (starts: number) => Array.from({ length: starts }, () => turns.next()?.name ?? 'nothing');
  return { turns, push, order };
}

describe('the starts owed to the feed', () => {
  it("come out of a heavy user's turns, not a light person's, while his calls wait", () => {
    const { push, order } = turnsWithHeavyUser();
    for (let i = 1; i <= 8; i++) push(`p${i}`, 'poll');
    for (let i = 1; i <= 3; i++) push(`h${i}`, 'interactive', 'heavy');
    for (let i = 1; i <= 6; i++) push(`n${i}`, 'interactive', `light-${i}`);
    // Before: n1 n2 n3 p1 n4 n5 n6 p2 h1 h2 h3 p3 — the feed's owed start held n4, n5 and n6 back.
    // Now the six light lookups go first and the feed still has its two starts in the first eight.
    expect(order(12)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'p1', 'p2', 'h1', 'h2', 'h3', 'p3']);
  });

  it('still land on light people when no heavy user waits (the floor holds in a rush)', () => {
    const { push, order } = turnsWithHeavyUser();
    for (let i = 1; i <= 4; i++) push(`p${i}`, 'poll');
    for (let i = 1; i <= 8; i++) push(`n${i}`, 'interactive', `light-${i}`);
    expect(order(8)).toEqual(['n1', 'n2', 'n3', 'p1', 'n4', 'n5', 'n6', 'p2']);
  });

  it('are not put off for good: once a second start is owed, the feed goes first anyway', () => {
    const { push, order } = turnsWithHeavyUser();
    for (let i = 1; i <= 6; i++) push(`p${i}`, 'poll');
    push('h1', 'interactive', 'heavy');
    for (let i = 1; i <= 16; i++) push(`n${i}`, 'interactive', `light-${i}`);
    const started = order(16);
    // Owed from the 4th start, put off while the heavy call waits, overdue at the 8th; then one in four.
    expect(started.slice(0, 8)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6', 'n7', 'p1']);
    expect(started.filter((name) => name.startsWith('p')).length).toBeGreaterThanOrEqual(3);
    expect(started).not.toContain('h1');
  });

  it("leave a heavy user's call its turn once nobody else waits", () => {
    const { push, order } = turnsWithHeavyUser();
    for (let i = 1; i <= 4; i++) push(`p${i}`, 'poll');
    push('h1', 'interactive', 'heavy');
    expect(order(2)).toEqual(['h1', 'p1']);
  });
});

describe("a person's calls in progress", () => {
  it('put a script that sends at once behind a person with one lookup, even with more share left', async () => {
    const budget = createRequestBudget({
      ratePerSecond: 5,
      personShare: { burst: 8, windowSeconds: 3600 },
    });
    try {
      const started: string[] = [];
      const call = (person: string, name: string) =>
        budget.run('interactive', async () => void started.push(name), { person });
      // bob has used three of his share earlier; alice has used none, then sends three at once.
      for (let i = 0; i < 3; i++) await call('bob', `earlier${i}`);
      started.length = 0;
      const calls = [call('alice', 'a0'), call('alice', 'a1'), call('alice', 'a2'), call('bob', 'b0')];
      await Promise.all(calls);
      // All four wait for the next slot. By share left alone alice (5 left) would go before bob (4 left):
      // a0, a1, a2, b0. Her three calls in progress put her behind his one.
      expect(started).toEqual(['b0', 'a0', 'a1', 'a2']);
    } finally {
      budget.close();
    }
  });
});
