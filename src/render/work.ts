import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import type { Locale } from '../i18n/locale.js';
import { formatNumber, type Translator } from '../i18n/translator.js';
import type { Work } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import { coverUrl, LIMITS, plain, truncate } from './format.js';
import { hasNoEpisodes, localMedia, localSeason, localTitle } from './names.js';
import { sendableUrl } from './url.js';

/** The work's page on the service's site (SERVICE_WEB_URL). */
export function workUrl(workId: number, t: Translator): string {
  return `${t.site.webUrl}/works/${workId}`;
}
/** The fields a work embed renders, sent as `fields` so that responses stay small. */
export const WORK_FIELDS = [
  'id',
  'title',
  'title_kana',
  'title_en',
  'media',
  'media_text',
  'season_name',
  'season_name_text',
  'released_on',
  'official_site_url',
  'wikipedia_url',
  'syobocal_tid',
  'mal_anime_id',
  'images',
  'episodes_count',
  'watchers_count',
  'reviews_count',
  'no_episodes',
];

export function workSeason(work: Work, t: Translator): string {
  return localSeason(work, t);
}

/** One line of a work list: title, season and watchers in words (the Open menu opens it: no ids). */
export function workLine(work: Work, t: Translator, locale: Locale): string {
  const watchers = t('count.watchers', { count: formatNumber(locale, work.watchers_count ?? 0) });
  return `**${plain(localTitle(work, t))}** · ${plain(workSeason(work, t))} · ${watchers}`;
}

/** A work as an "Open…" menu entry: its title, and its season as the description. */
export function workMenuOption(
  work: Work,
  t: Translator,
): { label: string; value: string; description: string } {
  return { label: localTitle(work, t), value: String(work.id), description: workSeason(work, t) };
}

/** A masked link to an absolute http(s) URL (angle brackets keep a `)` in it from ending the link), or ''. */
function markdownLink(label: string, candidate: string | null | undefined): string {
  const url = sendableUrl(candidate);
  return url ? `[${label}](<${url}>)` : '';
}

/** What the date a work came out is called, as Annict says it: first aired (TV), on sale (OVA), released. */
function releasedLabel(work: Pick<Work, 'media'>, t: Translator): string {
  if (work.media === 'tv') return t('work.firstAired');
  if (work.media === 'ova') return t('work.onSale');
  return t('work.released');
}

export function workEmbed(work: Work, t: Translator, locale: Locale): APIEmbed {
  const fields: APIEmbedField[] = [
    { name: t('work.season'), value: plain(workSeason(work, t)), inline: true },
    { name: t('work.media'), value: plain(localMedia(work, t)), inline: true },
    // A movie has no episodes to count.
    ...(hasNoEpisodes(work)
      ? []
      : [{ name: t('work.episodes'), value: formatNumber(locale, work.episodes_count ?? 0), inline: true }]),
    { name: t('work.watchers'), value: formatNumber(locale, work.watchers_count ?? 0), inline: true },
  ];
  if (work.released_on?.trim())
    fields.push({ name: releasedLabel(work, t), value: plain(work.released_on), inline: true });
  const links = [
    markdownLink(t('work.officialSite'), work.official_site_url),
    markdownLink(t('work.wikipedia'), work.wikipedia_url),
  ].filter(Boolean);
  if (links.length > 0)
    fields.push({ name: t('work.links'), value: truncate(links.join(' · '), LIMITS.fieldValue) });
  // The other language's title, never the kana reading (which is for search, not for reading).
  const title = localTitle(work, t);
  const subtitle = [work.title, work.title_en].find(
    (other) => other?.trim() && other.trim() !== title.trim(),
  );
  const cover = coverUrl(work);
  return fitEmbed({
    title: truncate(title, LIMITS.title),
    url: workUrl(work.id, t),
    description: subtitle ? truncate(plain(subtitle), LIMITS.description) : undefined,
    fields,
    ...(cover ? { thumbnail: { url: cover } } : {}),
  });
}
