/**
 * What the bot may do in a guild, as Discord resolves it: @everyone's permissions and those of the
 * bot's own role (a server manager edits it with `setBotPermissions`), then a channel's overwrites
 * (a thread's are its parent's). The fake refuses, with 403 Missing Permissions (50013), the
 * scheduled-event and thread actions the bot may not take.
 */
import { type APIRole, PermissionFlagsBits, type RoleFlags } from 'discord-api-types/v10';
import { memberPermissionsIn } from './channel-kinds.js';
import type { RestOutcome } from './interaction-result.js';
import { error } from './rest-common.js';
import type { FakeState } from './state.js';
import type { FakeChannel, FakeGuild } from './state-types.js';

export const missingPermissions = (): RestOutcome => error(403, 'Missing Permissions', 50013);

/** The bot's own role in a guild (the one Discord makes when a bot joins with permissions), if any. */
export function botRole(guild: FakeGuild): APIRole | undefined {
  return guild.roles.find((role) => role.id === guild.botRoleId);
}

/** The bot's guild-wide permissions: @everyone's, with its own role's added. */
export function botGuildPermissions(guild: FakeGuild): bigint {
  const everyone = BigInt(guild.roles[0]?.permissions ?? '0');
  return everyone | BigInt(botRole(guild)?.permissions ?? '0');
}

/** The bot's permissions in a guild channel, or its guild-wide ones for a channel the fake does not know. */
export function botPermissionsIn(state: FakeState, channel: FakeChannel | undefined): bigint {
  const guild = channel?.guildId ? state.guilds.get(channel.guildId) : undefined;
  if (!channel || !guild) return guild ? botGuildPermissions(guild) : 0n;
  const source = channel.parentId ? (state.channels.get(channel.parentId) ?? channel) : channel;
  return memberPermissionsIn(source.permissionOverwrites ?? [], {
    guildId: guild.id,
    memberId: state.botUser.id,
    roleIds: guild.botRoleId ? [guild.botRoleId] : [],
    base: botGuildPermissions(guild),
  });
}

/** Whether every bit of `needed` is among `permissions` (Administrator grants all). */
export function allows(permissions: bigint, needed: bigint): boolean {
  return (permissions & PermissionFlagsBits.Administrator) !== 0n || (permissions & needed) === needed;
}

/**
 * Gives the bot exactly these guild permissions besides @everyone's, through its own managed role
 * (created on first use). Returns the role and whether it is new, for the gateway events.
 */
export function setBotRolePermissions(
  state: FakeState,
  guild: FakeGuild,
  permissions: bigint,
): { role: APIRole; created: boolean } {
  const existing = botRole(guild);
  if (existing) {
    existing.permissions = permissions.toString();
    return { role: existing, created: false };
  }
  const role: APIRole = {
    id: state.ids.next(),
    name: state.botUser.username,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: guild.roles.length,
    permissions: permissions.toString(),
    managed: true,
    mentionable: false,
    flags: 0 as RoleFlags,
    tags: { bot_id: state.botUser.id },
  };
  guild.roles.push(role);
  guild.botRoleId = role.id;
  return { role, created: true };
}
