import type { APIEmbed } from 'discord-api-types/v10';
import type { Translator } from '../i18n/translator.js';
import type { ServiceRecord } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import { coverUrl, discordTime, LIMITS, plain, ratingStateText, spoiler, truncate } from './format.js';
import { localEpisodeLabel, localTitle, ratingStars } from './names.js';
import { linkableUsername } from './url.js';

/** A record's rating: its four-level state, or the legacy number in stars (with halves). */
export function recordRating(
  record: { rating?: number | null | undefined; rating_state?: string | null | undefined },
  t: Translator,
): string | undefined {
  return ratingStateText(record.rating_state, t) ?? ratingStars(record.rating);
}

/**
 * One entry of a record list: who, when, rating, likes, and under it the comment hidden behind a
 * spoiler when there is one (no internal id, and no "(no comment)" line).
 */
export function recordLine(record: ServiceRecord, t: Translator): string {
  const who = record.user?.username ? `**${plain(record.user.username)}**` : '';
  const rating = recordRating(record, t);
  const comment = record.comment?.trim() ? spoiler(record.comment, 300) : '';
  const head = [
    who,
    discordTime(record.created_at, 'R'),
    rating,
    t('count.likes', { count: String(record.likes_count ?? 0) }),
  ]
    .filter(Boolean)
    .join(' · ');
  return comment ? `${head}\n${comment}` : head;
}

/** "Frieren Ep 5 Title": what a record is of, in the reader's language ('' when the record says nothing). */
export function recordSubject(record: Pick<ServiceRecord, 'work' | 'episode'>, t: Translator): string {
  const work = record.work?.title || record.work?.title_en ? localTitle(record.work, t) : '';
  return [work, record.episode ? localEpisodeLabel(record.episode, t) : ''].filter(Boolean).join(' ');
}

/** A record's page on the service's web site: `/@<username>/records/<id>` (Annict's web route). */
export function recordUrl(
  webUrl: string,
  username: string | null | undefined,
  id: unknown,
): string | undefined {
  const user = linkableUsername(username);
  if (!user || typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) return undefined;
  return `${webUrl.replace(/\/+$/, '')}/@${user}/records/${id}`;
}

/**
 * The public embed posted for a new record: the work and episode linked to the record's page on the
 * service, the work's cover, the rating, and the comment behind a spoiler (nothing when there is none);
 * no internal id.
 */
export function recordEmbed(record: ServiceRecord, t: Translator, username?: string): APIEmbed {
  const by = record.user?.username || username;
  const rating = recordRating(record, t);
  const url = recordUrl(t.site.webUrl, by, record.id);
  const cover = coverUrl(record.work);
  return fitEmbed({
    title: truncate(recordSubject(record, t) || t('work.untitled'), LIMITS.title),
    ...(url ? { url } : {}),
    ...(record.comment?.trim() ? { description: spoiler(record.comment) } : {}),
    fields: rating ? [{ name: t('record.rating'), value: rating, inline: true }] : [],
    ...(cover ? { thumbnail: { url: cover } } : {}),
    ...(by ? { footer: { text: truncate(t('record.by', { username: by }), LIMITS.footer) } } : {}),
    ...(record.created_at ? { timestamp: record.created_at } : {}),
  });
}
