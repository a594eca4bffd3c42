/**
 * Gateway events (all under the Guilds intent kiroku has) that can change whether a subscription's
 * owner may still see or send in its channel. Read from the raw packets: discord.js emits its own
 * channel events only for cached channels, and kiroku does not cache channels.
 */
import type { MembershipGate } from '../jobs/posting/membership.js';

/** What a packet changed: one channel's overwrites, or a role anywhere in a server. */
export type PermissionChange = { guildId: string; channelId?: string };

interface GatewayPacket {
  t?: string | null;
  d?: unknown;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function permissionChangeOf(packet: GatewayPacket): PermissionChange | undefined {
  const data = typeof packet.d === 'object' && packet.d !== null ? (packet.d as Record<string, unknown>) : {};
  const guildId = text(data.guild_id);
  if (!guildId) return undefined;
  switch (packet.t) {
    case 'CHANNEL_UPDATE':
    case 'CHANNEL_DELETE': {
      const channelId = text(data.id);
      return channelId ? { guildId, channelId } : undefined;
    }
    case 'GUILD_ROLE_UPDATE':
    case 'GUILD_ROLE_DELETE':
      return { guildId };
    default:
      return undefined;
  }
}

/** Drops the owner checks a change touches, so the next post there asks Discord again. */
export async function forgetChecks(
  gate: Pick<MembershipGate, 'forgetChannel' | 'forgetGuild'>,
  change: PermissionChange,
): Promise<void> {
  if (change.channelId) await gate.forgetChannel(change.guildId, change.channelId);
  else await gate.forgetGuild(change.guildId);
}
