import { Client, GatewayIntentBits, Options, type ShardingManagerMode } from 'discord.js';

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

export type { ShardingManagerMode };
