/**
 * Escaping of text that people write on the service (comments, reviews, profiles) before it is put
 * into Markdown. Every character Discord's Markdown reacts to gets a backslash (Discord shows `\X`
 * as `X` for any punctuation), so user text can never close a spoiler, open a code block, forge a
 * masked link, a heading, a list, a quote, a mention or an emoji token.
 */
import { wellFormed } from './fit.js';

/** Characters that open or close Markdown, links, mentions and emoji tokens wherever they stand. */
const ANYWHERE = /[\\*_~`|[\]<]/g;
/** Headings (and `-#` subtext), quotes, lists: only at the start of a line. */
const LINE_START = /^([ \t]*)([#>+-]|\d+(?=\.))/gm;

/**
 * Escapes text for Markdown. Pipes are further kept apart by a zero-width space: Discord finds
 * the end of a spoiler by the first `||` in the raw text, escaped or not, so `\|\|` inside one
 * would still close it.
 */
export function escapeUserText(text: string | null | undefined): string {
  const escaped = wellFormed(text ?? '')
    .replace(ANYWHERE, (c) => `\\${c}`)
    .replace(LINE_START, (_all, indent: string, mark: string) =>
      /\d/.test(mark) ? `${indent}${mark}\\` : `${indent}\\${mark}`,
    );
  return escaped.replaceAll('|', '|\u200b');
}
