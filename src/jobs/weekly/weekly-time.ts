/**
 * When a weekly day and HH:MM in an IANA zone happen, computed by croner (DST follows croner's rules,
 * as for the daily digest), and which seven local days a fire's summary covers.
 */
import { Cron } from 'croner';
import { isValidTimeZone, localDateOf } from '../../lib/time-zone.js';
import { HH_MM, WEEKDAYS, type Weekday } from '../../subscriptions/model.js';
import { fireSpans } from '../broadcasts/daily-time.js';

export interface WeeklyFire {
  /** The instant of the fire. */
  at: Date;
  /** The local date of the fire, YYYY-MM-DD: it names the week (one post per subscription and date). */
  localDate: string;
  /** The seven local days before the fire's day: [start, end), the instants the summary counts. */
  from: Date;
  /** The first and last local dates counted (what the picture's header says). */
  week: { start: string; end: string };
}

export interface WeeklySchedule {
  /** The latest fire at or before `now`, if any within the last two weeks. */
  previous(now: Date): WeeklyFire | undefined;
  /** The first fire strictly after `now`. */
  next(now: Date): WeeklyFire | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;

/** croner's day numbers: Sunday 0 ... Saturday 6. */
function cronDay(day: Weekday): number {
  return (WEEKDAYS.indexOf(day) + 1) % 7;
}

/** YYYY-MM-DD plus `days` (calendar arithmetic, no zone). */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A weekly schedule for `day` at `time` (HH:MM) in `timeZone`; throws RangeError on a bad time or zone. */
export function weeklySchedule(day: Weekday, time: string, timeZone: string): WeeklySchedule {
  const match = HH_MM.exec(time);
  if (!match) throw new RangeError(`not a HH:MM time: ${time}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
  // No callback: croner computes run times without scheduling a timer.
  const cron = new Cron(`${Number(match[2])} ${Number(match[1])} * * ${cronDay(day)}`, {
    timezone: timeZone,
  });
  const fire = (at: Date): WeeklyFire => {
    const localDate = localDateOf(at, timeZone);
    // The counted span starts at the fire's time seven days earlier: the same local clock time, so a
    // week always has seven days of records whatever DST did in between (croner's last fire is it).
    const start = addDays(localDate, -7);
    const from = cron.nextRuns(1, new Date(at.getTime() - WEEK_MS - 2 * 60 * 60 * 1000))[0];
    return {
      at,
      localDate,
      from: from ?? new Date(at.getTime() - WEEK_MS),
      week: { start, end: addDays(localDate, -1) },
    };
  };
  // As for the daily schedule: four runs from two weeks back hold the latest fire and the next.
  const answers = fireSpans((t) => cron.nextRuns(4, new Date(t - 2 * WEEK_MS)), fire);
  return { previous: (now) => answers(now).previous, next: (now) => answers(now).next };
}
