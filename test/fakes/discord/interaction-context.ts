/** Where and by whom an interaction happens: the user, guild, channel and the payload fields they imply. */
import { type APIUser, ChannelType, InteractionContextType, type UserFlags } from 'discord-api-types/v10';
import { ATTACHMENT_SIZE_LIMIT } from './attachments.js';
import { botGuildPermissions, botPermissionsIn } from './bot-permissions.js';
import {
  DEFAULT_TEST_USER,
  type FakeUserInput,
  type InteractionContext,
  type InteractionContextOptions,
} from './interaction-inputs.js';
import type { FakeState } from './state.js';
import type { FakeGuild } from './state-types.js';

export interface ContextDeps {
  state: FakeState;
  applicationId: string;
  defaultUser: () => FakeUserInput;
}

/** Discord's permissions for a user-installed app in a server it is not in (attach files, embed links, external emojis). */
const USER_APP_PERMISSIONS = String((1n << 15n) | (1n << 14n) | (1n << 18n));

/** View channel, send messages, read history, use application commands: an ordinary member. */
const DEFAULT_MEMBER_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n));

type Payload = Record<string, unknown>;

/** The context of an interaction in a guild the bot is in, in a DM with the bot, or between people. */
export function interactionContext(deps: ContextDeps, opts: InteractionContextOptions): InteractionContext {
  const { state } = deps;
  const input = { ...DEFAULT_TEST_USER, ...deps.defaultUser(), ...opts.user };
  const user = apiUser(input);
  const locale = opts.locale ?? input.locale;
  const guildId = opts.guildId === undefined ? (state.guildIds[0] ?? null) : opts.guildId;
  const guild = guildId ? state.guilds.get(guildId) : undefined;
  if (guildId && !guild) {
    if (opts.install !== 'user') throw new Error(`fake discord: unknown guild ${guildId}`);
    return foreignGuildContext(deps, opts, user, guildId, locale);
  }
  const everyone = guild?.roles[0]?.permissions ?? '0';
  const permissions = String(opts.permissions ?? everyone);
  // The bot's own: @everyone's unless a test gave it a role or overwrites name it in this channel.
  const channelAt = state.channels.get(opts.channelId ?? guild?.channels[0]?.id ?? '');
  const botHere =
    guild && channelAt?.guildId === guild.id
      ? botPermissionsIn(state, channelAt)
      : guild
        ? botGuildPermissions(guild)
        : undefined;
  const appPermissions = String(opts.appPermissions ?? botHere ?? everyone);
  const { channelId, channel } = guild
    ? guildChannel(state, guild, opts, appPermissions)
    : privateChannel(state, opts, user);
  const base: Payload = {
    ...commonFields(deps.applicationId, channel, locale, appPermissions),
    ...(guild ? inGuildFields(guild, opts, user, permissions) : outsideGuildFields(opts, user)),
  };
  return { guildId: guild?.id ?? null, channelId, channel, user, base, permissions, roles: opts.roles ?? [] };
}

/** A server the bot is not in, reached through the invoker's own install: no bot member, limited app permissions. */
function foreignGuildContext(
  deps: ContextDeps,
  opts: InteractionContextOptions,
  user: APIUser,
  guildId: string,
  locale: string,
): InteractionContext {
  const channelId = opts.channelId ?? deps.state.ids.next();
  const appPermissions = String(opts.appPermissions ?? USER_APP_PERMISSIONS);
  const permissions = String(opts.permissions ?? DEFAULT_MEMBER_PERMISSIONS);
  const channel = {
    id: channelId,
    type: ChannelType.GuildText,
    name: 'elsewhere',
    guild_id: guildId,
    permissions: appPermissions,
  };
  const base: Payload = {
    ...commonFields(deps.applicationId, channel, locale, appPermissions),
    ...guildFields(guildId, opts.guildLocale ?? 'en-US', opts, user, permissions),
    authorizing_integration_owners: { '1': user.id },
    context: opts.privateChannel ? InteractionContextType.PrivateChannel : InteractionContextType.Guild,
  };
  return { guildId, channelId, channel, user, base, permissions, roles: opts.roles ?? [] };
}

