/**
 * The one place that cuts text to fit Discord. A cut falls only between grapheme clusters (an
 * emoji, a ZWJ family, a flag, a keycap or a letter with its combining marks is never split, so
 * the result is always valid UTF-8), never inside a mention, custom emoji, timestamp token, link
 * or escape pair, and never leaves Markdown open: the ellipsis and any closing markers are counted
 * inside the limit. Lengths are counted in UTF-16 code units, which is never less than what
 * Discord counts, so a text that fits here fits there.
 */

export const ELLIPSIS = '…';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Replaces lone surrogates (which cannot be encoded as UTF-8 and make Discord refuse a body) with U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\uFFFD');
}

export function isWellFormed(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !LONE_SURROGATE.test(text);
}

/** Built on first use: the first Intl object loads ICU's data (about 10 ms), which the start need not pay. */
let graphemeSegmenter: Intl.Segmenter | undefined;
const segmenter = () => {
  graphemeSegmenter ??= new Intl.Segmenter('und', { granularity: 'grapheme' });
  return graphemeSegmenter;
};

/** The text's grapheme clusters, as a reader sees its characters. */
export function graphemes(text: string): string[] {
  return Array.from(segmenter().segment(text), (part) => part.segment);
}

/**
 * Tokens a cut must not fall inside: mentions (`<@id>`, `<@!id>`, `<@&id>`, `<#id>`), custom emoji
 * (`<:name:id>`, `<a:name:id>`), timestamps (`<t:…>`), command mentions (`</name:id>`), masked and
 * bare links, and Markdown escape pairs (`\*`).
 */
const ATOMIC =
  /<(?:@[!&]?\d+|#\d+|a?:\w+:\d+|t:-?\d+(?::[tTdDfFRs])?|\/[^<>\n]+:\d+|id:\w+)>|\[[^\]\n]*\]\([^)\s]*\)|<https?:\/\/[^>\s]+>|https?:\/\/[^\s<]+|\\[^\w\s]/g;

/** The [start, end) ranges of atomic tokens, in order. */
function atomicSpans(text: string): Array<[number, number]> {
  return Array.from(text.matchAll(ATOMIC), (match) => [match.index, match.index + match[0].length]);
}

/** Indexes (ascending, from 0) where a cut is allowed: grapheme boundaries at or below `upTo`. */
function cutPoints(text: string, upTo: number): number[] {
  // Boundaries before the end of a prefix do not depend on what follows it, so only the part that
  // can be kept (plus one character to judge the last boundary) is segmented.
  const prefix = text.slice(0, upTo + 2);
  const points: number[] = [];
  for (const part of segmenter().segment(prefix)) {
    if (part.index <= upTo) points.push(part.index);
  }
  if (prefix.length <= upTo && prefix.length === text.length) points.push(prefix.length);
  return points;
}

/** Moves a cut back to the start of an atomic token it would fall inside. */
function outsideTokens(cut: number, spans: Array<[number, number]>): number {
  for (const [start, end] of spans) {
    if (start >= cut) break;
    if (cut < end) return start;
  }
  return cut;
}

const MARKERS = ['```', '||', '**', '__', '~~', '`'] as const;

/**
 * The markers that close whatever Markdown is still open at the end of `head`, innermost first.
 * Inside code nothing else counts and a backslash escapes nothing, as in Discord.
 */
export function openMarkdownClosers(head: string): string {
  const open: string[] = [];
  let i = 0;
  while (i < head.length) {
    const inCode = open.at(-1) === '```' || open.at(-1) === '`';
    if (!inCode && head[i] === '\\') {
      i += 2;
      continue;
    }
    const marker = MARKERS.find((m) => head.startsWith(m, i));
    if (!marker || (inCode && marker !== open.at(-1))) {
      i += 1;
      continue;
    }
    const at = open.lastIndexOf(marker);
    if (at >= 0) open.splice(at, 1);
    else open.push(marker);
    i += marker.length;
  }
  return open.reverse().join('');
}

/**
 * Cuts text to at most `max` UTF-16 code units (see the module comment). Text that fits is
 * returned as it is (with lone surrogates replaced); a cut one ends with the ellipsis.
 */
export function fitText(input: string, max: number, ellipsis: string = ELLIPSIS): string {
  const text = wellFormed(input);
  if (text.length <= max) return text;
  if (max <= 0) return '';
  const points = cutPoints(text, max);
  const spans = atomicSpans(text.slice(0, max + 2000));
  for (let k = points.length - 1; k >= 0; k--) {
    const cut = outsideTokens(points[k] ?? 0, spans);
    if (cut !== points[k]) {
      // Resume the search from the token's start.
      while (k > 0 && (points[k - 1] ?? 0) > cut) k--;
    }
    const head = text.slice(0, cut).trimEnd();
    const candidate = `${head}${ellipsis}${openMarkdownClosers(head)}`;
    if (candidate.length <= max) return candidate;
  }
  return ellipsis.length <= max ? ellipsis : '';
}

/** Text that must not be empty (embed field names and values): a placeholder stands in for blank text. */
export function fitNonEmpty(text: string | null | undefined, max: number, placeholder = '—'): string {
  const fitted = fitText(text ?? '', max);
  return fitted.trim() ? fitted : placeholder;
}

/** The longest prefix of whole grapheme clusters within `max` code units, without an ellipsis (for queries, not display). */
export function clip(input: string, max: number): string {
  const text = wellFormed(input);
  if (text.length <= max) return text;
  const points = cutPoints(text, max);
  return text.slice(0, points.at(-1) ?? 0);
}
