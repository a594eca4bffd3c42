/** Discord's JSON for the fake's guilds, channels and roles, as REST and the gateway send them. */
import { type APIGuildMember, type APIRole, ChannelType, type RoleFlags } from 'discord-api-types/v10';
import { THREAD_TYPES, threadFields } from './channel-kinds.js';
import type { FakeChannel, FakeGuild } from './state-types.js';

/** Channel object as in GET /channels/{id} (withGuildId) or inside GUILD_CREATE (without). */
export function channelPayload(channel: FakeChannel, withGuildId = true): Record<string, unknown> {
  if (channel.type === ChannelType.DM) {
    return {
      id: channel.id,
      type: channel.type,
      last_message_id: null,
      flags: 0,
      recipients: channel.recipient ? [channel.recipient] : [],
    };
  }
  return {
    id: channel.id,
    type: channel.type,
    ...(withGuildId && channel.guildId ? { guild_id: channel.guildId } : {}),
    name: channel.name,
    position: channel.position,
    permission_overwrites: channel.permissionOverwrites ?? [],
    parent_id: channel.parentId ?? null,
    nsfw: false,
    topic: null,
    rate_limit_per_user: 0,
    ...(THREAD_TYPES.has(channel.type) ? threadFields(channel.thread) : {}),
    last_message_id: null,
    flags: 0,
  };
}

/** Guild object as in GET /guilds/{id}. */
export function guildPayload(guild: FakeGuild): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId,
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    vanity_url_code: null,
    application_id: null,
    preferred_locale: guild.preferredLocale,
    features: [],
    emojis: [],
    stickers: [],
    roles: guild.roles,
  };
}

/** GUILD_CREATE dispatch data: small but complete enough for discord.js. */
export function guildCreatePayload(guild: FakeGuild, botMember: APIGuildMember): Record<string, unknown> {
  return {
    ...guildPayload(guild),
    joined_at: guild.joinedAt,
    large: false,
    unavailable: false,
    member_count: 2,
    members: [botMember],
    channels: guild.channels.map((channel) => channelPayload(channel, false)),
    threads: [],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export function everyoneRole(guildId: string, permissions: string): APIRole {
  return {
    id: guildId,
    name: '@everyone',
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    position: 0,
    permissions,
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
  };
}
