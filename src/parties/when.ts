/**
 * When a party starts, from what people type: `21:00` (today), `tomorrow 21:00` / `明日 21:00`,
 * `2026-12-01 21:00` (all in the given IANA zone), or an ISO instant with its offset
 * (`2026-12-01T21:00+09:00`). The local wall time becomes an instant with croner, as the daily and
 * weekly schedules do (a time skipped by a DST change moves forward, as croner does).
 */
import { Cron } from 'croner';
import { localDateOf } from '../lib/time-zone.js';
import { HH_MM } from '../subscriptions/model.js';

export type PartyTime = { ok: true; at: Date } | { ok: false; reason: 'format' | 'past' | 'tooFar' };

const TOMORROW = /^(?:tomorrow|tmrw|明日|あした|あす)\s*/iu;
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s]+)(\d{1,2}:\d{2})$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant of a local date and HH:MM in a zone, or undefined when there is no such date. */
function localInstant(date: string, hhmm: string, timeZone: string): Date | undefined {
  const match = HH_MM.exec(hhmm.padStart(5, '0'));
  if (!match) return undefined;
  try {
    // An ISO local date-time pattern is a one-off run in the zone; from the epoch, its one run.
    const run = new Cron(`${date}T${match[1]}:${match[2]}:00`, { timezone: timeZone }).nextRun(new Date(0));
    // croner rolls a day that does not exist (02-30) into the next month: that is not what was typed.
    return run && localDateOf(run, timeZone) === date ? run : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a party's start; refuses a time already past or more than `maxAheadMs` away. */
export function readPartyTime(text: string, timeZone: string, now: Date, maxAheadMs: number): PartyTime {
  const typed = text.trim().replace(/：/g, ':');
  const at = instantOf(typed, timeZone, now);
  if (!at) return { ok: false, reason: 'format' };
  if (at.getTime() <= now.getTime()) return { ok: false, reason: 'past' };
  if (at.getTime() - now.getTime() > maxAheadMs) return { ok: false, reason: 'tooFar' };
  return { ok: true, at };
}

function instantOf(typed: string, timeZone: string, now: Date): Date | undefined {
  if (WITH_OFFSET.test(typed)) {
    const at = new Date(typed);
    return Number.isNaN(at.getTime()) ? undefined : at;
  }
  const local = LOCAL_DATE.exec(typed);
  if (local) return localInstant(`${local[1]}-${local[2]}-${local[3]}`, local[4] ?? '', timeZone);
  const tomorrow = TOMORROW.exec(typed);
  const time = tomorrow ? typed.slice(tomorrow[0].length) : typed;
  // Today's local date in the zone, or the local date a day from now.
  const day = localDateOf(new Date(now.getTime() + (tomorrow ? DAY_MS : 0)), timeZone);
  return localInstant(day, time, timeZone);
}
