import { describe, expect, it } from 'vitest';
import { DueQueue } from '#src/jobs/feed/due-queue.js';

/** Takes every due owner at `now`, in order. */
function drain(queue: DueQueue, now: number): string[] {
  const taken: string[] = [];
  for (let owner = queue.takeMostOverdue(now); owner !== undefined; owner = queue.takeMostOverdue(now))
    taken.push(owner);
  return taken;
}

describe('due queue', () => {
  it('tells how many owners are due and how long the earliest of them has waited (the backlog gauges)', () => {
    const queue = new DueQueue();
    expect(queue.overdue(1_000)).toEqual({ due: 0, longestWaitMs: 0 });
    queue.set('due 400 ms ago', 600, 60_000);
    queue.set('due 100 ms ago', 900, 1_000);
    queue.set('due now', 1_000, 1_000);
    queue.set('not due', 1_001, 1_000);
    expect(queue.overdue(1_000)).toEqual({ due: 3, longestWaitMs: 400 });
    // Taken owners are out of the backlog.
    expect([queue.takeMostOverdue(1_000), queue.takeMostOverdue(1_000)]).toEqual([
      'due 100 ms ago',
      'due 400 ms ago',
    ]);
    expect(queue.overdue(1_000)).toEqual({ due: 1, longestWaitMs: 0 });
  });

  it('hands out due owners latest relative to their interval first, and nobody not yet due', () => {
    const queue = new DueQueue();
    queue.set('hourly, 30 min late', 0, 3_600_000); // lateness 0.5 at 1,800,000
    queue.set('minutely, 1 min late', 1_740_000, 60_000); // 1.0
    queue.set('daily, 6 h late', -19_800_000, 86_400_000); // 0.25
    queue.set('not due', 1_800_001, 60_000);
    expect(drain(queue, 1_800_000)).toEqual([
      'minutely, 1 min late',
      'hourly, 30 min late',
      'daily, 6 h late',
    ]);
    expect(queue.size).toBe(1);
    expect(drain(queue, 1_800_001)).toEqual(['not due']);
  });

  it('hands out the owner nearest its due time when none is due, among those allowed early', () => {
    const queue = new DueQueue();
    queue.set('hourly, due in 30 min', 3_600_000, 3_600_000); // -0.5 at 1,800,000
    queue.set('minutely, due in 30 s', 1_830_000, 60_000); // -0.5
    queue.set('daily, due in 6 h', 23_400_000, 86_400_000); // -0.25
    queue.set('polled just now', 1_810_000, 60_000); // -0.17, but not allowed early
    const allowed = (owner: string) => owner !== 'polled just now';
    expect(queue.takeMostOverdue(1_800_000)).toBeUndefined();
    expect(queue.takeNearestDue(1_800_000, allowed)).toBe('daily, due in 6 h');
    // An owner due goes first, allowed early or not.
    expect(queue.takeNearestDue(1_810_000, allowed)).toBe('polled just now');
  });

  it('agrees with a scan of every owner on random figures, within the bucket width', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const queue = new DueQueue();
    const owners = new Map<string, { at: number; intervalMs: number }>();
    for (let i = 0; i < 2_000; i++) {
      const figures = { at: random() * 100_000, intervalMs: 1_000 * 2 ** (random() * 10) };
      owners.set(`o${i}`, figures);
      queue.set(`o${i}`, figures.at, figures.intervalMs);
    }
    const now = 60_000;
    const lateness = (owner: string) => {
      const { at, intervalMs } = owners.get(owner) ?? { at: 0, intervalMs: 1 };
      return (now - at) / intervalMs;
    };
    const taken = drain(queue, now);
    expect(taken.length).toBe([...owners.values()].filter((o) => o.at <= now).length);
    const best = Math.max(...taken.map(lateness));
    // Each take is the most overdue, but for the 9% an eighth of an octave allows.
    expect(lateness(taken[0] ?? '')).toBeGreaterThanOrEqual(best / 2 ** (1 / 8));
    for (const [i, owner] of taken.entries()) {
      const rest = taken.slice(i).map(lateness);
      expect(lateness(owner)).toBeGreaterThanOrEqual(Math.max(...rest) / 2 ** (1 / 8) - 1e-9);
    }
  });

  it('keeps only the last figures set for an owner, forgets deleted ones, and never hides a bad figure', () => {
    const queue = new DueQueue();
    queue.set('a', 0, 1_000);
    queue.set('a', 5_000, 1_000); // a later due time replaces the first
    queue.set('b', 0, 1_000);
    queue.delete('b');
    queue.set('c', Number.NaN, Number.POSITIVE_INFINITY);
    expect(drain(queue, 1_000)).toEqual(['c']);
    expect(queue.has('a')).toBe(true);
    expect(drain(queue, 5_000)).toEqual(['a']);
    expect(queue.size).toBe(0);
  });
});
