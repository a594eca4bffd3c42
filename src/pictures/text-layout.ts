/**
 * Lines of text for a picture: cut with an ellipsis or wrapped to a width, in Latin, Japanese,
 * right-to-left scripts and emoji alike. Cuts fall only between grapheme clusters (an emoji family,
 * a flag or a letter with its marks stays whole); lines break between words as Intl.Segmenter finds
 * them (dictionary words in Japanese), with punctuation kept on the line it closes.
 */
import { ELLIPSIS, graphemes, wellFormed } from '../render/fit.js';

/** The drawn width of a text in the current font. */
export type Measure = (text: string) => number;

/**
 * Made at the first picture, not at start: a Japanese word segmenter loads ICU's dictionary, ~15 ms and
 * a few MB that a bot drawing no picture would pay at every start.
 */
let wordSegmenter: Intl.Segmenter | undefined;
const words = (): Intl.Segmenter => {
  wordSegmenter ??= new Intl.Segmenter('ja', { granularity: 'word' });
  return wordSegmenter;
};

/** Opening brackets and quotes stay with the word after them. */
const OPENING = /^[([{「『（［｛〈《【〔“‘"'¿¡]+$/u;

/** Break units: words with the punctuation around them, and runs of spaces (where lines may break). */
function breakUnits(text: string): string[] {
  const units: string[] = [];
  let pendingOpening = '';
  for (const { segment, isWordLike } of words().segment(text)) {
    if (/^\s+$/u.test(segment)) {
      units.push(pendingOpening + segment);
      pendingOpening = '';
    } else if (!isWordLike && OPENING.test(segment)) {
      pendingOpening += segment;
    } else if (!isWordLike && units.length > 0 && !/\s$/u.test(units.at(-1) ?? '') && !pendingOpening) {
      units[units.length - 1] += segment;
    } else {
      units.push(pendingOpening + segment);
      pendingOpening = '';
    }
  }
  if (pendingOpening) units.push(pendingOpening);
  return units;
}

/** The longest run of the text's first graphemes, ellipsis included, that fits the width. */
export function ellipsize(measure: Measure, input: string, maxWidth: number): string {
  const text = wellFormed(input).replace(/\s+/gu, ' ').trim();
  if (measure(text) <= maxWidth) return text;
  const parts = graphemes(text);
  let low = 0;
  let high = parts.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(parts.slice(0, mid).join('').trimEnd() + ELLIPSIS) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return low === 0
    ? measure(ELLIPSIS) <= maxWidth
      ? ELLIPSIS
      : ''
    : parts.slice(0, low).join('').trimEnd() + ELLIPSIS;
}

/** Splits a unit wider than a line into pieces of whole graphemes that each fit. */
function splitWide(measure: Measure, unit: string, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  for (const grapheme of graphemes(unit)) {
    if (piece && measure(piece + grapheme) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += grapheme;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/**
 * The text in at most `maxLines` lines of at most `maxWidth`; when it needs more, the last line
 * holds what remains, cut with an ellipsis. Spaces at line ends are dropped.
 */
export function wrap(measure: Measure, input: string, maxWidth: number, maxLines: number): string[] {
  const text = wellFormed(input).replace(/\s+/gu, ' ').trim();
  const units = breakUnits(text);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < units.length && maxLines > 0; i++) {
    const unit = units[i] ?? '';
    if (lines.length === maxLines - 1) {
      // The last line: whatever remains, cut to fit.
      lines.push(ellipsize(measure, line + units.slice(i).join(''), maxWidth));
      line = '';
      break;
    }
    if (!line && !unit.trim()) continue;
    if (measure((line + unit).trimEnd()) <= maxWidth) {
      line += unit;
    } else if (line) {
      lines.push(line.trim());
      line = '';
      i--;
    } else {
      const pieces = splitWide(measure, unit.trim(), maxWidth);
      if (pieces.length > 1) units.splice(i, 1, ...pieces);
      else lines.push(ellipsize(measure, unit, maxWidth));
      if (pieces.length > 1) i--;
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines.filter((entry) => entry !== '');
}

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;

/** The text's own direction, as `dir="auto"` finds it: that of its first letter. */
export function directionOf(text: string): 'ltr' | 'rtl' {
  const first = /\p{L}/u.exec(text)?.[0];
  return first && RIGHT_TO_LEFT.test(first) ? 'rtl' : 'ltr';
}
