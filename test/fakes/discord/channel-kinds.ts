/** Threads and channel permissions as the fake models them. */
import { type APIOverwrite, ChannelType, PermissionFlagsBits } from 'discord-api-types/v10';
import type { ThreadState } from './state-types.js';

export const THREAD_TYPES: ReadonlySet<ChannelType> = new Set([
  ChannelType.AnnouncementThread,
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
]);

/** What a thread carries besides a channel's fields (a thread added by a test gets fixed values). */
export function threadFields(thread?: ThreadState): Record<string, unknown> {
  if (thread) {
    return {
      owner_id: thread.ownerId,
      member_count: Math.min(thread.members.size, 50),
      message_count: thread.messageCount,
      total_message_sent: thread.totalMessageSent,
      thread_metadata: {
        archived: thread.archived,
        auto_archive_duration: thread.autoArchiveDuration,
        archive_timestamp: thread.archiveTimestamp,
        locked: thread.locked,
        create_timestamp: thread.createTimestamp,
      },
      rate_limit_per_user: thread.rateLimitPerUser,
    };
  }
  return {
    owner_id: '100000000000000001',
    member_count: 1,
    message_count: 0,
    total_message_sent: 0,
    thread_metadata: {
      archived: false,
      auto_archive_duration: 1440,
      archive_timestamp: new Date(0).toISOString(),
      locked: false,
    },
  };
}

/** Every permission bit Discord knows: what an administrator has in any channel. */
const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((all, bit) => all | bit, 0n);

export interface PermissionSubject {
  guildId: string;
  memberId: string;
  roleIds: readonly string[];
  /** The member's guild-level permissions. */
  base: bigint;
}

/**
 * A member's permissions in a guild channel, as Discord resolves them for a CHANNEL option: the
 * member's guild permissions, then the overwrites for @everyone, for the member's roles and for the
 * member (a thread passes its parent's overwrites). Administrator has every permission.
 */
export function memberPermissionsIn(overwrites: readonly APIOverwrite[], who: PermissionSubject): bigint {
  if ((who.base & PermissionFlagsBits.Administrator) !== 0n) return ALL_PERMISSIONS;
  const apply = (permissions: bigint, allow: bigint, deny: bigint) => (permissions & ~deny) | allow;
  let permissions = who.base;
  const everyone = overwrites.find((o) => o.id === who.guildId);
  if (everyone) permissions = apply(permissions, BigInt(everyone.allow), BigInt(everyone.deny));
  let roleAllow = 0n;
  let roleDeny = 0n;
  for (const overwrite of overwrites) {
    if (overwrite.type !== 0 || !who.roleIds.includes(overwrite.id)) continue;
    roleAllow |= BigInt(overwrite.allow);
    roleDeny |= BigInt(overwrite.deny);
  }
  permissions = apply(permissions, roleAllow, roleDeny);
  const member = overwrites.find((o) => o.type === 1 && o.id === who.memberId);
  if (member) permissions = apply(permissions, BigInt(member.allow), BigInt(member.deny));
  return permissions;
}
