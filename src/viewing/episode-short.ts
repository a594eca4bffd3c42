/** "ep 3" / 「第3話」: how a Record button names its episode (the `/watch` list, airing posts, reminders). */
import type { Translator } from '../i18n/translator.js';

export function shortEpisode(
  episode: { number: number | null | undefined; numberText: string | null | undefined },
  t: Translator,
): string {
  if (typeof episode.number === 'number') return t('watch.episodeShort', { number: String(episode.number) });
  if (episode.numberText?.trim()) return episode.numberText;
  return t('episode.unnumbered');
}
