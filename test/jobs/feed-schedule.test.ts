import { describe, expect, it } from 'vitest';
import { type FeedService, fetchNewActivities } from '../../src/jobs/feed-fetch.js';
import { estimatedRate, observedRate } from '../../src/jobs/feed-rates.js';
import { planPolls, pollFrequency } from '../../src/jobs/feed-schedule.js';
import type { Activity } from '../../src/service/index.js';

const T0 = new Date('2025-06-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('feed activity rate', () => {
  const prior = { events: 0.5, exposureS: 1_000 };

  it('is the prior alone before any poll, and moves towards what the polls see', () => {
    expect(estimatedRate(undefined, prior)).toBeCloseTo(0.0005);
    let record = observedRate(undefined, 0, at(0), 1e9);
    for (let i = 1; i <= 100; i++) record = observedRate(record, 1, at(i * 10), 1e9);
    // 100 activities over 1,000 s, plus the prior's 0.5 over 1,000 s.
    expect(estimatedRate(record, prior)).toBeCloseTo(100.5 / 2_000);
    let idle = observedRate(undefined, 0, at(0), 1e9);
    idle = observedRate(idle, 0, at(10_000), 1e9);
    expect(estimatedRate(idle, prior)).toBeLessThan(estimatedRate(undefined, prior));
  });

  it('forgets old activity with the half-life', () => {
    let record = observedRate(undefined, 0, at(0), 100);
    record = observedRate(record, 10, at(10), 100);
    const busy = estimatedRate(record, prior);
    record = observedRate(record, 0, at(1_010), 100);
    expect(record.events).toBeCloseTo(10 / 1024);
    expect(estimatedRate(record, prior)).toBeLessThan(busy / 10);
  });
});

describe('poll plan', () => {
  const sum = (plan: ReturnType<typeof planPolls>, rates: number[]) =>
    rates.reduce((total, rate) => total + pollFrequency(plan, rate), 0);

  it('spends the budget, polling as the square root of the rate', () => {
    const rates = [0.04, 0.01, 0.01, 0.0025];
    const plan = planPolls({ rates, pollsPerS: 0.1, minIntervalS: 1 });
    expect(sum(plan, rates)).toBeCloseTo(0.1, 6);
    expect(pollFrequency(plan, 0.04) / pollFrequency(plan, 0.01)).toBeCloseTo(2, 6);
    expect(pollFrequency(plan, 0.01) / pollFrequency(plan, 0.0025)).toBeCloseTo(2, 6);
  });

  it('keeps every owner within 4 round-robin cycles', () => {
    const rates = [...Array.from({ length: 10 }, () => 10), ...Array.from({ length: 90 }, () => 1e-9)];
    const plan = planPolls({ rates, pollsPerS: 1, minIntervalS: 1 });
    expect(plan.cycleS).toBe(100);
    // The square root alone would poll the idle owners once in ~10^5 s: the floor makes it 400 s.
    expect(1 / pollFrequency(plan, 1e-9)).toBeCloseTo(400, 6);
    expect(1 / pollFrequency(plan, 10)).toBeCloseTo(10 / 0.775, 6);
    expect(sum(plan, rates)).toBeCloseTo(1, 6);
  });

  it('polls no owner more often than the poll interval, and gives what is left to the others', () => {
    const rates = [10, ...Array.from({ length: 99 }, () => 1e-9)];
    const plan = planPolls({ rates, pollsPerS: 1, minIntervalS: 5 });
    expect(1 / pollFrequency(plan, 10)).toBeCloseTo(5, 6);
    expect(1 / pollFrequency(plan, 1e-9)).toBeCloseTo(99 / 0.8, 6);
    expect(sum(plan, rates)).toBeCloseTo(1, 6);
  });

  it('gives the floor when there are no rates at all', () => {
    const plan = planPolls({ rates: [0, 0], pollsPerS: 1, minIntervalS: 1 });
    expect(pollFrequency(plan, 0)).toBeCloseTo(1 / 8);
  });
});

describe('feed fetch', () => {
  /** A feed of ids 1..newest, newest first, answering like the service. */
  function feed(newest: number) {
    const calls: Array<{ per_page: number; page: number }> = [];
    const service: FeedService = {
      async followingActivities(params) {
        if (params.per_page === undefined || params.page === undefined) throw new Error('paging expected');
        calls.push({ per_page: params.per_page, page: params.page });
        const start = (params.page - 1) * params.per_page;
        const ids = Array.from({ length: newest }, (_, i) => newest - i).slice(
          start,
          start + params.per_page,
        );
        const items: Activity[] = ids.map((id) => ({
          id,
          action: 'a_new_action',
          created_at: T0.toISOString(),
        }));
        const nextPage = start + params.per_page < newest ? params.page + 1 : null;
        return { items, totalCount: newest, nextPage, prevPage: null };
      },
    };
    return { service, calls };
  }

  it('asks for a few items when nothing is new', async () => {
    const { service, calls } = feed(100);
    const result = await fetchNewActivities(service, 't', 98, {
      pageSize: 50,
      probeSize: 5,
      maxCatchUpPages: 2,
    });
    expect(calls).toEqual([{ per_page: 5, page: 1 }]);
    expect(result.activities.map((a) => a.id)).toEqual([99, 100]);
  });

  it('reads full pages from the first when the small request is all new', async () => {
    const { service, calls } = feed(100);
    const result = await fetchNewActivities(service, 't', 40, {
      pageSize: 50,
      probeSize: 5,
      maxCatchUpPages: 2,
    });
    expect(calls).toEqual([
      { per_page: 5, page: 1 },
      { per_page: 50, page: 1 },
      { per_page: 50, page: 2 },
    ]);
    expect(result.activities).toHaveLength(60);
    expect(result.truncated).toBe(false);
  });
});
