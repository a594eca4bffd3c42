/**
 * Names as each reader reads them. The service writes seasons, media and episode numbers in Japanese
 * (`2022年秋`, `映画`, `第1話`); English readers get them in English ("Autumn 2022", "Movie", "Ep 1")
 * and a work's English title where it has one. The translator says which language it writes.
 */
import type { Translator } from '../i18n/translator.js';
import type { Episode, Work } from '../service/index.js';

type Titled = Partial<Pick<Work, 'title' | 'title_en'>>;
type Numbered = Partial<Pick<Episode, 'number' | 'number_text'>>;

const SEASONS = ['winter', 'spring', 'summer', 'autumn'] as const;
const MEDIA = ['tv', 'ova', 'movie', 'web', 'other'] as const;

/** The work and episode fields these names (and a cover) are made from: what a post asks the service for. */
export const WORK_EPISODE_FIELDS = [
  'work.id',
  'work.title',
  'work.title_en',
  'work.images',
  'episode.id',
  'episode.number',
  'episode.number_text',
  'episode.title',
] as const;

/** The work's title: its English title for English readers when it has one. */
export function localTitle(work: Titled | null | undefined, t: Translator): string {
  const english = t.locale === 'en' ? work?.title_en?.trim() : undefined;
  if (english) return english;
  return work?.title?.trim() ? (work.title ?? '') : t('work.untitled');
}

/** A number written the service's way: `第1話`, `#6`, `6`. */
const WRITTEN_NUMBER = /^(?:第|#)?\s*(\d+(?:\.\d+)?)\s*話?$/;

/** "Ep 5" / 「第5話」; the service's own text when the episode has no number (「総集編」). */
export function localEpisodeNumber(episode: Numbered, t: Translator): string {
  const ownText = episode.number_text?.trim();
  if (t.locale === 'ja' && ownText) return ownText;
  const number =
    typeof episode.number === 'number' && Number.isFinite(episode.number)
      ? String(episode.number)
      : WRITTEN_NUMBER.exec(ownText ?? '')?.[1];
  if (number) return t('episode.number', { number });
  return ownText || t('episode.unnumbered');
}

/** The episode's number and title. */
export function localEpisodeLabel(
  episode: Numbered & Partial<Pick<Episode, 'title'>>,
  t: Translator,
): string {
  const title = episode.title?.trim() ? episode.title : t('episode.untitled');
  return `${localEpisodeNumber(episode, t)} ${title}`;
}

/** "Autumn 2022" / 「2022年秋」 from `season_name` (`2022-autumn`); the service's text otherwise. */
export function localSeason(
  work: Partial<Pick<Work, 'season_name' | 'season_name_text'>>,
  t: Translator,
): string {
  const match = /^(\d{4})-(winter|spring|summer|autumn)$/.exec(work.season_name?.trim() ?? '');
  const season = SEASONS.find((s) => s === match?.[2]);
  if (match?.[1] && season) return t('season.name', { year: match[1], season: t(`season.${season}`) });
  return work.season_name_text?.trim() || t('work.noSeason');
}

/** "Movie" / 「映画」 from the media code; the service's text for a code kiroku does not know. */
export function localMedia(work: Partial<Pick<Work, 'media' | 'media_text'>>, t: Translator): string {
  const known = MEDIA.find((m) => m === work.media);
  return known ? t(`media.${known}`) : work.media_text?.trim() || '—';
}

/** A movie (or a work the service says has no episodes): no episode fields or buttons. */
export function hasNoEpisodes(
  work: Partial<Pick<Work, 'media' | 'no_episodes' | 'episodes_count'>>,
): boolean {
  return work.no_episodes === true || (work.media === 'movie' && !work.episodes_count);
}

/**
 * A legacy 0–5 rating in stars with halves (4.5 = ★★★★½), followed by the number so that a screen
 * reader reads a value, not five symbols.
 */
export function ratingStars(rating: number | null | undefined): string | undefined {
  if (typeof rating !== 'number' || !Number.isFinite(rating)) return undefined;
  const halves = Math.round(Math.min(5, Math.max(0, rating)) * 2);
  const full = Math.floor(halves / 2);
  const half = halves % 2 === 1 ? '½' : '';
  return `${'★'.repeat(full)}${half}${'☆'.repeat(5 - full - half.length)} ${rating.toFixed(1)}`;
}
