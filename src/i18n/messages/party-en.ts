/** English texts of watch parties (`/party`, its message and its notices). Spread into the English catalogue. */
import type { CatalogueOf } from '../catalogue-types.js';

export const partyEn = {
  'party.watched': 'Watched',
  'party.intro': (p: { start: string; host: string }) =>
    `Watch party started ${p.start}, hosted by ${p.host}. Watched it? Press **Watched** or a rating: it records the episode on {service} with your own account.`,
  'party.cancelledNote': 'This watch party was cancelled.',
  'party.whoWatched': 'Who watched',
  'party.nobodyYet': 'Nobody yet.',
  'party.watchedCount': (p: { count: number }) => `${p.count} watched`,
  'party.othersCount': (p: { count: number }) =>
    `and ${p.count} ${p.count === 1 ? 'other' : 'others'} who keep their viewing record private`,
  'party.more': (p: { count: number }) => `… and ${p.count} more`,
  'party.eventDescription': (p: { work: string; episode: string }) =>
    `Watch ${p.episode} of ${p.work} together. When it is time, kiroku posts a message in the channel: press Watched or a rating to record the episode on {service}.`,
  'party.eventLocation': 'On Discord, with kiroku',
  'party.created': (p: { work: string; episode: string; start: string; channel: string; id: string }) =>
    `Watch party planned: ${p.work} ${p.episode}, ${p.start}. The server has its event now, and at that time I will post the message to record from in ${p.channel}. To call it off: \`/party cancel\` (party \`${p.id}\`).`,
  'party.cancelled': (p: { work: string; episode: string }) =>
    `The watch party for ${p.work} ${p.episode} is cancelled, and its event removed.`,
  'party.recorded': (p: { work: string; episode: string }) =>
    `Recorded ${p.work} ${p.episode} for you. Enjoy!`,
  'party.alreadyRecorded': 'You already recorded this party’s episode.',
  'party.over': 'This watch party was cancelled or is over.',
  'party.unknown': 'You have no watch party like that in this server: pick one of yours from the list.',
  'party.needsManageEvents':
    'I cannot create events in this server: give me the **Manage Events** permission (Server Settings → Roles), then try again.',
  'party.tooManyEvents':
    'This server already has 100 upcoming events, the most Discord allows: end or delete one, then try again.',
  'party.cannotPost':
    'I cannot post in this channel (I need View Channel, Send Messages and Embed Links here), so the party’s message could not go up. Run `/party start` in a channel where I can post.',
  'party.noEpisodes': 'This work has no episodes to watch together (a film is rated with `/review post`).',
  'party.channelLost': (p: { channel: string; work: string }) =>
    `I can no longer post in ${p.channel}, so the watch party for ${p.work} stopped updating there. Give me View Channel, Send Messages and Embed Links in that channel for the next one.`,
  'party.time.format': (p: { timezone: string }) =>
    `\`time\`: write it like 21:00, tomorrow 21:00 or 2026-12-01 21:00 (in ${p.timezone}), or as an ISO time with its offset.`,
  'party.time.past': (p: { timezone: string }) =>
    `\`time\`: that time has passed (in ${p.timezone}). For tomorrow, write “tomorrow 21:00”.`,
  'party.time.tooFar': '`time`: a party can be planned at most 60 days ahead.',
} as const;

export type PartyMessages = CatalogueOf<typeof partyEn>;
