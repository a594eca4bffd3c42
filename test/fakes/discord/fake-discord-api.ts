/** The fake Discord as tests see it: start-up options and the handle they drive it with. */
import type { ClientOptions } from 'discord.js';
import type {
  APIGuildScheduledEvent,
  APIMessage,
  APIOverwrite,
  APIUser,
  ChannelType,
} from 'discord-api-types/v10';
import type { ReceivedAttachment } from './attachments.js';
import type { ScheduledEventChange } from './fake-discord-places.js';
import type { GatewayEvent, GatewayOpRecord, GatewaySessionInfo } from './gateway.js';
import type {
  AutocompleteOptions,
  ButtonOptions,
  ContextMenuOptions,
  FakeUserInput,
  ModalOptions,
  SelectOptions,
  SlashOptions,
} from './interaction-inputs.js';
import type { InteractionResult } from './interaction-result.js';
import type { RecordedRestCall, RestFaults } from './rest-common.js';
import type { FakeChannel, FakeGuild, RegisteredCommand } from './state-types.js';

export interface FakeDiscordOptions {
  /** Guilds created at start (default 1). */
  guilds?: number;
  /** Text channels per guild (default 2). */
  channelsPerGuild?: number;
  /** Also the bot user's id. Default '900000000000000001'. */
  applicationId?: string;
  /** Default 'fake-bot-token'. */
  botToken?: string;
  botUsername?: string;
  /** `shards` in GET /gateway/bot (used by `shards: 'auto'`). Default 1. */
  shards?: number;
  /** session_start_limit.max_concurrency (identify buckets in @discordjs/ws). Default 16. */
  maxConcurrency?: number;
  /** HELLO heartbeat_interval. Default 41250. */
  heartbeatIntervalMs?: number;
  /** A callback later than this after dispatch gets 404 Unknown interaction (10062). 0 disables. Default 3000. */
  interactionDeadlineMs?: number;
  /** @everyone permissions in every guild (also the default member and app permissions). */
  everyonePermissions?: string | bigint;
  /** Default 0 (random). */
  port?: number;
  /** GUILD_CREATE events per event-loop turn (default 500). */
  guildChunkSize?: number;
  /** Dispatches kept per session for RESUME (default 50000). */
  historyLimit?: number;
}

export interface FakeDiscord {
  /** http://127.0.0.1:PORT/api (discord.js appends /v10). */
  readonly restUrl: string;
  /** ws://127.0.0.1:PORT */
  readonly gatewayUrl: string;
  readonly applicationId: string;
  readonly botToken: string;
  readonly botUser: APIUser;
  /** Every guild id, in creation order (live). */
  readonly guildIds: string[];
  readonly restCalls: RecordedRestCall[];
  /** TCP connections the fake has accepted (REST and gateway): a client that keeps them alive opens few. */
  readonly connectionsOpened: number;
  /** Ops received from clients (heartbeats included). */
  readonly gatewayOps: GatewayOpRecord[];
  readonly faults: RestFaults;
  /** Every dispatched interaction, in order. */
  readonly interactions: InteractionResult[];
  /** Mutable recommended shard count returned by GET /gateway/bot. */
  shards: number;
  /** Mutable deadline for interaction callbacks (0 disables). */
  interactionDeadlineMs: number;
  /**
   * Mutable time between an interaction's creation and its INTERACTION_CREATE reaching the bot (a slow
   * gateway, a busy client): the deadline still runs from the creation. Default 0.
   */
  interactionTransitMs: number;
  /** The user used when an interaction helper gets no `user` (fields merged over DEFAULT_TEST_USER). */
  defaultUser: FakeUserInput;

  /** Options to spread into `new Client({...})`: REST base URL and an identify throttler without waits. */
  clientOptions(): Pick<ClientOptions, 'rest' | 'ws'>;
  guild(guildId: string): FakeGuild | undefined;
  /** Text channel ids of a guild (default: the first guild). */
  channelIds(guildId?: string): string[];
  /**
   * Adds a channel of any type to a guild (a thread: `parentId` of its channel) and sends
   * CHANNEL_CREATE or THREAD_CREATE. Returns its id.
   */
  addChannel(guildId: string, input: { type: ChannelType; name?: string; parentId?: string }): string;
  /** Replaces a guild channel's permission overwrites and sends CHANNEL_UPDATE, as Discord does. */
  setChannelOverwrites(channelId: string, overwrites: APIOverwrite[]): void;
  registeredCommands(guildId?: string): RegisteredCommand[];

