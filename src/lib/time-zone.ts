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

/**
 * One `Intl.DateTimeFormat` per zone for a locale and a set of fields: building a format costs far
 * more than using one, so each zone's is built on first use and kept (bounded, see TIME_ZONE_CACHE_LIMIT).
 */
export class ZoneFormats {
  readonly #formats = new LRUCache<string, Intl.DateTimeFormat>({ max: TIME_ZONE_CACHE_LIMIT });

  constructor(
    private readonly locale: string,
    private readonly options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  ) {}

  /** The format for `timeZone` (throws RangeError for a zone the runtime does not know). */
  in(timeZone: string): Intl.DateTimeFormat {
    let format = this.#formats.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(this.locale, { ...this.options, timeZone });
      this.#formats.set(timeZone, format);
    }
    return format;
  }

  /** How many zones' formats are kept. */
  get size(): number {
    return this.#formats.size;
  }
}

/** The calendar date of an instant in a zone, as `en-CA` writes it (YYYY-MM-DD parts). */
export const localDates = new ZoneFormats('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in a zone. */
export function localDateOf(at: Date, timeZone: string): string {
  const parts = localDates.in(timeZone).formatToParts(at);
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
