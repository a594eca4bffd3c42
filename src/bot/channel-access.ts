/**
 * Which channels a subscription may post in, and what the person who sets it up must be allowed to
 * do there. The bot's own side (can kiroku post?) is checked in client.ts against the gateway cache.
 */
import {
  type ApplicationCommandOptionAllowedChannelType,
  ChannelType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';

/**
 * Text and announcement channels only. Threads are refused: they archive themselves after a spell
 * of silence (a feed can be quiet for days), a private one needs kiroku added as a member, and a
 * locked one refuses posts, so a long-lived subscription there would fail without anyone acting.
 * Announcement channels take ordinary posts (kiroku does not publish them to followers).
 */
export const POSTABLE_CHANNEL_TYPES: readonly ApplicationCommandOptionAllowedChannelType[] = [
  ChannelType.GuildText,
  ChannelType.GuildAnnouncement,
];

export function isPostableChannelType(type: number): boolean {
  return (POSTABLE_CHANNEL_TYPES as readonly number[]).includes(type);
}

/** What the invoker needs in the target channel: nobody may publish where they may not speak. */
const INVOKER_NEEDS = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;
const PERMISSION_BITS = /^\d{1,30}$/;

/**
 * Whether the invoker may view and send messages in a channel, from the permissions Discord resolved
 * for them in that channel (the CHANNEL option's `permissions`, overwrites already applied).
 * Missing or malformed permissions are a no: they cannot be checked.
 */
export function invokerMaySend(permissions: string | undefined): boolean {
  return grants(permissions, INVOKER_NEEDS);
}

/**
 * Whether a permission bitfield Discord resolved (a member's, or kiroku's `app_permissions`) grants
 * every one of `needs`; Administrator grants all. Missing or malformed is a no.
 */
export function grants(permissions: string | undefined, needs: bigint): boolean {
  if (permissions === undefined || !PERMISSION_BITS.test(permissions)) return false;
  const bits = BigInt(permissions);
  if ((bits & PermissionFlagsBits.Administrator) !== 0n) return true;
  return (bits & needs) === needs;
}

/** Whether the invoker may attach files in the channel (a subscription that posts pictures). */
export function invokerMayAttach(permissions: string | undefined): boolean {
  if (!invokerMaySend(permissions) || permissions === undefined) return false;
  const bits = BigInt(permissions);
  return (bits & PermissionFlagsBits.Administrator) !== 0n || (bits & PermissionFlagsBits.AttachFiles) !== 0n;
}
