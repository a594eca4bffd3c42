import type { APIEmbed } from 'discord-api-types/v10';
import type { Translator } from '../i18n/translator.js';
import type { ServiceRecord } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import { discordTime, LIMITS, plain, ratingStateText, spoiler, truncate } from './format.js';
import { localEpisodeLabel, localTitle, ratingStars } from './names.js';

/** A record's rating: its four-level state, or the legacy number in stars (with halves). */
export function recordRating(
  record: { rating?: number | null | undefined; rating_state?: string | null | undefined },
  t: Translator,
): string | undefined {
  return ratingStateText(record.rating_state, t) ?? ratingStars(record.rating);
}

/** One line of a record list: who, when, rating, and the comment hidden behind a spoiler. */
export function recordLine(record: ServiceRecord, t: Translator): string {
  const who = record.user?.username ? `**${plain(record.user.username)}**` : '';
  const rating = recordRating(record, t);
  const comment = record.comment?.trim() ? spoiler(record.comment, 300) : t('record.noComment');
  const head = [
    `\`${record.id}\``,
    who,
    discordTime(record.created_at, 'R'),
    rating,
    t('count.likes', { count: String(record.likes_count ?? 0) }),
  ]
    .filter(Boolean)
    .join(' · ');
  return `${head}\n${comment}`;
}

/** The public embed posted for a new record. */
export function recordEmbed(record: ServiceRecord, t: Translator): APIEmbed {
  const work = record.work;
  const episode = record.episode;
  const title = [localTitle(work, t), episode ? localEpisodeLabel(episode, t) : ''].filter(Boolean).join(' ');
  const rating = recordRating(record, t);
  const fields = rating ? [{ name: t('record.rating'), value: rating, inline: true }] : [];
  return fitEmbed({
    title: truncate(title, LIMITS.title),
    description: record.comment?.trim() ? spoiler(record.comment) : t('record.noComment'),
    fields,
    footer: {
      text: truncate(
        `${t('record.id', { id: record.id })}${record.user?.username ? ` · ${t('record.by', { username: record.user.username })}` : ''}`,
        LIMITS.footer,
      ),
    },
    ...(record.created_at ? { timestamp: record.created_at } : {}),
  });
}
