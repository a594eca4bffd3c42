/** The handle tests drive the fake Discord with: records, state changes, interactions, gateway control. */
import type { ClientOptions } from 'discord.js';
import type {
  APIGuildScheduledEvent,
  APIMessage,
  APIOverwrite,
  APIUser,
  ChannelType,
} from 'discord-api-types/v10';
import type { ReceivedAttachment } from './attachments.js';
import { THREAD_TYPES } from './channel-kinds.js';
import type { FakeDiscord } from './fake-discord-api.js';
import type { FakePlaces, ScheduledEventChange } from './fake-discord-places.js';
import type { FakeGateway, GatewayEvent, GatewayOpRecord, GatewaySessionInfo } from './gateway.js';
import type { FakeUserInput } from './interaction-inputs.js';
import type { InteractionLog } from './interaction-log.js';
import { InteractionResult } from './interaction-result.js';
import {
  type AutocompleteOptions,
  type BuiltInteraction,
  type ButtonOptions,
  type ContextMenuOptions,
  InteractionBuilder,
  type ModalOptions,
  type SelectOptions,
  type SlashOptions,
} from './interactions.js';
import type { LocalServer } from './local-server.js';
import type { RecordedRestCall, RestFaults } from './rest-common.js';
import type { FakeState } from './state.js';
import type { FakeChannel, FakeGuild, RegisteredCommand } from './state-types.js';

/** What tests may change while the fake runs; the REST layer reads `shards` from here too. */
export interface FakeSettings {
  shards: number;
  interactionDeadlineMs: number;
  interactionTransitMs: number;
  defaultUser: FakeUserInput;
}

export interface HandleParts {
  applicationId: string;
  botToken: string;
  state: FakeState;
  gateway: FakeGateway;
  server: LocalServer;
  log: InteractionLog;
  settings: FakeSettings;
  restCalls: RecordedRestCall[];
  faults: RestFaults;
  /** What people do in Discord's own app: roles, scheduled events, threads. */
  places: FakePlaces;
}

export class FakeDiscordHandle implements FakeDiscord {
  readonly restUrl: string;
  readonly gatewayUrl: string;
  readonly applicationId: string;
  readonly botToken: string;
  readonly restCalls: RecordedRestCall[];
  readonly faults: RestFaults;
  readonly #parts: HandleParts;
  readonly #state: FakeState;
  readonly #gateway: FakeGateway;
  readonly #builder: InteractionBuilder;
  #closed = false;

  get connectionsOpened(): number {
    return this.#parts.server.connectionsOpened;
  }

