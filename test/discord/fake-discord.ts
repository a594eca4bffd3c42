/** A local fake Discord (gateway + REST on one 127.0.0.1 port) that a real discord.js Client logs into. */
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ClientOptions } from 'discord.js';
import {
  type APIMessage,
  type APIOverwrite,
  type APIUser,
  type ChannelType,
  InteractionResponseType,
} from 'discord-api-types/v10';
import { THREAD_TYPES } from './channel-kinds.js';
import { FakeGateway, type GatewayEvent, type GatewayOpRecord, type GatewaySessionInfo } from './gateway.js';
import { InteractionResult } from './interaction-result.js';
import {
  type AutocompleteOptions,
  type BuiltInteraction,
  type ButtonOptions,
  type ContextMenuOptions,
  type FakeUserInput,
  InteractionBuilder,
  type ModalOptions,
  type SelectOptions,
  type SlashOptions,
} from './interactions.js';
import { createRestHandler, type RecordedRestCall, type RestFaults } from './rest.js';
import { DEFAULT_EVERYONE_PERMISSIONS, type FakeGuild, FakeState, type RegisteredCommand } from './state.js';

export type { GatewayEvent, GatewayOpRecord, GatewaySessionInfo } from './gateway.js';
export {
  customIds,
  type InteractionEvent,
  type InteractionReply,
  InteractionResult,
} from './interaction-result.js';
export type {
  AutocompleteOptions,
  ButtonOptions,
  CommandOptionInput,
  ContextMenuOptions,
  FakeUserInput,
  InteractionContextOptions,
  MessageRef,
  ModalOptions,
  OptionValue,
  SelectOptions,
  SlashOptions,
} from './interactions.js';
export { DEFAULT_TEST_USER } from './interactions.js';
export type { RateLimitFault, RecordedRestCall, RestFaults, ServerErrorFault } from './rest.js';
export { shardOf } from './snowflake.js';
export type { FakeChannel, FakeGuild, RecordedFile, RegisteredCommand } from './state.js';

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
  /** Ops received from clients (heartbeats included). */
  readonly gatewayOps: GatewayOpRecord[];
  readonly faults: RestFaults;
  /** Every dispatched interaction, in order. */
  readonly interactions: InteractionResult[];
  /** Mutable recommended shard count returned by GET /gateway/bot. */
  shards: number;
  /** Mutable deadline for interaction callbacks (0 disables). */
  interactionDeadlineMs: number;
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

