/**
 * The membership gate's answers in a process with a gateway: the server's roles and owner from
 * discord.js's guild cache (the Guilds intent keeps them current), the channel's overwrites from
 * `ChannelOverwrites` (read once, then kept current by the gateway's channel events); only the member
 * is asked over REST. A server this process does not hold (another shard's, or not yet available
 * after a start) is read over REST as a whole.
 */
import { type Client, Events } from 'discord.js';
import type { Logger } from '../../logger.js';
import { ChannelOverwrites } from './channel-overwrites.js';
import type { ChannelAnswer, MembershipLookup } from './membership.js';
import { restChannel, restMember, restOverwrites } from './membership-rest.js';

export interface GatewayMembership extends MembershipLookup {
  /** The kept overwrites (tests). */
  readonly overwrites: ChannelOverwrites;
}

/** A MembershipLookup over the client's gateway caches, REST where they cannot answer. */
export function createGatewayMembership(client: Client, logger: Logger): GatewayMembership {
  const overwrites = new ChannelOverwrites();
  client.on(Events.Raw, (packet: { t?: string | null; d?: unknown }) => overwrites.observe(packet));
  const { rest } = client;
  return {
    overwrites,
    member: (guildId, userId) => restMember(rest, logger, guildId, userId),
    async channel(guildId, channelId): Promise<ChannelAnswer> {
      const guild = client.guilds.cache.get(guildId);
      if (!guild?.available) return restChannel(rest, logger, guildId, channelId);
      const channelOverwrites = await overwrites.get(guildId, channelId, () =>
        restOverwrites(rest, logger, channelId),
      );
      if (typeof channelOverwrites === 'string') return channelOverwrites;
      const roles = guild.roles.cache.map((role) => ({
        id: role.id,
        permissions: String(role.permissions.bitfield),
      }));
      return { guildOwnerId: guild.ownerId, roles, overwrites: channelOverwrites };
    },
  };
}
