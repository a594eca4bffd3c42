import { describe, expect, it } from 'vitest';
import { dailySchedule } from '#src/jobs/broadcasts/daily-time.js';
import { localDateOf } from '#src/lib/time-zone.js';

const iso = (d: Date | undefined) => d?.toISOString();

describe('daily schedule (croner)', () => {
  it('answers like a fresh schedule at every step while reusing its answers between fires (also across DST and backwards)', () => {
    const reused = dailySchedule('01:30', 'America/New_York');
    const start = Date.parse('2025-11-01T00:00:00Z');
    const steps = Array.from({ length: 3 * 96 }, (_, i) => start + i * 15 * 60_000);
    for (const at of [...steps, ...steps.slice(0, 40).reverse()]) {
      const now = new Date(at);
      const fresh = dailySchedule('01:30', 'America/New_York');
      expect(reused.previous(now)).toEqual(fresh.previous(now));
      expect(reused.next(now)).toEqual(fresh.next(now));
    }
  });

  it('answers a next fire strictly after now inside the hour repeated when DST ends', () => {
    // 06:00Z on 2025-11-02 is 01:00 EST, after 01:30 EDT (05:30Z) has fired.
    const schedule = dailySchedule('01:30', 'America/New_York');
    const now = new Date('2025-11-02T06:00:00Z');
    expect(schedule.previous(now)).toEqual({ at: new Date('2025-11-02T05:30:00Z'), localDate: '2025-11-02' });
    expect(schedule.next(now)).toEqual({ at: new Date('2025-11-03T06:30:00Z'), localDate: '2025-11-03' });
  });

  it('finds the previous and next fire of 08:00 in Asia/Tokyo', () => {
    const schedule = dailySchedule('08:00', 'Asia/Tokyo');
    const now = new Date('2025-06-01T22:59:59Z'); // 07:59:59 JST on June 2
    expect(iso(schedule.next(now)?.at)).toBe('2025-06-01T23:00:00.000Z');
    expect(schedule.next(now)?.localDate).toBe('2025-06-02');
    expect(schedule.previous(now)).toMatchObject({ localDate: '2025-06-01' });
    const atFire = new Date('2025-06-01T23:00:00Z');
    expect(schedule.previous(atFire)).toEqual({ at: atFire, localDate: '2025-06-02' });
  });

  it('follows DST in America/New_York, including a time skipped by spring-forward', () => {
    const eight = dailySchedule('08:00', 'America/New_York');
    expect(iso(eight.next(new Date('2025-03-08T14:00:00Z'))?.at)).toBe('2025-03-09T12:00:00.000Z');
    expect(iso(eight.next(new Date('2025-03-07T14:00:00Z'))?.at)).toBe('2025-03-08T13:00:00.000Z');
    // 02:30 does not exist on 2025-03-09: it fires once that day, at 03:30 EDT.
    const gap = dailySchedule('02:30', 'America/New_York');
    const fire = gap.next(new Date('2025-03-09T05:00:00Z'));
    expect(fire).toEqual({ at: new Date('2025-03-09T07:30:00Z'), localDate: '2025-03-09' });
    // 01:30 happens twice on 2025-11-02: it fires once.
    const overlap = dailySchedule('01:30', 'America/New_York');
    const runs = [overlap.next(new Date('2025-11-02T04:00:00Z'))];
    runs.push(overlap.next(runs[0]?.at ?? new Date()));
    expect(runs.map((r) => r?.localDate)).toEqual(['2025-11-02', '2025-11-03']);
  });

  it('rejects a bad time or zone', () => {
    expect(() => dailySchedule('24:00', 'Asia/Tokyo')).toThrow(RangeError);
    expect(() => dailySchedule('08:00', 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(localDateOf(new Date('2025-01-01T15:00:00Z'), 'Asia/Tokyo')).toBe('2025-01-02');
  });
});
