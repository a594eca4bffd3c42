/**
 * Japanese broadcast-day notation: a program that starts after midnight but before the broadcast
 * day's start (05:00 by default) belongs to the previous day and is written past 24:00, so 01:30 on
 * Sunday is 25:30 on Saturday, as Japanese TV listings and the service write late-night anime.
 * Pure functions of an instant, an IANA zone and the day start; the wall clock (DST included)
 * comes from Intl.
 */
import { ZoneFormats } from '../lib/time-zone.js';

/** Minutes after midnight at which a broadcast day starts by default (05:00). */
export const DEFAULT_BROADCAST_DAY_START = 5 * 60;

export interface BroadcastTime {
  /** The broadcast day, YYYY-MM-DD. */
  date: string;
  /** Day of the week of the broadcast day, 0 = Sunday. */
  weekday: number;
  /** 0–29: past 23 for late-night programs written on the previous day. */
  hour: number;
  minute: number;
}

/** The wall clock of an instant in a zone: date, hours (00–23) and minutes. */
export const wallClocks = new ZoneFormats('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The broadcast day and time of an instant in a zone, with the day starting `dayStart` minutes after midnight. */
export function broadcastTime(
  instant: Date,
  timeZone: string,
  dayStart = DEFAULT_BROADCAST_DAY_START,
): BroadcastTime {
  const parts = Object.fromEntries(
    wallClocks
      .in(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute', number>;
  const lateNight = parts.hour * 60 + parts.minute < dayStart;
  // Calendar arithmetic on a UTC date: the wall-clock date moves back one day, whatever the zone's DST.
  const day = new Date(Date.UTC(parts.year, parts.month - 1, parts.day - (lateNight ? 1 : 0)));
  return {
    date: day.toISOString().slice(0, 10),
    weekday: day.getUTCDay(),
    hour: parts.hour + (lateNight ? 24 : 0),
    minute: parts.minute,
  };
}

const JA_WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'];

/** `25:30` */
export function clockText(time: Pick<BroadcastTime, 'hour' | 'minute'>): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}

/** A YYYY-MM-DD date the Japanese way: `6月7日(土)`, with the year when asked: `2025年6月7日(土)`. */
export function japaneseDate(date: string, withYear = false): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = JA_WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return `${withYear ? `${year}年` : ''}${month}月${day}日(${weekday})`;
}
