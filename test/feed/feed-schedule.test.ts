import { describe, expect, it, vi } from 'vitest';
import { type FeedService, fetchNewActivities } from '#src/jobs/feed/fetch.js';
import { FeedPace, planPolls, pollFrequency } from '#src/jobs/feed/pace.js';
import { estimatedRate, FeedRates, historyRate, observedRate } from '#src/jobs/feed/rates.js';
import type { Activity } from '#src/service/index.js';
import { openStore } from '#src/store/index.js';

const T0 = new Date('2025-06-01T00:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('feed activity rate', () => {
  const prior = { events: 0.5, exposureS: 1_000 };

  it('is the prior alone before any poll, and moves towards what the polls see', () => {
    expect(estimatedRate(undefined, prior)).toBeCloseTo(0.0005, 9);
    let record = observedRate(undefined, { newActivities: 0 }, at(0), 1e9);
    for (let i = 1; i <= 100; i++) record = observedRate(record, { newActivities: 1 }, at(i * 10), 1e9);
    // 100 activities over 1,000 s, plus the prior's 0.5 over 1,000 s.
    expect(estimatedRate(record, prior)).toBeCloseTo(100.5 / 2_000, 6);
    let idle = observedRate(undefined, { newActivities: 0 }, at(0), 1e9);
    idle = observedRate(idle, { newActivities: 0 }, at(10_000), 1e9);
    expect(estimatedRate(idle, prior)).toBeLessThan(estimatedRate(undefined, prior));
  });

  it('forgets old activity with the half-life', () => {
    let record = observedRate(undefined, { newActivities: 0 }, at(0), 100);
    record = observedRate(record, { newActivities: 10 }, at(10), 100);
    const busy = estimatedRate(record, prior);
    record = observedRate(record, { newActivities: 0 }, at(1_010), 100);
    expect(record.events).toBeCloseTo(10 / 1024, 9);
    expect(estimatedRate(record, prior)).toBeLessThan(busy / 10);
  });
});

describe("first estimate from the feed's recent past", () => {
  const prior = { events: 0.1, exposureS: 100 };
  /** created_at `seconds` before at(1_000). */
  const ago = (...seconds: number[]) => seconds.map((s) => at(1_000 - s).toISOString());

  it("counts a full page over its oldest item's age", () => {
    const record = historyRate(
      { newActivities: 1, recent: { createdAt: ago(10, 100, 200, 300, 400), complete: false } },
      at(1_000),
      3_600,
    );
    expect(record).toMatchObject({ events: 5, exposureS: 400 });
    expect(estimatedRate(record, prior)).toBeCloseTo(5.1 / 500, 9);
  });

  it('counts what falls in the horizon, over the horizon, when the page is older or the whole feed', () => {
    const old = historyRate(
      { newActivities: 0, recent: { createdAt: ago(10, 5_000, 9_000), complete: false } },
      at(1_000),
      3_600,
    );
    expect(old).toMatchObject({ events: 1, exposureS: 3_600 });
    const whole = historyRate(
      { newActivities: 0, recent: { createdAt: ago(10, 20), complete: true } },
      at(1_000),
      3_600,
    );
    expect(whole).toMatchObject({ events: 2, exposureS: 3_600 });
    const empty = historyRate(
      { newActivities: 0, recent: { createdAt: [], complete: true } },
      at(1_000),
      3_600,
    );
    expect(empty).toMatchObject({ events: 0, exposureS: 3_600 });
    expect(estimatedRate(empty, prior) * 3_700).toBeCloseTo(0.1, 9);
  });

  it("makes a busy owner's first estimate busier than a quiet one's, from one poll", () => {
    const busy = observedRate(
      undefined,
      { newActivities: 0, recent: { createdAt: ago(5, 60, 120, 180, 240), complete: false } },
      at(1_000),
      3_600,
    );
    const quiet = observedRate(
      undefined,
      { newActivities: 0, recent: { createdAt: ago(3_000), complete: true } },
      at(1_000),
      3_600,
    );
    expect(estimatedRate(busy, prior)).toBeGreaterThan(10 * estimatedRate(quiet, prior));
  });

  it('skips unreadable times and reads future ones as now, instead of failing', () => {
    const record = historyRate(
      { newActivities: 2, recent: { createdAt: ['not a date', at(1_100).toISOString()], complete: true } },
      at(1_000),
      3_600,
    );
    expect(record).toMatchObject({ events: 1, exposureS: 3_600 });
    const none = historyRate(
      { newActivities: 2, recent: { createdAt: ['nope'], complete: true } },
      at(1_000),
      3_600,
    );
    expect(none).toMatchObject({ events: 2, exposureS: 0 });
  });
});

