import type { APIEmbed } from 'discord-api-types/v10';
import type { Locale } from '../i18n/locale.js';
import { formatNumber, type Translator } from '../i18n/translator.js';
import type { Episode, Work } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import { coverUrl, LIMITS, truncate } from './format.js';
import { localEpisodeLabel, localTitle } from './names.js';

/** The episode's page on the service's site (SERVICE_WEB_URL). */
export function episodeUrl(workId: number, episodeId: number, t: Translator): string {
  return `${t.site.webUrl}/works/${workId}/episodes/${episodeId}`;
}

/** The episode; its previous and next episodes are buttons under it (components/episode-buttons.ts). */
export function episodeEmbed(episode: Episode, work: Work, t: Translator, locale: Locale): APIEmbed {
  const cover = coverUrl(work);
  return fitEmbed({
    title: truncate(`${localTitle(work, t)} ${localEpisodeLabel(episode, t)}`, LIMITS.title),
    url: episodeUrl(work.id, episode.id, t),
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
