/** In-memory Discord state of the fake: bot user, guilds, channels, messages, registered commands. */
import {
  type APIEmbed,
  type APIGuildMember,
  type APIMessage,
  type APIUser,
  ChannelType,
  type GuildMemberFlags,
  MessageType,
  PermissionFlagsBits,
} from 'discord-api-types/v10';
import { MessageFiles } from './attachments.js';
import { THREAD_TYPES } from './channel-kinds.js';
import { ScheduledEvents } from './scheduled-events.js';
import { guildSnowflake, SnowflakeGenerator } from './snowflake.js';
import { channelPayload, everyoneRole, guildCreatePayload, guildPayload } from './state-payloads.js';
import type {
  FakeChannel,
  FakeGuild,
  MessageBody,
  MessageSource,
  RecordedFile,
  RegisteredCommand,
  StateOptions,
} from './state-types.js';
import { NONCE_WINDOW_MS } from './state-types.js';

export {
  DEFAULT_EVERYONE_PERMISSIONS,
  type FakeChannel,
  type FakeGuild,
  type MessageBody,
  type MessageSource,
  NONCE_WINDOW_MS,
  type RecordedFile,
  type RegisteredCommand,
  type RegisteredOption,
  type StateOptions,
} from './state-types.js';

export class FakeState {
  readonly ids = new SnowflakeGenerator();
  readonly botUser: APIUser;
  readonly guilds = new Map<string, FakeGuild>();
  readonly channels = new Map<string, FakeChannel>();
  readonly globalCommands: RegisteredCommand[] = [];
  readonly guildCommands = new Map<string, RegisteredCommand[]>();
  /** The files attached to messages, with their bytes. */
  readonly files = new MessageFiles(this.ids);
  /** Guild scheduled events, by guild. */
  readonly scheduledEvents = new ScheduledEvents();
  readonly #messages = new Map<string, { message: APIMessage; source: MessageSource }>();
  readonly #channelMessages = new Map<string, APIMessage[]>();
  readonly #dmChannels = new Map<string, FakeChannel>();
  #guildCounter = 0;

  constructor(readonly options: StateOptions) {
    this.botUser = {
      id: options.applicationId,
      username: options.botUsername,
      discriminator: '0',
      global_name: null,
      avatar: null,
      bot: true,
    };
  }

  get guildIds(): string[] {
    return [...this.guilds.keys()];
  }

  addGuild(): FakeGuild {
    const index = this.#guildCounter++;
    const id = guildSnowflake(index);
    const guild: FakeGuild = {
      id,
      name: `Guild ${index + 1}`,
      ownerId: '100000000000000001',
      joinedAt: new Date().toISOString(),
      preferredLocale: 'en-US',
      roles: [everyoneRole(id, this.options.everyonePermissions)],
      channels: [],
      departed: new Set(),
    };
    for (let i = 0; i < this.options.channelsPerGuild; i++) {
      const channel: FakeChannel = {
        id: this.ids.next(),
        guildId: id,
        name: i === 0 ? 'general' : `channel-${i + 1}`,
        type: ChannelType.GuildText,
        position: i,
      };
      guild.channels.push(channel);
      this.channels.set(channel.id, channel);
    }
    this.guilds.set(id, guild);
    return guild;
  }

  /** Adds a guild channel of any type (a thread needs `parentId`). */
  addChannel(guildId: string, input: { type: ChannelType; name?: string; parentId?: string }): FakeChannel {
    const guild = this.guilds.get(guildId);
    if (!guild) throw new Error(`fake discord: unknown guild ${guildId}`);
    if (THREAD_TYPES.has(input.type) && !this.channels.has(input.parentId ?? ''))
      throw new Error('fake discord: a thread needs the id of an existing parent channel');
    const channel: FakeChannel = {
      id: this.ids.next(),
      guildId,
      name: input.name ?? `channel-${guild.channels.length + 1}`,
      type: input.type,
      position: guild.channels.length,
      ...(input.parentId ? { parentId: input.parentId } : {}),
    };
    guild.channels.push(channel);
    this.channels.set(channel.id, channel);
    return channel;
  }

  removeGuild(guildId: string): boolean {
    const guild = this.guilds.get(guildId);
    if (!guild) return false;
    for (const channel of guild.channels) this.channels.delete(channel.id);
    this.scheduledEvents.clear(guildId);
    this.guilds.delete(guildId);
    return true;
  }

