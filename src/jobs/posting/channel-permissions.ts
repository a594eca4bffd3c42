/**
 * A member's permissions in a channel, computed as Discord documents it ("Permission Overwrites"):
 * the guild owner and administrators may do anything; otherwise @everyone's and the member's roles'
 * permissions, then the channel's overwrites for @everyone, for the member's roles (all denies, then
 * all allows) and for the member. The jobs read the parts over REST (no members intent needed).
 */
import { OverwriteType, PermissionFlagsBits } from 'discord-api-types/v10';

export interface PermissionParts {
  guildId: string;
  guildOwnerId: string;
  /** Every role of the guild: id and permission bits (decimal text, as Discord sends them). */
  roles: ReadonlyArray<{ id: string; permissions: string }>;
  /** The channel's permission overwrites. */
  overwrites: ReadonlyArray<{ id: string; type: number; allow: string; deny: string }>;
  memberId: string;
  memberRoleIds: readonly string[];
}

const ALL = (1n << 64n) - 1n;

function bits(text: string | undefined): bigint {
  return text && /^\d{1,30}$/.test(text) ? BigInt(text) : 0n;
}

export function channelPermissions(parts: PermissionParts): bigint {
  if (parts.memberId === parts.guildOwnerId) return ALL;
  const roleBits = new Map(parts.roles.map((role) => [role.id, bits(role.permissions)]));
  // The @everyone role's id is the guild's id.
  let base = roleBits.get(parts.guildId) ?? 0n;
  for (const roleId of parts.memberRoleIds) base |= roleBits.get(roleId) ?? 0n;
  if ((base & PermissionFlagsBits.Administrator) !== 0n) return ALL;
  const everyone = parts.overwrites.find((o) => o.id === parts.guildId);
  let permissions = (base & ~bits(everyone?.deny)) | bits(everyone?.allow);
  let roleDeny = 0n;
  let roleAllow = 0n;
  for (const overwrite of parts.overwrites) {
    if (overwrite.type !== OverwriteType.Role || !parts.memberRoleIds.includes(overwrite.id)) continue;
    roleDeny |= bits(overwrite.deny);
    roleAllow |= bits(overwrite.allow);
  }
  permissions = (permissions & ~roleDeny) | roleAllow;
  const member = parts.overwrites.find((o) => o.type === OverwriteType.Member && o.id === parts.memberId);
  return (permissions & ~bits(member?.deny)) | bits(member?.allow);
}

/** What a subscription's owner needs in its channel: to see it and to speak in it. */
export function maySeeAndSend(permissions: bigint): boolean {
  const needed = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;
  return (permissions & needed) === needed;
}
