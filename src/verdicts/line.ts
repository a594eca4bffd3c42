/**
 * The verdict as the message shows it, above the post's embed: "**8** of the server watched · Great 5 ·
 * Good 2 · Average 1", and on a second line the names of the sharing members who watched (as many
 * as fit; "and 3 more"). Nobody yet: no line at all.
 */
import type { Translator } from '../i18n/translator.js';
import { fitContent } from '../render/fit-message.js';
import { plain, ratingStateText, truncate } from '../render/format.js';
import type { VerdictTally } from './tally.js';

/** Room for the names: well inside a message's 2,000 characters whatever the counts' line takes. */
const NAMES_BUDGET = 1_500;

export function verdictLine(tally: VerdictTally, t: Translator): string {
  if (tally.watched === 0) return '';
  const counts = [
    t('verdict.watched', { count: String(tally.watched) }),
    ...tally.ratings.map(({ rating, count }) =>
      t('verdict.rating', { rating: ratingStateText(rating, t) ?? rating, count: String(count) }),
    ),
  ].join(' · ');
  const names = namesLine(tally.names.map(plain), t);
  return fitContent(names ? `${counts}\n${names}` : counts);
}

function namesLine(names: readonly string[], t: Translator): string {
  if (names.length === 0) return '';
  const separator = t('verdict.nameSeparator');
  const shown: string[] = [];
  let length = 0;
  for (const name of names) {
    if (length + name.length + separator.length > NAMES_BUDGET) break;
    shown.push(name);
    length += name.length + separator.length;
  }
  const more = names.length - shown.length;
  return more > 0
    ? t('verdict.namesMore', { names: shown.join(separator), more: String(more) })
    : t('verdict.names', { names: shown.join(separator) });
}

/** A member's comment in the thread: their name, and the comment behind a spoiler. */
export function commentLine(name: string, comment: string, t: Translator): string {
  // Escaped, so a `||` in the comment cannot end the spoiler early; cut before it is wrapped, so the
  // spoiler's end is never what a long comment loses.
  const fitted = truncate(plain(comment), 1_800);
  return fitContent(t('verdict.comment', { name: truncate(plain(name), 100), comment: fitted }));
}

/** Discord's thread names are 1 to 100 characters. */
export function fitThreadName(title: string, t: Translator): string {
  return truncate(t('verdict.threadName', { title: title.trim() || '…' }), 100);
}
