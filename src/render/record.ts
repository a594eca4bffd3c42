import type { APIEmbed } from 'discord-api-types/v10';
import type { Translator } from '../i18n/translator.js';
import type { ServiceRecord } from '../service/index.js';
import { fitEmbed } from './fit-message.js';
import {
  discordTime,
  episodeLabel,
  LIMITS,
  plain,
  recordRatingText,
  spoiler,
  truncate,
  workTitle,
} from './format.js';

/** One line of a record list: who, when, rating, and the comment hidden behind a spoiler. */
export function recordLine(record: ServiceRecord, t: Translator): string {
  const who = record.user?.username ? `**${plain(record.user.username)}**` : '';
  const rating = recordRatingText(record, t);
  const comment = record.comment?.trim() ? spoiler(record.comment, 300) : t('record.noComment');
  const head = [
    `\`${record.id}\``,
    who,
    discordTime(record.created_at, 'R'),
    rating,
    `♥ ${record.likes_count ?? 0}`,
  ]
    .filter(Boolean)
    .join(' · ');
  return `${head}\n${comment}`;
}

/** The public embed posted for a new record. */
export function recordEmbed(record: ServiceRecord, t: Translator): APIEmbed {
  const work = record.work;
  const episode = record.episode;
  const title = [workTitle(work, t), episode ? episodeLabel(episode, t) : ''].filter(Boolean).join(' ');
  const rating = recordRatingText(record, t);
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
