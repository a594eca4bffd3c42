import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { digestMessage } from '#src/jobs/broadcasts/digest-message.js';
import { minutesOfDay } from '#src/lib/clock-time.js';
import { broadcastTime, clockText, japaneseDate } from '#src/render/broadcast-day.js';
import type { Program } from '#src/service/index.js';

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

describe('digest message', () => {
  const program = (id: number, startedAt: string, title: string) =>
    ({ id, started_at: startedAt, work: { id, title }, channel: { name: 'TOKYO MX' } }) as Program;
  const info = (locale: 'en' | 'ja', broadcastDayStart?: number) => ({
    localDate: '2025-06-07',
    timezone: 'Asia/Tokyo',
    at: new Date('2025-06-07T13:00:00Z'),
    locale,
    ...(broadcastDayStart === undefined ? {} : { broadcastDayStart }),
  });
  const programs = [
    program(1, '2025-06-07T14:00:00Z', 'A'), // Sat 23:00
    program(2, '2025-06-07T16:30:00Z', 'B'), // Sun 01:30 = Sat 25:30
    program(3, '2025-06-07T21:00:00Z', 'C'), // Sun 06:00
  ];

  it('groups a Japanese digest by broadcast day, late-night programs under the day before', () => {
    const embed = digestMessage(programs, info('ja'), createTranslator('ja')).embeds?.[0];
    expect(embed?.title).toBe('2025年6月7日(土)からの24時間の放送予定');
    expect(embed?.description).toBe(
      [
        '__**6月7日(土)**__\n23:00 (<t:1749304800:R>) · TOKYO MX\n**A**',
        '25:30 (<t:1749313800:R>) · TOKYO MX\n**B**',
        '__**6月8日(日)**__\n06:00 (<t:1749330000:R>) · TOKYO MX\n**C**',
      ].join('\n\n'),
    );
  });

  it('follows the configured day start, and groups English digests by calendar day with short times', () => {
    const midnight = digestMessage(programs, info('ja', 0), createTranslator('ja')).embeds?.[0];
    expect(midnight?.description).toContain('__**6月8日(日)**__\n01:30 (<t:1749313800:R>)');
    const english = digestMessage(programs, { ...info('en'), owner: 'alice' }, createTranslator('en'))
      .embeds?.[0];
    expect(english?.title).toBe('alice’s next 24 hours from Sat, Jun 7');
    expect(english?.description).toContain('__**Sat, Jun 7**__\n23:00 (<t:1749304800:R>) · TOKYO MX');
    expect(english?.description).toContain('__**Sun, Jun 8**__\n01:30 (<t:1749313800:R>) · TOKYO MX');
    // The zone's clock with a countdown, never the reader's clock repeating it ("22:00 (22:00)").
    expect(english?.description).not.toContain(':t>');
    // English readers count days from midnight: no 25:30.
    expect(english?.description).not.toMatch(/2[4-9]:\d\d \(/);
  });
});
