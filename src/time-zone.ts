import { LRUCache } from 'lru-cache';

/** The runtime's canonical zone names by their lower-case spelling, read on first use. */
let canonicalNames: Map<string, string> | undefined;

/** The IANA name the runtime files a zone under (`aSiA/tOkYo` -> `Asia/Tokyo`), or undefined when unknown. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  // The runtime's list answers for its canonical names in about a millisecond; the first date format
  // costs over ten (ICU's calendar data), which the start need not pay: it is left to aliases
  // (`US/Eastern`, `UTC`) and to the first date written.
  canonicalNames ??= new Map(Intl.supportedValuesOf('timeZone').map((zone) => [zone.toLowerCase(), zone]));
  const listed = canonicalNames.get(timeZone.toLowerCase());
  if (listed !== undefined) return listed;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** True when the runtime knows the IANA time zone (e.g. Asia/Tokyo). */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== undefined;
}

/**
 * Per-zone caches hold at most this many zones (the IANA database has about 600): stored zones are
 * canonical names, and any other spelling only ever displaces an entry instead of growing memory.
 */
export const TIME_ZONE_CACHE_LIMIT = 256;

/** A bounded cache of something costly to build per zone (Intl formats, schedules). */
export function zoneCache<T extends object>(): LRUCache<string, T> {
  return new LRUCache<string, T>({ max: TIME_ZONE_CACHE_LIMIT });
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept (bounded). */
export const localDateFormats = zoneCache<Intl.DateTimeFormat>();

/** YYYY-MM-DD of an instant in a zone. */
export function localDateOf(at: Date, timeZone: string): string {
  let format = localDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    localDateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
