import {
  type CacheFactory,
  Client,
  DiscordAPIError,
  DiscordjsError,
  DiscordjsErrorCodes,
  GatewayIntentBits,
  LimitedCollection,
  Options,
  PermissionFlagsBits,
} from 'discord.js';
import { isPostableChannelType } from './channel-access.js';

export interface DiscordClientOptions {
  /** REST base (e.g. a proxy or the test fake), without `/v10`. The gateway URL is read through it. */
  restUrl: string | undefined;
  shards?: number[] | 'auto';
  shardCount?: number;
}

/**
 * Managers whose cache kiroku never reads. Channels are among them: they are most of a guild's weight
 * (real guilds have dozens) and kiroku reads one only when a subscription is created, fetching it
 * then (see canPost); posts go straight to REST by channel id. discord.js calls a channel cache other
 * than its default "unsupported" and emits an UnsupportedCacheOverwriteWarning: kiroku uses no feature
 * that needs channels cached (channel events, message or thread caches, interaction.channel), so
 * `npm start` and the Docker image start node with --disable-warning=UnsupportedCacheOverwriteWarning.
 */
const NOT_CACHED = new Set([
  'ApplicationCommandManager',
  'ApplicationEmojiManager',
  'AutoModerationRuleManager',
  'BaseGuildEmojiManager',
  'ChannelManager',
  'DMMessageManager',
  'EntitlementManager',
  'GuildBanManager',
  'GuildChannelManager',
  'GuildEmojiManager',
  'GuildForumThreadManager',
  'GuildInviteManager',
  'GuildMessageManager',
  'GuildScheduledEventManager',
  'GuildStickerManager',
  'GuildTextThreadManager',
  'MessageManager',
  'PresenceManager',
  'ReactionManager',
  'ReactionUserManager',
  'StageInstanceManager',
  'ThreadManager',
  'ThreadMemberManager',
  'VoiceStateManager',
]);

/**
 * A collection with maxSize 0 and no keepOverLimit never stores anything, so one instance serves
 * every manager above: each guild would otherwise carry a dozen empty collections of its own.
 */
const NOTHING = new LimitedCollection<unknown, unknown>({ maxSize: 0 });

/** The caches kiroku reads: guilds and their roles in full, the bot's own member and user only. */
const limitedCaches = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  // Channel permission checks need the bot's own member (and the guild's roles, kept in full).
  GuildMemberManager: { maxSize: 1, keepOverLimit: (member) => member.id === member.client.user.id },
  // The bot's own user stays cached: otherwise each guild's bot member would carry its own copy.
  UserManager: { maxSize: 1, keepOverLimit: (user) => user.id === user.client.user.id },
});

const makeCache = ((manager, holds, managerType) =>
  NOT_CACHED.has(manager.name) ? NOTHING : limitedCaches(manager, holds, managerType)) as CacheFactory;

/**
 * The discord.js client with the intents kiroku needs (slash commands arrive as interactions
 * without any intent; Guilds gives guilds and roles for permission checks; GuildScheduledEvents
 * tells a watch party that its event was deleted or cancelled, read from the raw packet so no
 * scheduled event is cached and no partial is needed) and caches cut to what it reads, so memory
 * stays flat as guilds grow.
 */
export function createDiscordClient(options: DiscordClientOptions): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildScheduledEvents],
    rest: options.restUrl ? { api: options.restUrl } : {},
    ...(options.shards ? { shards: options.shards } : {}),
    ...(options.shardCount ? { shardCount: options.shardCount } : {}),
    makeCache,
  });
}

/** A channel Discord hides (403) or does not know (404), or one of another guild, is no channel; other errors stay errors. */
function notThisGuildsChannel(error: unknown): null {
  if (error instanceof DiscordAPIError && (error.status === 403 || error.status === 404)) return null;
  if (error instanceof DiscordjsError && error.code === DiscordjsErrorCodes.GuildChannelUnowned) return null;
  throw error;
}

/** What a channel post needs. */
export const POST_PERMISSIONS = [
  PermissionFlagsBits.ViewChannel,
  PermissionFlagsBits.SendMessages,
  PermissionFlagsBits.EmbedLinks,
];

/**
 * Whether the bot may post embeds in a text or announcement channel of this guild: the channel is
 * fetched (it is not cached), its type checked (threads and other kinds are a no, see
 * channel-access.ts), its overwrites applied to the cached roles and the bot's member. A channel of
 * another guild, or one the bot cannot even see (403), is a no.
 */
export async function canPost(
  client: Client,
  guildId: string,
  channelId: string,
  needs: { attachFiles?: boolean } = {},
): Promise<boolean> {
  const guild = client.guilds.cache.get(guildId);
  if (!guild) return false;
  const channel = await guild.channels.fetch(channelId, { cache: false }).catch(notThisGuildsChannel);
  if (!channel || !isPostableChannelType(channel.type) || !channel.isTextBased()) return false;
  const me = guild.members.me ?? (await guild.members.fetchMe().catch(() => null));
  if (!me) return false;
  const required = needs.attachFiles
    ? [...POST_PERMISSIONS, PermissionFlagsBits.AttachFiles]
    : POST_PERMISSIONS;
  return channel.permissionsFor(me).has(required);
}
