/**
 * The membership gate's answers over discord.js's REST client (no privileged intent needed): the
 * member (GET member), and the server's roles and the channel's overwrites (GET guild, GET channel)
 * where the gateway's cache cannot give them.
 */
import { DiscordAPIError, type REST, Routes } from 'discord.js';
import { z } from 'zod';
import type { Logger } from '../../logger.js';
import type { ChannelAnswer, MemberAnswer, MembershipLookup } from './membership.js';

const UNKNOWN_CHANNEL = 10003;
const UNKNOWN_GUILD = 10004;
const UNKNOWN_MEMBER = 10007;
const MISSING_ACCESS = 50001;

const memberSchema = z.object({ roles: z.array(z.string()) });
const guildSchema = z.object({
  owner_id: z.string(),
  roles: z.array(z.object({ id: z.string(), permissions: z.string() })),
});
export const overwriteSchema = z.object({
  id: z.string(),
  type: z.number(),
  allow: z.string(),
  deny: z.string(),
});
const channelSchema = z.object({ permission_overwrites: z.array(overwriteSchema).default([]) });

export type Overwrite = z.infer<typeof overwriteSchema>;

type Route = 'member' | 'guild' | 'channel';

/**
 * What Discord's refusal of a route means for a check; anything else is 'unknown' (logged). Missing
 * Access on a server's routes means kiroku is no longer in it; on a channel's, that it may not see it.
 */
function refusal(error: unknown, route: Route, logger: Logger, context: Record<string, string>) {
  if (error instanceof DiscordAPIError) {
    if (route === 'member' && error.code === UNKNOWN_MEMBER) return 'left';
    if (route === 'channel' && error.code === UNKNOWN_CHANNEL) return 'channel-gone';
    if (route === 'channel' && error.code === MISSING_ACCESS) return 'channel-forbidden';
    if (error.code === UNKNOWN_GUILD || error.code === MISSING_ACCESS) return 'guild-gone';
  }
  const summary = error instanceof DiscordAPIError ? { status: error.status, code: error.code } : {};
  logger.warn(
    { ...context, err: summary },
    'jobs: could not check a subscription owner’s membership and permissions',
  );
  return 'unknown';
}

/** The member's roles in the server. */
export async function restMember(
  rest: REST,
  logger: Logger,
  guildId: string,
  userId: string,
): Promise<MemberAnswer> {
  try {
    return { roles: memberSchema.parse(await rest.get(Routes.guildMember(guildId, userId))).roles };
  } catch (error) {
    const answer = refusal(error, 'member', logger, { guildId, userId });
    return answer === 'left' || answer === 'guild-gone' ? answer : 'unknown';
  }
}

/** The channel's overwrites (GET channel). */
export async function restOverwrites(
  rest: REST,
  logger: Logger,
  channelId: string,
): Promise<Overwrite[] | Exclude<ChannelAnswer, object>> {
  try {
    return channelSchema.parse(await rest.get(Routes.channel(channelId))).permission_overwrites;
  } catch (error) {
    const answer = refusal(error, 'channel', logger, { channelId });
    return answer === 'left' ? 'unknown' : answer;
  }
}

/** The server's roles and owner (GET guild) and the channel's overwrites (GET channel). */
export async function restChannel(
  rest: REST,
  logger: Logger,
  guildId: string,
  channelId: string,
): Promise<ChannelAnswer> {
  let guild: z.infer<typeof guildSchema>;
  try {
    guild = guildSchema.parse(await rest.get(Routes.guild(guildId)));
  } catch (error) {
    return refusal(error, 'guild', logger, { guildId }) === 'guild-gone' ? 'guild-gone' : 'unknown';
  }
  const overwrites = await restOverwrites(rest, logger, channelId);
  if (typeof overwrites === 'string') return overwrites;
  return { guildOwnerId: guild.owner_id, roles: guild.roles, overwrites };
}

/** A MembershipLookup over REST alone (a process without a gateway: the tests' job harness). */
export function createRestMembership(rest: REST, logger: Logger): MembershipLookup {
  return {
    member: (guildId, userId) => restMember(rest, logger, guildId, userId),
    channel: (guildId, channelId) => restChannel(rest, logger, guildId, channelId),
  };
}
