/**
 * The episodes `/record post … through:N` covers, and how a list of episodes reads in a reply
 * ("Ep 1–3, Ep 5" / 「第1話〜第3話、第5話」). Pure: no requests here.
 */
import type { Translator } from '#src/i18n/translator.js';
import { localEpisodeNumber } from '#src/render/names.js';
import type { Episode } from '#src/service/index.js';

/**
 * Episodes one command records at most: a season and a half, about 50 requests of the person's
 * share (about a minute while nobody else waits).
 */
export const MAX_THROUGH = 50;

export type RunEpisode = Pick<Episode, 'id' | 'number' | 'number_text' | 'title'>;

type EpisodeRun<E> =
  | { kind: 'run'; episodes: E[] }
  | { kind: 'missing' }
  | { kind: 'before' }
  | { kind: 'tooMany'; count: number };

/**
 * The work's episodes (broadcast order) from `startId` up to the episode numbered `through`, both
 * included; what is wrong otherwise.
 */
export function episodesThrough<E extends RunEpisode>(
  episodes: readonly E[],
  startId: number,
  through: number,
): EpisodeRun<E> {
  const last = episodes.findIndex((episode) => episode.number === through);
  if (last < 0) return { kind: 'missing' };
  const first = episodes.findIndex((episode) => episode.id === startId);
  if (first < 0 || last < first) return { kind: 'before' };
  const count = last - first + 1;
  if (count > MAX_THROUGH) return { kind: 'tooMany', count };
  return { kind: 'run', episodes: episodes.slice(first, last + 1) };
}

/** Consecutive whole numbers in the list's order become one "Ep 1–3"; others stand alone. */
export function episodeListText(episodes: readonly RunEpisode[], t: Translator): string {
  const parts: string[] = [];
  let run: RunEpisode[] = [];
  const flush = () => {
    const first = run[0];
    const last = run.at(-1);
    if (first && last && run.length > 1)
      parts.push(t('episode.run', { from: String(first.number), to: String(last.number) }));
    else if (first) parts.push(localEpisodeNumber(first, t));
    run = [];
  };
  for (const episode of episodes) {
    const previous = run.at(-1);
    const follows =
      previous !== undefined &&
      Number.isInteger(previous.number) &&
      Number.isInteger(episode.number) &&
      episode.number === (previous.number ?? Number.NaN) + 1;
    if (!follows) flush();
    run.push(episode);
  }
  flush();
  return parts.join(t.locale === 'ja' ? '、' : ', ');
}
