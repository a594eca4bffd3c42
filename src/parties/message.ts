/**
 * The party's one message: the work and episode, when it started, **Watched** and the four rating
 * buttons, and who watched: names (with their rating) of those who share their viewing record, the
 * others as counts. Plain data (discord-api-types only), posted and edited by whoever holds a REST
 * client; every text is fitted, so any title or name fits Discord's limits.
 */
import { createHash } from 'node:crypto';
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import { PARTY_RATINGS, partyIds } from '../components/party-ids.js';
import type { Translator } from '../i18n/translator.js';
import { fitText } from '../render/fit.js';
import { discordTime, LIMITS, lines, plain } from '../render/format.js';
import type { Attendee, Party } from './model.js';

const PARTY_COLOR = 0xa855f7;
/** Discord's limit on a button label. */
const LABEL_MAX = 80;

export interface PartyMessage {
  embeds: APIEmbed[];
  components: Array<APIActionRowComponent<APIComponentInMessageActionRow>>;
}

/** An attendee as the message may show them: a name only when they share. */
export interface ShownAttendee {
  name: string | undefined;
  rating: Attendee['rating'];
}

function buttons(party: Party, t: Translator): PartyMessage['components'] {
  const rate = PARTY_RATINGS.map((rating) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Secondary as const,
    label: fitText(t(`rating.${rating}`), LABEL_MAX),
    custom_id: partyIds.rate.build(party.id, rating),
  }));
  return [
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.Button,
          style: ButtonStyle.Success,
          label: fitText(t('party.watched'), LABEL_MAX),
          custom_id: partyIds.watched.build(party.id),
        },
        ...rate,
      ],
    },
  ];
}

/** "8 watched · Great 5 · Good 2 · Average 1", then the names of those who share. */
function whoWatched(attendees: readonly ShownAttendee[], t: Translator): string {
  if (attendees.length === 0) return t('party.nobodyYet');
  const counts = [...PARTY_RATINGS]
    .reverse()
    .map((rating) => [rating, attendees.filter((a) => a.rating === rating).length] as const)
    .filter(([, count]) => count > 0)
    .map(([rating, count]) => `${t(`rating.${rating}`)} ${count}`);
  const summary = [t('party.watchedCount', { count: attendees.length }), ...counts].join(' · ');
  const named = attendees
    .filter((a): a is ShownAttendee & { name: string } => a.name !== undefined)
    .map((a) => `- ${plain(a.name)}${a.rating ? ` · ${t(`rating.${a.rating}`)}` : ''}`);
  const hidden = attendees.length - named.length;
  const rest = hidden > 0 && named.length > 0 ? [t('party.othersCount', { count: hidden })] : [];
  return lines([summary, ...named, ...rest], {
    limit: LIMITS.fieldValue,
    more: (count) => t('party.more', { count }),
  });
}

export function partyMessage(party: Party, attendees: readonly ShownAttendee[], t: Translator): PartyMessage {
  const cancelled = party.state === 'cancelled';
  const embed: APIEmbed = {
    title: fitText(`${plain(party.workTitle)} · ${plain(party.episodeLabel)}`, LIMITS.title),
    description: fitText(
      cancelled
        ? t('party.cancelledNote')
        : t('party.intro', { start: discordTime(party.startsAt, 'f'), host: `<@${party.hostId}>` }),
      LIMITS.description,
    ),
    fields: [{ name: fitText(t('party.whoWatched'), LIMITS.fieldName), value: whoWatched(attendees, t) }],
    color: PARTY_COLOR,
  };
  return { embeds: [embed], components: cancelled ? [] : buttons(party, t) };
}

/** A short digest of a message body, to edit the posted message only when it would change. */
export function messageDigest(message: PartyMessage): string {
  return createHash('sha256').update(JSON.stringify(message)).digest('base64url').slice(0, 22);
}
