/**
 * When a daily HH:MM in an IANA zone happens, computed by croner (so DST gaps and overlaps follow
 * croner's rules: a time skipped by spring-forward fires an hour later that day, a time that occurs
 * twice on the fall-back day fires once).
 */
import { Cron } from 'croner';
import { isValidTimeZone, localDateOf } from '../../lib/time-zone.js';
import { HH_MM } from '../../subscriptions/model.js';

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

/** A daily schedule for `time` (HH:MM) in `timeZone`; throws RangeError on a bad time or zone. */
export function dailySchedule(time: string, timeZone: string): DailySchedule {
  const match = HH_MM.exec(time);
  if (!match) throw new RangeError(`not a HH:MM time: ${time}`);
  if (!isValidTimeZone(timeZone)) throw new RangeError(`unknown time zone: ${timeZone}`);
  // No callback: croner computes run times without scheduling a timer.
  const cron = new Cron(`${Number(match[2])} ${Number(match[1])} * * *`, { timezone: timeZone });
  const fire = (at: Date): DailyFire => ({ at, localDate: localDateOf(at, timeZone) });
  // A digest tick asks every schedule about "now" every 30 s, and croner takes about a millisecond:
  // thousands of schedules would stall the event loop for seconds. Fires are 23 to 25 hours apart:
  // five runs from two days back hold the latest fire and the next. (croner's nextRun(now) can
  // answer a time before `now` inside the hour repeated when DST ends; its run sequence does not.)
  const answers = fireSpans((t) => cron.nextRuns(5, new Date(t - 2 * DAY_MS)), fire);
  return {
    previous: (now) => answers(now).previous,
    next: (now) => answers(now).next,
  };
}

/** The latest fire at or before an instant and the next one after it. */
export interface FireSpan<F> {
  previous: F | undefined;
  next: F | undefined;
}

/**
 * Answers "the latest fire and the next" from candidate run times around `t`, computed again only
 * when `t` leaves the span between those two fires (both answers stay the same inside it).
 */
export function fireSpans<F>(candidatesAround: (t: number) => Date[], fire: (at: Date) => F) {
  let span: ({ from: number; until: number } & FireSpan<F>) | undefined;
  return (now: Date): FireSpan<F> => {
    const t = now.getTime();
    if (!span || t < span.from || t >= span.until) {
      const candidates = candidatesAround(t);
      const latest = candidates.filter((at) => at.getTime() <= t).at(-1);
      const upcoming = candidates.find((at) => at.getTime() > t);
      span = {
        from: latest ? latest.getTime() : t,
        until: upcoming ? upcoming.getTime() : t + 1,
        previous: latest ? fire(latest) : undefined,
        next: upcoming ? fire(upcoming) : undefined,
      };
    }
    return span;
  };
}
