import { describe, expect, it } from 'vitest';
import { broadcastTime, clockText, japaneseDate, minutesOfDay } from '../../src/render/broadcast-day.js';

describe('broadcast day', () => {
  it('writes 01:30 on a Sunday in Tokyo as 25:30 on Saturday', () => {
    // 2025-06-08 01:30 JST is a Sunday.
    const time = broadcastTime(new Date('2025-06-07T16:30:00Z'), 'Asia/Tokyo');
    expect(time).toEqual({ date: '2025-06-07', weekday: 6, hour: 25, minute: 30 });
    expect(`${japaneseDate(time.date)} ${clockText(time)}`).toBe('6月7日(土) 25:30');
  });

  it('keeps times from the day start on the calendar day', () => {
    expect(broadcastTime(new Date('2025-06-07T20:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      date: '2025-06-08',
      hour: 5,
      minute: 0,
    });
    expect(broadcastTime(new Date('2025-06-07T19:59:00Z'), 'Asia/Tokyo')).toMatchObject({
      date: '2025-06-07',
      hour: 28,
      minute: 59,
    });
  });

  it('follows a configured day start', () => {
    const at0430 = new Date('2025-06-07T19:30:00Z'); // 04:30 JST
    expect(broadcastTime(at0430, 'Asia/Tokyo', minutesOfDay('04:00'))).toMatchObject({ hour: 4 });
    expect(broadcastTime(at0430, 'Asia/Tokyo', minutesOfDay('06:00'))).toMatchObject({ hour: 28 });
    expect(broadcastTime(at0430, 'Asia/Tokyo', 0)).toMatchObject({ date: '2025-06-08', hour: 4 });
  });

  it('reads the wall clock of a zone with DST, on both sides of a change', () => {
    // New York: 2025-03-09 02:00 EST jumps to 03:00 EDT. 01:30 EST (06:30Z) and 03:30 EDT (07:30Z).
    expect(broadcastTime(new Date('2025-03-09T06:30:00Z'), 'America/New_York')).toMatchObject({
      date: '2025-03-08',
      weekday: 6,
      hour: 25,
      minute: 30,
    });
    expect(broadcastTime(new Date('2025-03-09T07:30:00Z'), 'America/New_York')).toMatchObject({
      date: '2025-03-08',
      hour: 27,
      minute: 30,
    });
    // Summer time: 01:30 EDT on Sunday 2025-06-08 is 05:30Z.
    expect(broadcastTime(new Date('2025-06-08T05:30:00Z'), 'America/New_York')).toMatchObject({
      date: '2025-06-07',
      hour: 25,
    });
  });

  it('crosses month and year boundaries', () => {
    expect(broadcastTime(new Date('2024-12-31T17:00:00Z'), 'Asia/Tokyo')).toMatchObject({
      date: '2024-12-31',
      hour: 26,
    });
    expect(japaneseDate('2024-12-31', true)).toBe('2024年12月31日(火)');
  });
});