export async function startFakeDiscord(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
  const applicationId = opts.applicationId ?? '900000000000000001';
  const botToken = opts.botToken ?? 'fake-bot-token';
  const state = new FakeState({
    applicationId,
    botUsername: opts.botUsername ?? 'kiroku',
    channelsPerGuild: opts.channelsPerGuild ?? 2,
    everyonePermissions: String(opts.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS),
  });
  for (let i = 0; i < (opts.guilds ?? 1); i++) state.addGuild();

  const interactions: InteractionResult[] = [];
  const byId = new Map<string, InteractionResult>();
  const byToken = new Map<string, InteractionResult>();
  const restCalls: RecordedRestCall[] = [];
  const faults: RestFaults = { serverErrors: null, rateLimit: null, channelStatus: new Map(), latencyMs: 0 };
  let port = 0;
  const gatewayUrl = (): string => `ws://127.0.0.1:${port}`;

  const gateway = new FakeGateway({
    state,
    botToken,
    applicationId,
    applicationFlags: 0,
    heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250,
    guildChunkSize: opts.guildChunkSize ?? 500,
    historyLimit: opts.historyLimit ?? 50_000,
    url: gatewayUrl,
  });

  const fake = {
    shards: opts.shards ?? 1,
    interactionDeadlineMs: opts.interactionDeadlineMs ?? 3000,
    defaultUser: {} as FakeUserInput,
  };

  const builder = new InteractionBuilder({
    state,
    applicationId,
    defaultUser: () => fake.defaultUser,
    findModal: (customId) => {
      for (let i = interactions.length - 1; i >= 0; i--) {
        const modal = interactions[i]?.callbacks.find(
          (c) => c.type === InteractionResponseType.Modal && c.data.custom_id === customId,
        );
        if (modal) return modal.data;
      }
      return undefined;
    },
  });

  const restHandler = createRestHandler({
    state,
    botToken,
    applicationId,
    gatewayUrl,
    shards: () => fake.shards,
    maxConcurrency: opts.maxConcurrency ?? 16,
    faults,
    calls: restCalls,
    interactionById: (id) => byId.get(id),
    interactionByToken: (token) => byToken.get(token),
  });

  const sockets = new Set<Socket>();
  const server = createServer(restHandler);
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;

  const dispatch = async (built: BuiltInteraction): Promise<InteractionResult> => {
    const result = new InteractionResult(built.id, built.token, built.type, built.payload, {
      state,
      channelId: built.channelId,
      sourceMessageId: built.sourceMessageId,
      deadlineMs: fake.interactionDeadlineMs,
    });
    interactions.push(result);
    byId.set(result.id, result);
    byToken.set(result.token, result);
    if (!gateway.dispatchToGuild(built.guildId, 'INTERACTION_CREATE', built.payload)) {
      throw new Error(
        `fake discord: no gateway session for guild ${built.guildId ?? '(DM)'}; is the client logged in?`,
      );
    }
    return result;
  };

  let closed = false;
  const api: FakeDiscord = {
    restUrl: `http://127.0.0.1:${port}/api`,
    gatewayUrl: gatewayUrl(),
    applicationId,
    botToken,
    botUser: state.botUser,
    get guildIds() {
      return state.guildIds;
    },
    restCalls,
    gatewayOps: gateway.ops,
    faults,
    interactions,
    get shards() {
      return fake.shards;
    },
    set shards(value: number) {
      fake.shards = value;
    },
    get interactionDeadlineMs() {
      return fake.interactionDeadlineMs;
    },
    set interactionDeadlineMs(value: number) {
      fake.interactionDeadlineMs = value;
    },
    get defaultUser() {
      return fake.defaultUser;
    },
    set defaultUser(value: FakeUserInput) {
      fake.defaultUser = value;
    },

    clientOptions() {
      return {
        rest: { api: `http://127.0.0.1:${port}/api` },
        ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) },
      };
    },
    guild: (guildId) => state.guilds.get(guildId),
    channelIds(guildId) {
      const id = guildId ?? state.guildIds[0];
      return (id ? state.guilds.get(id)?.channels : undefined)?.map((c) => c.id) ?? [];
    },
    addChannel(guildId, input) {
      const channel = state.addChannel(guildId, input);
      const created = THREAD_TYPES.has(channel.type) ? 'THREAD_CREATE' : 'CHANNEL_CREATE';
      gateway.dispatch(created, state.channelPayload(channel));
      return channel.id;
    },
    setChannelOverwrites(channelId, overwrites) {
      const channel = state.channels.get(channelId);
      if (!channel?.guildId) throw new Error(`fake discord: no guild channel ${channelId}`);
      channel.permissionOverwrites = overwrites;
      gateway.dispatch('CHANNEL_UPDATE', state.channelPayload(channel));
    },
    registeredCommands: (guildId) =>
      guildId ? (state.guildCommands.get(guildId) ?? []) : state.globalCommands,

    slash: (o) => dispatch(builder.slash(o)),
    autocomplete: (o) => dispatch(builder.autocomplete(o)),
    contextMenu: (o) => dispatch(builder.contextMenu(o)),
    button: (o) => dispatch(builder.button(o)),
    select: (o) => dispatch(builder.select(o)),
    modal: (o) => dispatch(builder.modal(o)),

    channelMessages: (channelId) => state.channelMessages(channelId),
    allChannelMessages: () => state.allChannelMessages(),
    directMessages: (userId) => {
      const channel = state.existingDmChannel(userId);
      return channel ? state.channelMessages(channel.id) : [];
    },
    message: (messageId) => state.message(messageId),
    async waitForChannelMessages(channelId, count = 1, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (state.channelMessages(channelId).length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `fake discord: channel ${channelId} has ${state.channelMessages(channelId).length} of ${count} messages after ${timeoutMs} ms`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return state.channelMessages(channelId);
    },

    reconnect: (shardId) => gateway.reconnect(shardId),
    invalidateSession: (shardId, resumable) => gateway.invalidateSession(shardId, resumable),
    dropConnection: (shardId) => gateway.dropConnection(shardId),
    addGuilds(n) {
      const added = Array.from({ length: n }, () => state.addGuild());
      gateway.announceGuilds(added);
      return added.map((g) => g.id);
    },
    removeGuild(guildId) {
      if (!state.removeGuild(guildId)) return false;
      gateway.dispatch('GUILD_DELETE', { id: guildId, unavailable: false });
      return true;
    },
    removeMember(guildId, userId) {
      const guild = state.guilds.get(guildId);
      if (!guild) throw new Error(`fake discord: unknown guild ${guildId}`);
      guild.departed.add(userId);
    },
    addMember(guildId, userId) {
      state.guilds.get(guildId)?.departed.delete(userId);
    },
    dispatch: (t, d, filter) => gateway.dispatch(t, d, filter),
    sessions: () => gateway.sessions(),
    waitForGateway: (event, o) => gateway.waitFor(event, o),
    resetRecords() {
      restCalls.length = 0;
      gateway.ops.length = 0;
      interactions.length = 0;
      byId.clear();
      byToken.clear();
      state.clearMessages();
    },
    async close() {
      if (closed) return;
      closed = true;
      await gateway.close();
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return api;
}
