import type { APIEmbed } from 'discord-api-types/v10';
import type { Locale } from '../i18n/locale.js';
import { formatNumber, type Translator } from '../i18n/translator.js';
import type { User } from '../service/index.js';
import { escapeUserText } from './escape.js';
import { wellFormed } from './fit.js';
import { fitEmbed } from './fit-message.js';
import { discordTime, LIMITS, plain, truncate } from './format.js';
import { embedUrl } from './url.js';

export const USER_FIELDS = [
  'id',
  'username',
  'name',
  'description',
  'avatar_url',
  'records_count',
  'followings_count',
  'followers_count',
  'watching_count',
  'watched_count',
  'wanna_watch_count',
  'created_at',
];

/** A user's page on the service (SERVICE_WEB_URL, which the translator carries). */
export function userUrl(
  username: string | null | undefined,
  t: Pick<Translator, 'site'>,
): string | undefined {
  // A lone surrogate in a name would make encodeURIComponent throw: replaced first.
  return username ? embedUrl(`${t.site.webUrl}/@${encodeURIComponent(wellFormed(username))}`) : undefined;
}

export function userLine(user: User): string {
  const name = user.name && user.name !== user.username ? ` (${plain(user.name)})` : '';
  return `**${plain(user.username ?? String(user.id))}**${name}`;
}

export function userEmbed(user: User, t: Translator, locale: Locale): APIEmbed {
  const n = (value: number | null | undefined) => formatNumber(locale, value ?? 0);
  const url = userUrl(user.username, t);
  const avatar = embedUrl(user.avatar_url);
  const joined = discordTime(user.created_at, 'D' as 'd');
  return fitEmbed({
    title: truncate(`${user.name || user.username || user.id} (@${user.username ?? ''})`, LIMITS.title),
    ...(url ? { url } : {}),
    // A profile is written by the person: escaped like a comment, so it cannot forge links or headings.
    description: user.description?.trim() ? truncate(escapeUserText(user.description), 1000) : undefined,
    fields: [
      { name: t('user.records'), value: n(user.records_count), inline: true },
      { name: t('user.following'), value: n(user.followings_count), inline: true },
      { name: t('user.followers'), value: n(user.followers_count), inline: true },
      { name: t('user.watching'), value: n(user.watching_count), inline: true },
      { name: t('user.watched'), value: n(user.watched_count), inline: true },
      { name: t('user.wannaWatch'), value: n(user.wanna_watch_count), inline: true },
      // An unparseable date gives no timestamp, and a field may not be empty.
      ...(joined ? [{ name: t('user.joined'), value: joined }] : []),
    ],
    ...(avatar ? { thumbnail: { url: avatar } } : {}),
  });
}