  slash(opts: SlashOptions): Promise<InteractionResult>;
  autocomplete(opts: AutocompleteOptions): Promise<InteractionResult>;
  /** A right-click command on a user or a message. */
  contextMenu(opts: ContextMenuOptions): Promise<InteractionResult>;
  button(opts: ButtonOptions): Promise<InteractionResult>;
  select(opts: SelectOptions): Promise<InteractionResult>;
  modal(opts: ModalOptions): Promise<InteractionResult>;

  /** Messages the bot posted with POST /channels/{id}/messages (interaction replies excluded), oldest first. */
  channelMessages(channelId: string): APIMessage[];
  /** Messages the bot sent in its DM channel with a user (opened with POST /users/@me/channels), oldest first. */
  directMessages(userId: string): APIMessage[];
  /** channelMessages of every channel. */
  allChannelMessages(): APIMessage[];
  /** Any stored message (channel, interaction reply, followup) by id. */
  message(messageId: string): APIMessage | undefined;
  /** Waits until `channelId` has at least `count` channel messages. */
  waitForChannelMessages(channelId: string, count?: number, timeoutMs?: number): Promise<APIMessage[]>;
  /**
   * The files the bot attached to a message (a channel post, a reply, a follow-up, any edit), as they
   * stand now: each with its bytes, file name, content type and text alternative (`description`).
   */
  attachments(messageId: string): ReceivedAttachment[];

  /**
   * Gives the bot these guild permissions besides @everyone's (its own managed role), as a server
   * manager would; the bot receives GUILD_ROLE_CREATE/UPDATE and GUILD_MEMBER_UPDATE.
   */
  setBotPermissions(guildId: string, permissions: bigint | string): void;
  /** Any channel the fake knows by id, threads included (`thread` holds a REST-started thread's state). */
  channel(channelId: string): FakeChannel | undefined;
  /** Threads the bot started under a channel, oldest first; their posts are `channelMessages(threadId)`. */
  threads(parentChannelId: string): FakeChannel[];
  /** A person joins a thread in Discord (no gateway event: that needs the privileged members intent). */
  joinThread(threadId: string, userId: string): void;
  /** A thread archives (after inactivity, or locked by a moderator): THREAD_UPDATE reaches the bot. */
  archiveThread(threadId: string, opts?: { locked?: boolean }): void;
  /** A guild's scheduled events (default: the first guild's), oldest first, as stored. */
  scheduledEvents(guildId?: string): APIGuildScheduledEvent[];
  /** A member edits an event in Discord (starts, ends or cancels it): GUILD_SCHEDULED_EVENT_UPDATE. */
  updateScheduledEvent(
    guildId: string,
    eventId: string,
    change: ScheduledEventChange,
  ): APIGuildScheduledEvent;
  /**
   * A member deletes an event in Discord: GUILD_SCHEDULED_EVENT_DELETE reaches bots with the
   * GUILD_SCHEDULED_EVENTS intent. False when there is no such event.
   */
  deleteScheduledEvent(guildId: string, eventId: string): boolean;

  /** op 7 to connected sessions (optionally one shard); the client RESUMEs. Returns the session count. */
  reconnect(shardId?: number): number;
  /** op 9; not resumable by default (the client re-IDENTIFYs after @discordjs/ws's ~5 s identify throttle unless clientOptions() is used). */
  invalidateSession(shardId?: number, resumable?: boolean): number;
  /** Terminates sockets (client sees 1006 and RESUMEs). */
  dropConnection(shardId?: number): number;
  /** Creates n guilds and sends GUILD_CREATE to the sessions of their shards. Returns the new ids. */
  addGuilds(n: number): string[];
  /** Removes a guild and sends GUILD_DELETE (bot kicked). */
  removeGuild(guildId: string): boolean;
  /**
   * A user leaves a guild (or is kicked): GET /guilds/{guild}/members/{user} answers 404 Unknown
   * Member from then on. No gateway event: GUILD_MEMBER_REMOVE needs the privileged members intent.
   */
  removeMember(guildId: string, userId: string): void;
  /** The user joins the guild again. */
  addMember(guildId: string, userId: string): void;
  /** A raw dispatch to every session (or those matching filter). */
  dispatch(t: string, d: unknown, filter?: (info: GatewaySessionInfo) => boolean): number;
  sessions(): GatewaySessionInfo[];
  /** Next gateway event: 'identify' | 'ready' (READY + initial GUILD_CREATEs sent) | 'resume' | 'resumed' | 'close'. */
  waitForGateway(
    event: GatewayEvent,
    opts?: { shardId?: number; timeoutMs?: number },
  ): Promise<GatewaySessionInfo>;
  /** Clears restCalls, gatewayOps, interactions and stored messages. */
  resetRecords(): void;
  close(): Promise<void>;
}