describe('poll plan', () => {
  const sum = (plan: ReturnType<typeof planPolls>, rates: number[]) =>
    rates.reduce((total, rate) => total + pollFrequency(plan, rate), 0);

  it('spends the budget, polling as the rate to the power 0.4 (a little flatter than its square root)', () => {
    const rates = [0.04, 0.01, 0.01, 0.0025];
    const plan = planPolls({ rates, pollsPerS: 0.1, minIntervalS: 1 });
    expect(sum(plan, rates)).toBeCloseTo(0.1, 6);
    // Four times the rate: 4^0.4 ≈ 1.74 times the polls (the square root would give 2).
    expect(pollFrequency(plan, 0.04) / pollFrequency(plan, 0.01)).toBeCloseTo(4 ** 0.4, 6);
    expect(pollFrequency(plan, 0.01) / pollFrequency(plan, 0.0025)).toBeCloseTo(4 ** 0.4, 6);
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

describe('feed schedule', () => {
  it("starts each owner's second poll at a random part of its interval, then keeps the interval", async () => {
    const store = await openStore('sqlite://:memory:');
    try {
      const draws = [0.25, 0.75];
      const schedule = new FeedPace({
        store,
        owners: async () => ['a', 'b'],
        pollsPerS: 0.01,
        minIntervalMs: 1_000,
        now: () => at(0),
        random: () => draws.shift() ?? 1,
      });
      await schedule.replan();
      const empty = { newActivities: 0, recent: { createdAt: [], complete: true } };
      await schedule.observe('a', empty);
      await schedule.observe('b', empty);
      const interval = schedule.intervalMs('a');
      expect(schedule.intervalMs('b')).toBe(interval);
      // Polled together for the first time, they fall due apart: a quarter and three quarters in.
      expect(schedule.nextDelayMs('a')).toBeCloseTo(interval * 0.25);
      expect(schedule.nextDelayMs('b')).toBeCloseTo(interval * 0.75);
      await schedule.observe('a', empty);
      expect(schedule.nextDelayMs('a')).toBe(schedule.intervalMs('a'));
    } finally {
      await store.close();
    }
  });

  it('never brings a first poll’s next one closer than the poll interval (owners were once polled twice in a cycle)', async () => {
    const store = await openStore('sqlite://:memory:');
    try {
      // POLL_INTERVAL_SECONDS of an hour: every interval is the cap, and a random phase near 0 drawn.
      const schedule = new FeedPace({
        store,
        owners: async () => ['a'],
        pollsPerS: 10,
        minIntervalMs: 3_600_000,
        now: () => at(0),
        random: () => 0.01,
      });
      await schedule.replan();
      await schedule.observe('a', { newActivities: 0, recent: { createdAt: [], complete: true } });
      expect(schedule.intervalMs('a')).toBe(3_600_000);
      expect(schedule.nextDelayMs('a')).toBe(3_600_000);
    } finally {
      await store.close();
    }
  });
});

describe('stored feed rates', () => {
  it('forget an owner unpolled for 30 days (one who left), and keep one polled meanwhile', async () => {
    const store = await openStore('sqlite://:memory:');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(at(0));
      const rates = new FeedRates(store);
      const seen = { newActivities: 1, recent: { createdAt: [at(0).toISOString()], complete: true } };
      await rates.observe('left', seen, at(0), 3_600);
      await rates.observe('stayed', seen, at(0), 3_600);
      vi.setSystemTime(at(29 * 86_400));
      await rates.observe('stayed', seen, at(29 * 86_400), 3_600);
      vi.setSystemTime(at(31 * 86_400));
      expect(await rates.get('left')).toBeUndefined();
      expect(await rates.get('stayed')).toBeDefined();
    } finally {
      vi.useRealTimers();
      await store.close();
    }
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
    // The page shows the recent past, new or not: five times, and more exist.
    expect(result.recent).toEqual({ createdAt: Array(5).fill(T0.toISOString()), complete: false });
  });

  it('tells when its first page is the whole feed', async () => {
    const { service } = feed(3);
    const result = await fetchNewActivities(service, 't', undefined, {
      pageSize: 50,
      probeSize: 5,
      maxCatchUpPages: 2,
    });
    expect(result.recent).toEqual({ createdAt: Array(3).fill(T0.toISOString()), complete: true });
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
