/** `/party start work episode time`: a scheduled event in the server, and at its time one message to record from. */
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { episodeOption, stringOption, subcommand, workOption } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { resolveEpisode } from '#src/lookups/episodes.js';
import { resolveWork } from '#src/lookups/works.js';
import { PARTY_EVENT_MS, PARTY_MAX_AHEAD_MS } from '#src/parties/model.js';
import { readPartyTime } from '#src/parties/when.js';
import { fitText } from '#src/render/fit.js';
import { discordTime, plain } from '#src/render/format.js';
import { hasNoEpisodes, localEpisodeLabel, localTitle } from '#src/render/names.js';
import { localTimeRefinements } from '../subscription/local-time.js';

/** Discord's limits on a scheduled event's name, description and location. */
const EVENT_LIMITS = { name: 100, description: 1000, location: 100 } as const;

const options = [
  workOption(),
  episodeOption(),
  stringOption(
    'time',
    '時刻',
    {
      en: 'When: 21:00, tomorrow 21:00, 2026-12-01 21:00, or ISO with offset',
      ja: 'いつ: 21:00、明日21:00、2026-12-01 21:00、またはオフセット付きISO',
    },
    { required: true, maxLength: 40 },
  ),
  stringOption(
    'timezone',
    'タイムゾーン',
    { en: 'IANA time zone, e.g. Asia/Tokyo', ja: 'IANAタイムゾーン（例: Asia/Tokyo）' },
    { maxLength: 64 },
  ),
] as const;

export const startSubcommand = () =>
  subcommand(
    'start',
    '開始',
    { en: 'Plan a watch party for an episode', ja: 'エピソードの同時視聴会を予定する' },
    options,
  );

const rules = {
  reasons: { time: 'reason.required' },
  refine: { timezone: localTimeRefinements.timezone },
} as const;

function partyTime(ctx: Context, text: string, timezone: string): Date {
  const read = readPartyTime(text, timezone, ctx.now(), PARTY_MAX_AHEAD_MS);
  if (read.ok) return read.at;
  if (read.reason === 'tooFar') throw new UserFacingError('party.time.tooFar');
  const key = read.reason === 'past' ? 'party.time.past' : 'party.time.format';
  throw new UserFacingError(key, (t) => t(key, { timezone }));
}

export async function startParty(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  if (!ctx.guildId || !ctx.channelId) throw new UserFacingError('error.guildOnly');
  const { guildId, channelId } = ctx;
  const given = readOptions(options, raw, rules);
  const timezone = given.timezone ?? ctx.settings.defaultTimezone;
  const startsAt = partyTime(ctx, given.time, timezone);
  if (!(await ctx.parties.events.canManage(guildId))) throw new UserFacingError('party.needsManageEvents');
  if (!(await ctx.channels.canPost(guildId, channelId))) throw new UserFacingError('party.cannotPost');
  const work = await resolveWork(ctx, given.work);
  if (hasNoEpisodes(work)) throw new UserFacingError('party.noEpisodes');
  const episode = await resolveEpisode(ctx, work.id, given.episode);
  const workTitle = localTitle(work, ctx.t);
  const episodeLabel = localEpisodeLabel(episode, ctx.t);
  const eventId = await ctx.parties.events.create(guildId, {
    name: fitText(`${workTitle} ${episodeLabel}`, EVENT_LIMITS.name),
    description: fitText(
      ctx.t('party.eventDescription', { work: workTitle, episode: episodeLabel }),
      EVENT_LIMITS.description,
    ),
    location: fitText(ctx.t('party.eventLocation'), EVENT_LIMITS.location),
    startsAt,
    endsAt: new Date(startsAt.getTime() + PARTY_EVENT_MS),
  });
  try {
    const party = await ctx.parties.store.create(
      {
        guildId,
        channelId,
        hostId: ctx.user.id,
        eventId,
        workId: work.id,
        episodeId: episode.id,
        workTitle,
        episodeLabel,
        startsAt: startsAt.toISOString(),
        locale: ctx.locale,
      },
      ctx.now(),
    );
    return {
      kind: 'message',
      content: ctx.t('party.created', {
        work: plain(workTitle),
        episode: plain(episodeLabel),
        start: discordTime(party.startsAt, 'F'),
        channel: `<#${channelId}>`,
        id: party.id,
      }),
    };
  } catch (error) {
    // Not stored: the event would announce a party that never posts.
    await ctx.parties.events.remove(guildId, eventId).catch(() => undefined);
    throw error;
  }
}
