import { escapeMarkdown } from 'discord.js';
import type { Translator } from '../i18n/translator.js';
import { type Episode, RATING_STATES, type RatingState, type Work } from '../service/index.js';
import { escapeUserText } from './escape.js';
import { fitText, wellFormed } from './fit.js';
import { type FitLinesOptions, fitLines } from './fit-list.js';
import { embedUrl } from './url.js';

/** Discord's embed limits, so a long comment or title never makes a reply fail. */
export const LIMITS = {
  title: 256,
  description: 4096,
  fieldValue: 1024,
  fieldName: 256,
  footer: 2048,
  /** A message's own text, beside its embeds. */
  content: 2000,
} as const;

/**
 * Cuts text to `max` characters at a grapheme boundary, Markdown closed and tokens whole, the
 * ellipsis included (see fit.ts); kept under its old name for every caller.
 */
export function truncate(text: string, max: number): string {
  return fitText(text, max);
}

/**
 * Escapes text from the service so that titles and names cannot inject Markdown: besides
 * discord.js's defaults, headings, lists and masked links, pipes kept apart (see escape.ts), and `<`,
 * so `<@&…>` or `</help:…>` in a title shows as text, not as a role or command pill (escapeMarkdown
 * doubles a backslash the service wrote, so it cannot cancel ours).
 */
export function plain(text: string | null | undefined): string {
  const escaped = escapeMarkdown(wellFormed(text ?? ''), {
    heading: true,
    bulletedList: true,
    numberedList: true,
    maskedLink: true,
  });
  return escaped.replaceAll('<', '\\<').replaceAll('|', '|\u200b');
}

/** A Discord timestamp that each reader sees in their own zone and language. */
export function discordTime(
  iso: string | null | undefined,
  style: 'f' | 'F' | 'R' | 'd' | 't' = 'f',
): string {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? '' : `<t:${Math.floor(ms / 1000)}:${style}>`;
}

/**
 * Wraps a comment or review in spoiler tags. The text is escaped first (a `||` or a masked link
 * inside cannot close the spoiler or show anything openly) and cut to fit the room left.
 */
export function spoiler(text: string, max: number = LIMITS.description): string {
  return `||${fitText(escapeUserText(text), max - 4)}||`;
}

export function workTitle(work: Pick<Work, 'title'> | null | undefined, t: Translator): string {
  return work?.title?.trim() ? work.title : t('work.untitled');
}

export function episodeNumber(episode: Pick<Episode, 'number' | 'number_text'>, t: Translator): string {
  if (episode.number_text?.trim()) return episode.number_text;
  if (typeof episode.number === 'number') return t('episode.number', { number: String(episode.number) });
  return t('episode.unnumbered');
}

export function episodeLabel(
  episode: Pick<Episode, 'number' | 'number_text' | 'title'>,
  t: Translator,
): string {
  const title = episode.title?.trim() ? episode.title : t('episode.untitled');
  return `${episodeNumber(episode, t)} ${title}`;
}

export function coverUrl(work: Pick<Work, 'images'> | null | undefined): string | undefined {
  const candidates = [work?.images?.recommended_url, work?.images?.facebook?.og_image_url];
  for (const candidate of candidates) {
    const url = embedUrl(candidate);
    if (url) return url;
  }
  return undefined;
}

function ratingText(rating: number | null | undefined): string | undefined {
  if (typeof rating !== 'number') return undefined;
  const full = Math.round(rating);
  return `${'★'.repeat(full)}${'☆'.repeat(Math.max(0, 5 - full))} ${rating.toFixed(1)}`;
}

/** A four-level rating in the reader's language (the service's own words), or undefined. */
export function ratingStateText(state: string | null | undefined, t: Translator): string | undefined {
  const known = RATING_STATES.find((value) => value === state);
  return known ? t(`rating.${known}` as `rating.${RatingState}`) : undefined;
}

/** A record's rating: its `rating_state`, or the deprecated numeric rating only when there is no state. */
export function recordRatingText(
  record: { rating?: number | null | undefined; rating_state?: string | null | undefined },
  t: Translator,
): string | undefined {
  return ratingStateText(record.rating_state, t) ?? ratingText(record.rating);
}

/**
 * Joins list entries into an embed description that fits: whole entries when they all fit, else
 * each long entry shortened to a fair share, and only when even that cannot hold them all, as many
 * as fit and a line saying how many more (see fit-list.ts).
 */
export function lines(items: string[], options: Partial<FitLinesOptions> = {}): string {
  return fitLines(items, { limit: LIMITS.description, ...options });
}
