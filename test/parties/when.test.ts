/** What `/party start time:` accepts, read in the person's zone; times past and far away refused. */
import { describe, expect, it } from 'vitest';
import { readPartyTime } from '#src/parties/when.js';

const DAY = 86_400_000;
/** 2026-11-27 15:00 in Tokyo. */
const NOW = new Date('2026-11-27T06:00:00Z');
const read = (text: string, zone = 'Asia/Tokyo', now = NOW) => readPartyTime(text, zone, now, 60 * DAY);

describe('party time', () => {
  it('reads HH:MM as today in the zone, and "tomorrow" / 明日 as the next day', () => {
    expect(read('21:00')).toEqual({ ok: true, at: new Date('2026-11-27T12:00:00Z') });
    expect(read('tomorrow 21:00')).toEqual({ ok: true, at: new Date('2026-11-28T12:00:00Z') });
    expect(read('明日21:00')).toEqual({ ok: true, at: new Date('2026-11-28T12:00:00Z') });
    expect(read('Tomorrow 9:05')).toEqual({ ok: true, at: new Date('2026-11-28T00:05:00Z') });
    // Full-width colon, as a Japanese keyboard types it.
    expect(read('21：30')).toEqual({ ok: true, at: new Date('2026-11-27T12:30:00Z') });
  });

  it('reads a local date and time in the zone, and an ISO time with its own offset', () => {
    expect(read('2026-12-01 21:00')).toEqual({ ok: true, at: new Date('2026-12-01T12:00:00Z') });
    expect(read('2026-12-01T21:00', 'America/New_York')).toEqual({
      ok: true,
      at: new Date('2026-12-02T02:00:00Z'),
    });
    expect(read('2026-12-01T21:00+09:00', 'Europe/London')).toEqual({
      ok: true,
      at: new Date('2026-12-01T12:00:00Z'),
    });
    expect(read('2026-12-01T12:00:00Z')).toEqual({ ok: true, at: new Date('2026-12-01T12:00:00Z') });
  });

  it('is "today" by the zone’s date, not the server’s', () => {
    // 23:30 UTC on the 27th is already the 28th in Tokyo and still the 27th in New York.
    const late = new Date('2026-11-27T23:30:00Z');
    expect(read('21:00', 'Asia/Tokyo', late)).toEqual({ ok: true, at: new Date('2026-11-28T12:00:00Z') });
    expect(read('21:00', 'America/New_York', late)).toEqual({
      ok: true,
      at: new Date('2026-11-28T02:00:00Z'),
    });
  });

  it('refuses a time already past, one more than the limit ahead, and what it cannot read', () => {
    expect(read('10:00')).toEqual({ ok: false, reason: 'past' });
    expect(read('2026-11-27 15:00')).toEqual({ ok: false, reason: 'past' });
    expect(read('2027-06-01 21:00')).toEqual({ ok: false, reason: 'tooFar' });
    for (const bad of [
      '',
      'soon',
      '25:00',
      '21:60',
      '2026-02-30 21:00',
      'tomorrow',
      '9pm',
      '2026-13-01 10:00',
    ])
      expect(read(bad)).toEqual({ ok: false, reason: 'format' });
  });
});