  constructor(parts: HandleParts) {
    this.#parts = parts;
    this.#state = parts.state;
    this.#gateway = parts.gateway;
    this.restUrl = `http://127.0.0.1:${parts.server.port}/api`;
    this.gatewayUrl = `ws://127.0.0.1:${parts.server.port}`;
    this.applicationId = parts.applicationId;
    this.botToken = parts.botToken;
    this.restCalls = parts.restCalls;
    this.faults = parts.faults;
    this.#builder = new InteractionBuilder({
      state: parts.state,
      applicationId: parts.applicationId,
      defaultUser: () => parts.settings.defaultUser,
      findModal: (customId) => parts.log.findModal(customId),
    });
  }

  get botUser(): APIUser {
    return this.#state.botUser;
  }
  get guildIds(): string[] {
    return this.#state.guildIds;
  }
  get gatewayOps(): GatewayOpRecord[] {
    return this.#gateway.ops;
  }
  get interactions(): InteractionResult[] {
    return this.#parts.log.list;
  }
  get shards(): number {
    return this.#parts.settings.shards;
  }
  set shards(value: number) {
    this.#parts.settings.shards = value;
  }
  get interactionTransitMs(): number {
    return this.#parts.settings.interactionTransitMs;
  }
  set interactionTransitMs(value: number) {
    this.#parts.settings.interactionTransitMs = value;
  }

  get interactionDeadlineMs(): number {
    return this.#parts.settings.interactionDeadlineMs;
  }
  set interactionDeadlineMs(value: number) {
    this.#parts.settings.interactionDeadlineMs = value;
  }
  get defaultUser(): FakeUserInput {
    return this.#parts.settings.defaultUser;
  }
  set defaultUser(value: FakeUserInput) {
    this.#parts.settings.defaultUser = value;
  }

  clientOptions(): Pick<ClientOptions, 'rest' | 'ws'> {
    return {
      rest: { api: this.restUrl },
      ws: { buildIdentifyThrottler: () => ({ waitForIdentify: async () => {} }) },
    };
  }

  guild(guildId: string): FakeGuild | undefined {
    return this.#state.guilds.get(guildId);
  }

  channelIds(guildId?: string): string[] {
    const id = guildId ?? this.#state.guildIds[0];
    return (id ? this.#state.guilds.get(id)?.channels : undefined)?.map((c) => c.id) ?? [];
  }

  addChannel(guildId: string, input: { type: ChannelType; name?: string; parentId?: string }): string {
    const channel = this.#state.addChannel(guildId, input);
    const created = THREAD_TYPES.has(channel.type) ? 'THREAD_CREATE' : 'CHANNEL_CREATE';
    this.#gateway.dispatch(created, this.#state.channelPayload(channel));
    return channel.id;
  }

  setChannelOverwrites(channelId: string, overwrites: APIOverwrite[]): void {
    const channel = this.#state.channels.get(channelId);
    if (!channel?.guildId) throw new Error(`fake discord: no guild channel ${channelId}`);
    channel.permissionOverwrites = overwrites;
    this.#gateway.dispatch('CHANNEL_UPDATE', this.#state.channelPayload(channel));
  }

  registeredCommands(guildId?: string): RegisteredCommand[] {
    return guildId ? (this.#state.guildCommands.get(guildId) ?? []) : this.#state.globalCommands;
  }

  slash(opts: SlashOptions): Promise<InteractionResult> {
    return this.#dispatch(this.#builder.slash(opts));
  }
  autocomplete(opts: AutocompleteOptions): Promise<InteractionResult> {
    return this.#dispatch(this.#builder.autocomplete(opts));
  }
  contextMenu(opts: ContextMenuOptions): Promise<InteractionResult> {
    return this.#dispatch(this.#builder.contextMenu(opts));
  }
  button(opts: ButtonOptions): Promise<InteractionResult> {
    return this.#dispatch(this.#builder.button(opts));
  }
  select(opts: SelectOptions): Promise<InteractionResult> {
    return this.#dispatch(this.#builder.select(opts));
  }
  modal(opts: ModalOptions): Promise<InteractionResult> {
    return this.#dispatch(this.#builder.modal(opts));
  }

  channelMessages(channelId: string): APIMessage[] {
    return this.#state.channelMessages(channelId);
  }
  allChannelMessages(): APIMessage[] {
    return this.#state.allChannelMessages();
  }
  directMessages(userId: string): APIMessage[] {
    const channel = this.#state.existingDmChannel(userId);
    return channel ? this.#state.channelMessages(channel.id) : [];
  }
  message(messageId: string): APIMessage | undefined {
    return this.#state.message(messageId);
  }

  async waitForChannelMessages(channelId: string, count = 1, timeoutMs = 5000): Promise<APIMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.#state.channelMessages(channelId).length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `fake discord: channel ${channelId} has ${this.#state.channelMessages(channelId).length} of ${count} messages after ${timeoutMs} ms`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.#state.channelMessages(channelId);
  }

  attachments(messageId: string): ReceivedAttachment[] {
    return this.#state.files.received(messageId);
  }

  setBotPermissions(guildId: string, permissions: bigint | string): void {
    this.#parts.places.setBotPermissions(guildId, permissions);
  }
  channel(channelId: string): FakeChannel | undefined {
    return this.#state.channels.get(channelId);
  }
  threads(parentChannelId: string): FakeChannel[] {
    return this.#parts.places.threads(parentChannelId);
  }
  joinThread(threadId: string, userId: string): void {
    this.#parts.places.joinThread(threadId, userId);
  }
  archiveThread(threadId: string, opts?: { locked?: boolean }): void {
    this.#parts.places.archiveThread(threadId, opts);
  }
  scheduledEvents(guildId?: string): APIGuildScheduledEvent[] {
    return this.#state.scheduledEvents.list(guildId ?? this.#state.guildIds[0] ?? '');
  }
  updateScheduledEvent(
    guildId: string,
    eventId: string,
    change: ScheduledEventChange,
  ): APIGuildScheduledEvent {
    return this.#parts.places.updateScheduledEvent(guildId, eventId, change);
  }
  deleteScheduledEvent(guildId: string, eventId: string): boolean {
    return this.#parts.places.deleteScheduledEvent(guildId, eventId);
  }

  reconnect(shardId?: number): number {
    return this.#gateway.reconnect(shardId);
  }
  invalidateSession(shardId?: number, resumable?: boolean): number {
    return this.#gateway.invalidateSession(shardId, resumable);
  }
  dropConnection(shardId?: number): number {
    return this.#gateway.dropConnection(shardId);
  }

  addGuilds(n: number): string[] {
    const added = Array.from({ length: n }, () => this.#state.addGuild());
    this.#gateway.announceGuilds(added);
    return added.map((g) => g.id);
  }

  removeGuild(guildId: string): boolean {
    if (!this.#state.removeGuild(guildId)) return false;
    this.#gateway.dispatch('GUILD_DELETE', { id: guildId, unavailable: false });
    return true;
  }

  removeMember(guildId: string, userId: string): void {
    const guild = this.#state.guilds.get(guildId);
    if (!guild) throw new Error(`fake discord: unknown guild ${guildId}`);
    guild.departed.add(userId);
  }

  addMember(guildId: string, userId: string): void {
    this.#state.guilds.get(guildId)?.departed.delete(userId);
  }

  dispatch(t: string, d: unknown, filter?: (info: GatewaySessionInfo) => boolean): number {
    return this.#gateway.dispatch(t, d, filter);
  }
  sessions(): GatewaySessionInfo[] {
    return this.#gateway.sessions();
  }
  waitForGateway(
    event: GatewayEvent,
    opts?: { shardId?: number; timeoutMs?: number },
  ): Promise<GatewaySessionInfo> {
    return this.#gateway.waitFor(event, opts);
  }

  resetRecords(): void {
    this.restCalls.length = 0;
    this.#gateway.ops.length = 0;
    this.#parts.log.clear();
    this.#state.clearMessages();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#gateway.close();
    await this.#parts.server.close();
  }

  /** Records the interaction and sends INTERACTION_CREATE to the session of its guild (or any, for a DM). */
  async #dispatch(built: BuiltInteraction): Promise<InteractionResult> {
    const result = new InteractionResult(built.id, built.token, built.type, built.payload, {
      state: this.#state,
      channelId: built.channelId,
      sourceMessageId: built.sourceMessageId,
      deadlineMs: this.#parts.settings.interactionDeadlineMs,
    });
    this.#parts.log.add(result);
    // The interaction exists (its id and Discord's window date from now) before the bot receives it.
    const transitMs = this.#parts.settings.interactionTransitMs;
    if (transitMs > 0) await new Promise((resolve) => setTimeout(resolve, transitMs));
    if (!this.#gateway.dispatchToGuild(built.guildId, 'INTERACTION_CREATE', built.payload)) {
      throw new Error(
        `fake discord: no gateway session for guild ${built.guildId ?? '(DM)'}; is the client logged in?`,
      );
    }
    return result;
  }
}