  /** The DM channel between the bot and a user (created on first use). */
  dmChannel(recipient: APIUser): FakeChannel {
    const existing = this.#dmChannels.get(recipient.id);
    if (existing) return existing;
    const channel: FakeChannel = {
      id: this.ids.next(),
      guildId: null,
      name: '',
      type: ChannelType.DM,
      position: 0,
      recipient,
    };
    this.#dmChannels.set(recipient.id, channel);
    this.channels.set(channel.id, channel);
    return channel;
  }

  /** The DM channel with a user, if the bot opened one. */
  existingDmChannel(userId: string): FakeChannel | undefined {
    return this.#dmChannels.get(userId);
  }

  botMember(guild: FakeGuild): APIGuildMember {
    return {
      user: this.botUser,
      nick: null,
      avatar: null,
      roles: guild.botRoleId ? [guild.botRoleId] : [],
      joined_at: guild.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
    };
  }

  /** A member as in GET /guilds/{guild}/members/{user}, or undefined when the user is not one. */
  member(guild: FakeGuild, userId: string): APIGuildMember | undefined {
    if (userId === this.botUser.id) return this.botMember(guild);
    if (guild.departed.has(userId)) return undefined;
    return {
      ...this.botMember(guild),
      roles: [],
      user: { id: userId, username: `user-${userId}`, discriminator: '0', global_name: null, avatar: null },
    };
  }

  /**
   * Whether the bot may view a guild channel, as far as the fake models it: an overwrite denying
   * View Channel to @everyone or to the bot hides it (the bot's only role is @everyone).
   */
  botCanView(channel: FakeChannel): boolean {
    const viewChannel = PermissionFlagsBits.ViewChannel;
    return !(channel.permissionOverwrites ?? []).some(
      (overwrite) =>
        (overwrite.id === channel.guildId || overwrite.id === this.botUser.id) &&
        (BigInt(overwrite.deny) & viewChannel) !== 0n,
    );
  }

  /** Channel object as in GET /channels/{id} (withGuildId) or inside GUILD_CREATE (without). */
  channelPayload(channel: FakeChannel, withGuildId = true): Record<string, unknown> {
    return channelPayload(channel, withGuildId);
  }

  /** Guild object as in GET /guilds/{id}. */
  guildPayload(guild: FakeGuild): Record<string, unknown> {
    return guildPayload(guild);
  }

  /** GUILD_CREATE dispatch data: small but complete enough for discord.js. */
  guildCreatePayload(guild: FakeGuild): Record<string, unknown> {
    return {
      ...guildCreatePayload(guild, this.botMember(guild)),
      guild_scheduled_events: this.scheduledEvents
        .list(guild.id)
        .map(({ user_count: _count, ...event }) => event),
      threads: [...this.channels.values()]
        .filter((channel) => channel.guildId === guild.id && channel.thread && !channel.thread.archived)
        .map((channel) => this.channelPayload(channel)),
    };
  }

  /** Creates and stores a message; `channel` messages are listed by channelMessages(). */
  createMessage(
    channelId: string,
    body: MessageBody,
    opts: {
      source: MessageSource;
      author?: APIUser;
      webhookId?: string;
      type?: MessageType;
      files?: RecordedFile[];
      extra?: Partial<APIMessage>;
    },
  ): APIMessage {
    const id = this.ids.next();
    const channel = this.channels.get(channelId);
    const files = this.files.apply(id, body, opts.files ?? [], false);
    const message: APIMessage = {
      id,
      channel_id: channelId,
      author: opts.author ?? this.botUser,
      content: body.content ?? '',
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: body.tts ?? false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: files.attachments,
      embeds: normalizeEmbeds(files.embeds ?? body.embeds),
      components: body.components ?? [],
      pinned: false,
      type: opts.type ?? MessageType.Default,
      flags: body.flags ?? 0,
      ...(channel?.guildId ? { guild_id: channel.guildId } : {}),
      ...(body.nonce !== undefined ? { nonce: body.nonce } : {}),
      ...(opts.webhookId ? { webhook_id: opts.webhookId, application_id: this.options.applicationId } : {}),
      ...opts.extra,
    } as APIMessage;
    this.#messages.set(id, { message, source: opts.source });
    if (opts.source === 'channel') {
      let list = this.#channelMessages.get(channelId);
      if (!list) {
        list = [];
        this.#channelMessages.set(channelId, list);
      }
      list.push(message);
    }
    return message;
  }

