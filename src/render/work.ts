import type { APIEmbed, APIEmbedField } from 'discord-api-types/v10';
import type { Locale } from '../i18n/locale.js';
import { formatNumber, type Translator } from '../i18n/translator.js';
import type { Work } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import { coverUrl, LIMITS, plain, truncate, workTitle } from './format.js';
import { embedUrl } from './url.js';

export const WORK_URL = 'https://annict.com/works/';
/** The fields a work embed renders, sent as `fields` so that responses stay small. */
export const WORK_FIELDS = [
  'id',
  'title',
  'title_kana',
  'title_en',
  'media_text',
  'season_name',
  'season_name_text',
  'released_on',
  'official_site_url',
  'wikipedia_url',
  'images',
  'episodes_count',
  'watchers_count',
  'reviews_count',
  'no_episodes',
];

export function workSeason(work: Work, t: Translator): string {
  return work.season_name_text?.trim() || work.season_name?.trim() || t('work.noSeason');
}

/** One line of a work list: title, season and watchers. */
export function workLine(work: Work, t: Translator, locale: Locale): string {
  const watchers = formatNumber(locale, work.watchers_count ?? 0);
  return `\`${work.id}\` **${plain(workTitle(work, t))}** · ${plain(workSeason(work, t))} · 👀 ${watchers}`;
}

/** A masked link to an absolute https URL (angle brackets keep a `)` in it from ending the link), or ''. */
function markdownLink(label: string, candidate: string | null | undefined): string {
  const url = embedUrl(candidate);
  return url ? `[${label}](<${url}>)` : '';
}

export function workEmbed(work: Work, t: Translator, locale: Locale): APIEmbed {
  const fields: APIEmbedField[] = [
    { name: t('work.season'), value: plain(workSeason(work, t)), inline: true },
    {
      name: t('work.media'),
      value: plain(work.media_text?.trim() || work.media?.trim() || '—'),
      inline: true,
    },
    { name: t('work.episodes'), value: formatNumber(locale, work.episodes_count ?? 0), inline: true },
    { name: t('work.watchers'), value: formatNumber(locale, work.watchers_count ?? 0), inline: true },
  ];
  if (work.released_on?.trim())
    fields.push({ name: t('work.released'), value: plain(work.released_on), inline: true });
  const links = [
    markdownLink(t('work.officialSite'), work.official_site_url),
    markdownLink(t('work.wikipedia'), work.wikipedia_url),
  ].filter(Boolean);
  if (links.length > 0)
    fields.push({ name: t('work.links'), value: truncate(links.join(' · '), LIMITS.fieldValue) });
  const subtitle = [work.title_kana, work.title_en].filter((s) => s?.trim()).join(' / ');
  const cover = coverUrl(work);
  return fitEmbed({
    title: truncate(workTitle(work, t), LIMITS.title),
    url: `${WORK_URL}${work.id}`,
    description: subtitle ? truncate(plain(subtitle), LIMITS.description) : undefined,
    fields,
    ...(cover ? { thumbnail: { url: cover } } : {}),
  });
}
