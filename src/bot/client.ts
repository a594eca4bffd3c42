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

export interface DiscordClientOptions {
  /** REST base (e.g. a proxy or the test fake), without `/v10`. The gateway URL is read through it. */
  restUrl: string | undefined;
  shards?: number[] | 'auto';
  shardCount?: number;
}

/** Caches kiroku never reads, cut to nothing; only the bot's own member is kept. */
const limitedCaches = Options.cacheWithLimits({
  ...Options.DefaultMakeCacheSettings,
  ApplicationCommandManager: 0,
  ApplicationEmojiManager: 0,
  AutoModerationRuleManager: 0,
  BaseGuildEmojiManager: 0,
  DMMessageManager: 0,
  EntitlementManager: 0,
  GuildBanManager: 0,
  GuildEmojiManager: 0,
  GuildForumThreadManager: 0,
  GuildInviteManager: 0,
  GuildMessageManager: 0,
  GuildScheduledEventManager: 0,
  GuildStickerManager: 0,
  GuildTextThreadManager: 0,
  MessageManager: 0,
  PresenceManager: 0,
  ReactionManager: 0,
  ReactionUserManager: 0,
  StageInstanceManager: 0,
  ThreadManager: 0,
  ThreadMemberManager: 0,
  // The bot's own user stays cached: otherwise each guild's bot member would carry its own copy.
  UserManager: { maxSize: 1, keepOverLimit: (user) => user.id === user.client.user.id },
  VoiceStateManager: 0,
  // Channel permission checks need the bot's own member (and the guild's roles, kept in full).
  GuildMemberManager: { maxSize: 1, keepOverLimit: (member) => member.id === member.client.user.id },
});

/**
 * Channels are not cached at all. They are most of a guild's weight (real guilds have dozens) and
 * kiroku reads one only when a subscription is created, fetching it then (see canPost); posts go
 * straight to REST by channel id. discord.js calls a channel cache other than its default
 * "unsupported" and emits an UnsupportedCacheOverwriteWarning: kiroku uses no feature that needs
 * channels cached (channel events, message or thread caches, interaction.channel), so `npm start`
 * and the Docker image start node with --disable-warning=UnsupportedCacheOverwriteWarning.
 */
const UNCACHED = new Set(['ChannelManager', 'GuildChannelManager']);

const makeCache: CacheFactory = (manager, holds, managerType) =>
  UNCACHED.has(manager.name)
    ? new LimitedCollection({ maxSize: 0 })
    : limitedCaches(manager, holds, managerType);

/**
 * The discord.js client with the one intent kiroku needs (slash commands arrive as interactions
 * without any intent; Guilds gives guilds and roles for permission checks) and caches cut to what
 * it reads, so memory stays flat as guilds grow.
 */
export function createDiscordClient(options: DiscordClientOptions): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
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
const POST_PERMISSIONS = [
  PermissionFlagsBits.ViewChannel,
  PermissionFlagsBits.SendMessages,
  PermissionFlagsBits.EmbedLinks,
];

/**
 * Whether the bot may post embeds in a text channel of this guild: the channel is fetched (it is not
 * cached), its overwrites applied to the cached roles and the bot's member. A channel of another
 * guild, or one the bot cannot even see (403), is a no.
 */
export async function canPost(client: Client, guildId: string, channelId: string): Promise<boolean> {
  const guild = client.guilds.cache.get(guildId);
  if (!guild) return false;
  const channel = await guild.channels.fetch(channelId, { cache: false }).catch(notThisGuildsChannel);
  if (!channel?.isTextBased()) return false;
  const me = guild.members.me ?? (await guild.members.fetchMe().catch(() => null));
  if (!me) return false;
  return channel.permissionsFor(me).has(POST_PERMISSIONS);
}
