import { describe, expect, it } from 'vitest';
import { weeklySchedule } from '#src/jobs/weekly/weekly-time.js';

describe('weekly schedule', () => {
  it('fires on the day at the local time, covering the seven days before', () => {
    const schedule = weeklySchedule('monday', '09:00', 'Asia/Tokyo');
    // Wednesday 2026-11-25 12:00 JST: the latest fire was Monday 2026-11-23 09:00 JST.
    const now = new Date('2026-11-25T03:00:00Z');
    const previous = schedule.previous(now);
    expect(previous?.at.toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(previous?.localDate).toBe('2026-11-23');
    expect(previous?.week).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(previous?.from.toISOString()).toBe('2026-11-16T00:00:00.000Z');
    expect(schedule.next(now)?.at.toISOString()).toBe('2026-11-30T00:00:00.000Z');
  });

  it('counts seven days of local time across a DST change', () => {
    // Europe/Berlin leaves summer time on Sunday 2026-10-25: the week before Monday the 26th is 169 hours.
    const previous = weeklySchedule('monday', '09:00', 'Europe/Berlin').previous(
      new Date('2026-10-26T12:00:00Z'),
    );
    expect(previous?.at.toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(previous?.from.toISOString()).toBe('2026-10-19T07:00:00.000Z');
  });

  it('refuses an invalid time or zone', () => {
    expect(() => weeklySchedule('friday', '25:00', 'UTC')).toThrow(RangeError);
    expect(() => weeklySchedule('friday', '09:00', 'Mars/Olympus')).toThrow(RangeError);
  });
});
