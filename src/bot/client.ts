import { Client, GatewayIntentBits, Options, PermissionFlagsBits } from 'discord.js';

export interface DiscordClientOptions {
  /** REST base (e.g. a proxy or the test fake), without `/v10`. The gateway URL is read through it. */
  restUrl: string | undefined;
  shards?: number[] | 'auto';
  shardCount?: number;
}

/**
 * The discord.js client with the one intent kiroku needs (slash commands arrive as interactions
 * without any intent; Guilds gives guilds and channels for permission checks) and caches cut to
 * what it reads, so memory stays flat as guilds grow.
 */
export function createDiscordClient(options: DiscordClientOptions): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: options.restUrl ? { api: options.restUrl } : {},
    ...(options.shards ? { shards: options.shards } : {}),
    ...(options.shardCount ? { shardCount: options.shardCount } : {}),
    makeCache: Options.cacheWithLimits({
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
      UserManager: 0,
      VoiceStateManager: 0,
      // Only the bot's own member is kept: it is what channel permission checks need.
      GuildMemberManager: { maxSize: 1, keepOverLimit: (member) => member.id === member.client.user.id },
    }),
  });
}

/** What a channel post needs. */
const POST_PERMISSIONS = [
  PermissionFlagsBits.ViewChannel,
  PermissionFlagsBits.SendMessages,
  PermissionFlagsBits.EmbedLinks,
];

/** Whether the bot may post embeds in a guild text channel, from the gateway's guild cache. */
export async function canPost(client: Client, guildId: string, channelId: string): Promise<boolean> {
  const guild = client.guilds.cache.get(guildId);
  const channel = guild?.channels.cache.get(channelId);
  if (!guild || !channel?.isTextBased()) return false;
  const me = guild.members.me ?? (await guild.members.fetchMe().catch(() => null));
  if (!me) return false;
  return channel.permissionsFor(me).has(POST_PERMISSIONS);
}
