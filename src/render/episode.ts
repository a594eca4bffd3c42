import type { APIEmbed } from 'discord-api-types/v10';
import type { Locale } from '../i18n/locale.js';
import { formatNumber, type Translator } from '../i18n/translator.js';
import type { Episode, Work } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import { coverUrl, episodeLabel, episodeNumber, LIMITS, plain, truncate, workTitle } from './format.js';

export const EPISODE_URL = (workId: number, episodeId: number) =>
  `https://annict.com/works/${workId}/episodes/${episodeId}`;

export function episodeEmbed(episode: Episode, work: Work, t: Translator, locale: Locale): APIEmbed {
  const neighbours = [
    episode.prev_episode?.id
      ? `${t('episode.previous')}: ${plain(episodeNumber(episode.prev_episode, t))}`
      : '',
    episode.next_episode?.id ? `${t('episode.next')}: ${plain(episodeNumber(episode.next_episode, t))}` : '',
  ].filter(Boolean);
  const cover = coverUrl(work);
  return fitEmbed({
    title: truncate(`${workTitle(work, t)} ${episodeLabel(episode, t)}`, LIMITS.title),
    url: EPISODE_URL(work.id, episode.id),
    description: neighbours.length ? neighbours.join(' · ') : undefined,
    fields: [
      { name: t('episode.records'), value: formatNumber(locale, episode.records_count ?? 0), inline: true },
      {
        name: t('episode.comments'),
        value: formatNumber(locale, episode.record_comments_count ?? 0),
        inline: true,
      },
    ],
    ...(cover ? { thumbnail: { url: cover } } : {}),
  });
}
