/**
 * Lists sized by content. A page of a list shows every entry it was given whenever they can share
 * the room (long entries shortened to a fair share, never dropped); only when there are too many
 * for even a short line each does it show as many whole lines as fit and say how many more.
 */
import { fitText } from './fit.js';

export interface FitLinesOptions {
  /** Room for the joined text (an embed description: 4096). */
  limit: number;
  /** Between entries. */
  separator: string;
  /** The line that says how many entries were left out (localized by the caller). */
  more: (count: number) => string;
  /** The shortest an entry is cut to before entries are left out instead. */
  minEntry: number;
}

/** A language-neutral "more" line for callers without a translator. */
const defaultMore = (count: number) => `… (+${count})`;

const DEFAULTS = { separator: '\n', more: defaultMore, minEntry: 80 };

function joinedLength(lengths: readonly number[], cap: number, separator: number): number {
  let total = Math.max(0, lengths.length - 1) * separator;
  for (const length of lengths) total += Math.min(length, cap);
  return total;
}

/** The largest per-entry cap with which every entry fits, or undefined below `minEntry`. */
function fairShare(lengths: readonly number[], limit: number, separator: number, minEntry: number) {
  let low = minEntry;
  let high = Math.max(...lengths);
  if (joinedLength(lengths, low, separator) > limit) return undefined;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (joinedLength(lengths, mid, separator) <= limit) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Joins entries into at most `limit` characters; never loses an entry without saying so. */
export function fitLines(
  entries: readonly string[],
  options: Partial<FitLinesOptions> & { limit: number },
): string {
  const { limit, separator, more, minEntry } = { ...DEFAULTS, ...options };
  const joined = entries.join(separator);
  if (joined.length <= limit) return joined;
  const cap = fairShare(
    entries.map((entry) => entry.length),
    limit,
    separator.length,
    Math.min(minEntry, limit),
  );
  if (cap !== undefined) return entries.map((entry) => fitText(entry, cap)).join(separator);
  return wholeLinesAndMore(entries, limit, separator, more);
}

function wholeLinesAndMore(
  entries: readonly string[],
  limit: number,
  separator: string,
  more: (count: number) => string,
): string {
  const shown: string[] = [];
  let used = 0;
  for (const [index, entry] of entries.entries()) {
    const note = fitText(more(entries.length - index), limit);
    const line = fitText(entry, limit);
    const rest = entries.length - index - 1;
    const noteAfter = rest > 0 ? separator.length + fitText(more(rest), limit).length : 0;
    const needed = (shown.length > 0 ? separator.length : 0) + line.length + noteAfter;
    if (used + needed > limit) return [...shown, note].join(separator);
    shown.push(line);
    used += (shown.length > 1 ? separator.length : 0) + line.length;
  }
  return shown.join(separator);
}

/**
 * Splits entries into pages of whole entries, each page's joined text within `limit` (an entry too
 * long alone is shortened), in order: the page count is the real number of pages.
 */
export function packPages(entries: readonly string[], limit: number, separator = '\n'): string[][] {
  const pages: string[][] = [];
  let page: string[] = [];
  let used = 0;
  for (const raw of entries) {
    const entry = fitText(raw, limit);
    const needed = (page.length > 0 ? separator.length : 0) + entry.length;
    if (page.length > 0 && used + needed > limit) {
      pages.push(page);
      page = [];
      used = 0;
    }
    used += (page.length > 0 ? separator.length : 0) + entry.length;
    page.push(entry);
  }
  if (page.length > 0) pages.push(page);
  return pages;
}
