/**
 * "2 hr. ago", "in 15 minutes" / 「2時間前」「15分後」 as plain text, for where a Discord timestamp
 * does not render (autocomplete choices, phone notifications): the largest whole unit, in the reader's
 * language (Japanese without spaces, as Annict writes it).
 */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** `offsetMs` is from now: negative in the past ("ago"), positive in the future ("in"). */
export function relativeTime(offsetMs: number, locale: string, style: 'short' | 'long' = 'short'): string {
  const format = new Intl.RelativeTimeFormat(locale, { style: locale === 'ja' ? 'narrow' : style });
  const size = Math.abs(offsetMs);
  const sign = offsetMs < 0 ? -1 : 1;
  for (const [unit, length] of UNITS) {
    if (size >= length) return format.format(sign * Math.floor(size / length), unit);
  }
  // Under a minute: "now" / 「今」 rather than "in 0 min.".
  return new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second');
}