/** The channel asked for (default the guild's first), as the app sees it: with its permissions there. */
function guildChannel(
  state: FakeState,
  guild: FakeGuild,
  opts: InteractionContextOptions,
  appPermissions: string,
): { channelId: string; channel: Payload } {
  const channelId = opts.channelId ?? guild.channels[0]?.id ?? state.ids.next();
  const known = state.channels.get(channelId);
  const channel = known
    ? { ...state.channelPayload(known), permissions: appPermissions }
    : {
        id: channelId,
        type: ChannelType.GuildText,
        name: 'unknown',
        guild_id: guild.id,
        permissions: appPermissions,
      };
  return { channelId, channel };
}

/** Outside servers: a conversation between people (user install), or the DM with the bot. */
function privateChannel(
  state: FakeState,
  opts: InteractionContextOptions,
  user: APIUser,
): { channelId: string; channel: Payload } {
  if (opts.install === 'user' && opts.privateChannel) {
    // A conversation between people (not with the bot): Discord sends a partial channel.
    const channelId = opts.channelId ?? state.ids.next();
    const type = opts.privateChannel === 'group' ? ChannelType.GroupDM : ChannelType.DM;
    const channel = {
      id: channelId,
      type,
      recipients: [user],
      ...(type === ChannelType.GroupDM ? { name: null } : {}),
    };
    return { channelId, channel };
  }
  const dm = opts.channelId ? state.channels.get(opts.channelId) : state.dmChannel(user);
  const channelId = dm?.id ?? opts.channelId ?? state.ids.next();
  const channel = dm ? state.channelPayload(dm) : { id: channelId, type: ChannelType.DM, recipients: [user] };
  return { channelId, channel };
}

/** The fields every interaction payload carries. */
function commonFields(
  applicationId: string,
  channel: Payload,
  locale: string,
  appPermissions: string,
): Payload {
  return {
    application_id: applicationId,
    version: 1,
    channel,
    channel_id: channel.id,
    locale,
    app_permissions: appPermissions,
    entitlements: [],
    attachment_size_limit: ATTACHMENT_SIZE_LIMIT,
  };
}

/** The guild and the invoker as its member. */
function guildFields(
  guildId: string,
  guildLocale: string,
  opts: InteractionContextOptions,
  user: APIUser,
  permissions: string,
): Payload {
  return {
    guild_id: guildId,
    guild: { id: guildId, locale: guildLocale, features: [] },
    guild_locale: guildLocale,
    member: { ...memberWithoutUser(opts.roles ?? [], permissions), user },
  };
}

function inGuildFields(
  guild: FakeGuild,
  opts: InteractionContextOptions,
  user: APIUser,
  permissions: string,
) {
  return {
    ...guildFields(guild.id, opts.guildLocale ?? guild.preferredLocale, opts, user, permissions),
    authorizing_integration_owners:
      opts.install === 'user' ? { '0': guild.id, '1': user.id } : { '0': guild.id },
    context: InteractionContextType.Guild,
  };
}

function outsideGuildFields(opts: InteractionContextOptions, user: APIUser): Payload {
  return {
    user,
    authorizing_integration_owners: opts.install === 'user' ? { '1': user.id } : { '0': '0' },
    context: opts.privateChannel ? InteractionContextType.PrivateChannel : InteractionContextType.BotDM,
  };
}

export function apiUser(input: Required<FakeUserInput>): APIUser {
  return {
    id: input.id,
    username: input.username,
    discriminator: '0',
    global_name: input.globalName,
    avatar: null,
    public_flags: 0 as UserFlags,
  };
}

export function memberWithoutUser(roles: string[], permissions: string): Payload {
  return {
    roles,
    permissions,
    joined_at: '2024-01-01T00:00:00.000Z',
    premium_since: null,
    nick: null,
    avatar: null,
    deaf: false,
    mute: false,
    flags: 0,
    pending: false,
    communication_disabled_until: null,
  };
}