  /** Applies an edit body in place (the same object stays in channelMessages). */
  editMessage(messageId: string, body: MessageBody, files: RecordedFile[] = []): APIMessage | undefined {
    const stored = this.#messages.get(messageId);
    if (!stored) return undefined;
    const { message } = stored;
    if (body.content !== undefined) message.content = body.content ?? '';
    if (body.embeds !== undefined) message.embeds = normalizeEmbeds(body.embeds);
    if (body.components !== undefined) message.components = body.components ?? [];
    if (body.flags !== undefined && body.flags !== null) message.flags = body.flags;
    if (body.attachments !== undefined || files.length > 0 || body.embeds) {
      const applied = this.files.apply(messageId, body, files, true);
      message.attachments = applied.attachments;
      if (applied.embeds) message.embeds = normalizeEmbeds(applied.embeds);
    }
    message.edited_timestamp = new Date().toISOString();
    return message;
  }

  deleteMessage(messageId: string): boolean {
    const stored = this.#messages.get(messageId);
    if (!stored) return false;
    this.#messages.delete(messageId);
    this.files.forget(messageId);
    const list = this.#channelMessages.get(stored.message.channel_id);
    if (list) {
      const index = list.indexOf(stored.message);
      if (index >= 0) list.splice(index, 1);
    }
    return true;
  }

  message(messageId: string): APIMessage | undefined {
    return this.#messages.get(messageId)?.message;
  }

  /** Messages sent with POST /channels/{id}/messages (not interaction replies), oldest first. */
  channelMessages(channelId: string): APIMessage[] {
    return this.#channelMessages.get(channelId) ?? [];
  }

  /**
   * A recent channel message of `authorId` with this nonce (enforce_nonce). Discord compares nonces
   * as given, within a few minutes.
   */
  messageByNonce(
    channelId: string,
    authorId: string,
    nonce: string | number,
    nowMs = Date.now(),
  ): APIMessage | undefined {
    return this.channelMessages(channelId).find(
      (message) =>
        message.nonce !== undefined &&
        String(message.nonce) === String(nonce) &&
        message.author.id === authorId &&
        nowMs - Date.parse(message.timestamp) <= NONCE_WINDOW_MS,
    );
  }

  /** Every channel message of every channel, oldest first per channel. */
  allChannelMessages(): APIMessage[] {
    return [...this.#channelMessages.values()].flat();
  }

  clearMessages(): void {
    this.#messages.clear();
    this.#channelMessages.clear();
    this.files.clear();
  }

  registerCommands(body: unknown[], guildId?: string): RegisteredCommand[] {
    const existing = guildId ? (this.guildCommands.get(guildId) ?? []) : this.globalCommands;
    const registered = body.map((raw) => this.#toRegistered(raw, existing, guildId));
    if (guildId) {
      this.guildCommands.set(guildId, registered);
    } else {
      this.globalCommands.splice(0, this.globalCommands.length, ...registered);
    }
    return registered;
  }

  upsertCommand(raw: unknown, guildId?: string): RegisteredCommand {
    const list = guildId ? (this.guildCommands.get(guildId) ?? []) : this.globalCommands;
    const command = this.#toRegistered(raw, list, guildId);
    const index = list.findIndex((c) => c.name === command.name && c.type === command.type);
    if (index >= 0) list[index] = command;
    else list.push(command);
    if (guildId) this.guildCommands.set(guildId, list);
    return command;
  }

  /** A registered command by name: guild commands first, then global ones. */
  findCommand(name: string, guildId?: string | null): RegisteredCommand | undefined {
    const inGuild = guildId ? this.guildCommands.get(guildId)?.find((c) => c.name === name) : undefined;
    return inGuild ?? this.globalCommands.find((c) => c.name === name);
  }

  #toRegistered(raw: unknown, existing: RegisteredCommand[], guildId?: string): RegisteredCommand {
    const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
    const name = typeof body.name === 'string' ? body.name : '';
    const type = typeof body.type === 'number' ? body.type : 1;
    const previous = existing.find((c) => c.name === name && c.type === type);
    return {
      default_member_permissions: null,
      dm_permission: true,
      nsfw: false,
      ...body,
      id: previous?.id ?? this.ids.next(),
      application_id: this.options.applicationId,
      ...(guildId ? { guild_id: guildId } : {}),
      name,
      type,
      description: typeof body.description === 'string' ? body.description : '',
      version: this.ids.next(),
    };
  }
}

function normalizeEmbeds(embeds: APIEmbed[] | null | undefined): APIEmbed[] {
  return (embeds ?? []).map((embed) => ({ type: 'rich' as APIEmbed['type'], ...embed }));
}
