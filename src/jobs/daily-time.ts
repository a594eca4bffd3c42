/**
 * When a daily HH:MM in an IANA zone happens, computed by croner (so DST gaps and overlaps follow
 * croner's rules: a time skipped by spring-forward fires an hour later that day, a time that occurs
 * twice on the fall-back day fires once).
 */
import { Cron } from 'croner';
import { HH_MM } from '../subscriptions/model.js';

export interface DailyFire {
  /** The instant of the fire. */
  at: Date;
  /** The local calendar date of that fire in the zone, YYYY-MM-DD. */
  localDate: string;
}

export interface DailySchedule {
  /** The latest fire at or before `now`, if any within the last two days. */
  previous(now: Date): DailyFire | undefined;
  /** The first fire strictly after `now`. */
  next(now: Date): DailyFire | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of an instant in a zone. */
export function localDateOf(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** True when the zone is one the runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A daily schedule for `time` (HH:MM) in `timeZone`; throws RangeError on a bad time or zone. */
export function dailySchedule(time: string, timeZone: string): DailySchedule {
  const match = HH_MM.exec(time);
  if (!match) throw new RangeError(`not a HH:MM time: ${time}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
  // No callback: croner computes run times without scheduling a timer.
  const cron = new Cron(`${Number(match[2])} ${Number(match[1])} * * *`, { timezone: timeZone });
  const fire = (at: Date): DailyFire => ({ at, localDate: localDateOf(at, timeZone) });
  return {
    previous(now) {
      // Fires are 23 to 25 hours apart: two days back always holds the latest one (croner starts after `from`).
      const candidates = cron.nextRuns(4, new Date(now.getTime() - 2 * DAY_MS));
      const past = candidates.filter((at) => at.getTime() <= now.getTime());
      const latest = past.at(-1);
      return latest ? fire(latest) : undefined;
    },
    next(now) {
      const at = cron.nextRun(now);
      return at ? fire(at) : undefined;
    },
  };
}
