/** Builds INTERACTION_CREATE payloads (slash, autocomplete, button, select, modal submit). */
import {
  type APIMessage,
  type APIUser,
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ButtonStyle,
  ChannelType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  MessageType,
  type UserFlags,
} from 'discord-api-types/v10';
import { memberPermissionsIn } from './channel-kinds.js';
import type { FakeState, RegisteredOption } from './state.js';

/** A user who triggers interactions. Missing fields come from the fake's default user. */
export interface FakeUserInput {
  id?: string;
  username?: string;
  globalName?: string | null;
  /** The user's client locale (interaction `locale`), e.g. 'ja' or 'en-US'. */
  locale?: string;
}

export const DEFAULT_TEST_USER: Required<FakeUserInput> = {
  id: '200000000000000001',
  username: 'tester',
  globalName: 'Tester',
  locale: 'en-US',
};

/** Where and by whom an interaction happens. */
export interface InteractionContextOptions {
  user?: FakeUserInput;
  /** Default: the first guild; null: a DM with the bot. */
  guildId?: string | null;
  /** Default: the guild's first text channel (or the DM channel). */
  channelId?: string;
  /** Interaction `locale`; default user.locale. */
  locale?: string;
  /** Interaction `guild_locale`; default the guild's preferred locale. */
  guildLocale?: string;
  /** member.permissions; default the guild's @everyone permissions. */
  permissions?: string | bigint;
  /** app_permissions; default the guild's @everyone permissions. */
  appPermissions?: string | bigint;
  /** member.roles; default []. */
  roles?: string[];
  /**
   * Who installed the app that receives the interaction (`authorizing_integration_owners`): 'guild'
   * (default; key 0), or 'user': the invoker's own account (key 1). With 'user', `guildId` may name a
   * server the bot is not in (no bot member, no GUILD_CREATE), as Discord sends for user-installed apps.
   */
  install?: 'guild' | 'user';
  /** Outside servers with install 'user': a DM or group DM between people (context 2), not one with the bot. */
  privateChannel?: 'dm' | 'group';
}

/** Discord's permissions for a user-installed app in a server it is not in (attach files, embed links, external emojis). */
const USER_APP_PERMISSIONS = String((1n << 15n) | (1n << 14n) | (1n << 18n));

export type OptionValue = string | number | boolean;

/** An option with an explicit type (3 string, 4 integer, 5 boolean, 6 user, 7 channel, 8 role, 10 number ...). */
export interface CommandOptionInput {
  name: string;
  type: ApplicationCommandOptionType;
  value: OptionValue;
}

export interface SlashOptions extends InteractionContextOptions {
  name: string;
  subcommandGroup?: string;
  subcommand?: string;
  /**
   * A record (types come from the registered command when the bot registered it, otherwise
   * string -> 3, boolean -> 5, number -> 10) or an array with explicit types.
   */
  options?: Record<string, OptionValue> | CommandOptionInput[];
}

/** A right-click command on a user or on a message. */
export interface ContextMenuOptions extends InteractionContextOptions {
  name: string;
  /** A user command's target, or a message command's message (its text, and its author). */
  target: { user: FakeUserInput } | { message: { content: string; author?: FakeUserInput } };
}

export interface AutocompleteOptions extends SlashOptions {
  /** Name of the focused option; its value (text typed so far) comes from `options` or is ''. */
  focused: string;
}

/** A message id stored in the fake, a message object, or something with an `original` (an InteractionResult). */
export type MessageRef = string | APIMessage | { readonly original: APIMessage | undefined };

export interface ButtonOptions extends InteractionContextOptions {
  customId: string;
  /** The message carrying the button; default a synthesized bot message with that button. */
  message?: MessageRef;
}

export interface SelectOptions extends InteractionContextOptions {
  customId: string;
  values: string[];
  message?: MessageRef;
  /** Default 3 (string select). */
  componentType?: ComponentType;
}

export interface ModalOptions extends InteractionContextOptions {
  customId: string;
  /** Text inputs (string) or select menus in labels (string[]). */
  fields: Record<string, string | string[]>;
  /** Default: same layout as the last modal with this custom_id the bot showed, else 'actionRow'. */
  layout?: 'actionRow' | 'label';
  /** Set when the modal was opened from a message component. */
  message?: MessageRef;
}

export interface BuiltInteraction {
  id: string;
  token: string;
  type: InteractionType;
  guildId: string | null;
  channelId: string;
  sourceMessageId: string | null;
  payload: Record<string, unknown>;
}

interface Context {
  guildId: string | null;
  channelId: string;
  channel: Record<string, unknown>;
  user: APIUser;
  base: Record<string, unknown>;
  permissions: string;
  roles: string[];
}

export class InteractionBuilder {
  #counter = 0;

  constructor(
    private readonly deps: {
      state: FakeState;
      applicationId: string;
      defaultUser: () => FakeUserInput;
      /** The data of the newest modal (type 9 callback) with this custom_id, if any. */
      findModal: (customId: string) => Record<string, unknown> | undefined;
    },
  ) {}

  slash(opts: SlashOptions): BuiltInteraction {
    return this.#command(InteractionType.ApplicationCommand, opts, null);
  }

  contextMenu(opts: ContextMenuOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const command = this.deps.state.findCommand(opts.name, ctx.guildId);
    const resolved: Record<string, unknown> = {};
    let targetId: string;
    let type: ApplicationCommandType;
    if ('user' in opts.target) {
      const target = apiUser({ ...DEFAULT_TEST_USER, ...opts.target.user });
      targetId = target.id;
      type = ApplicationCommandType.User;
      resolved.users = { [target.id]: target };
    } else {
      const author = apiUser({ ...DEFAULT_TEST_USER, ...opts.target.message.author });
      const message = {
        ...this.#message(undefined, ctx, null),
        content: opts.target.message.content,
        author,
      };
      targetId = message.id;
      type = ApplicationCommandType.Message;
      resolved.messages = { [message.id]: message };
    }
    return this.#finish(InteractionType.ApplicationCommand, ctx, null, {
      data: {
        id: command?.id ?? this.deps.state.ids.next(),
        name: opts.name,
        type,
        target_id: targetId,
        resolved,
        ...(command?.guild_id ? { guild_id: command.guild_id } : {}),
      },
    });
  }

  autocomplete(opts: AutocompleteOptions): BuiltInteraction {
    return this.#command(InteractionType.ApplicationCommandAutocomplete, opts, opts.focused);
  }

  button(opts: ButtonOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const message = this.#message(opts.message, ctx, {
      type: ComponentType.Button,
      style: ButtonStyle.Primary,
      label: opts.customId,
      custom_id: opts.customId,
    });
    return this.#finish(InteractionType.MessageComponent, ctx, message.id, {
      message,
      data: { custom_id: opts.customId, component_type: ComponentType.Button },
    });
  }

  select(opts: SelectOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const componentType = opts.componentType ?? ComponentType.StringSelect;
    const message = this.#message(opts.message, ctx, {
      type: componentType,
      custom_id: opts.customId,
      ...(componentType === ComponentType.StringSelect
        ? { options: opts.values.map((value) => ({ label: value, value })) }
        : {}),
    });
    return this.#finish(InteractionType.MessageComponent, ctx, message.id, {
      message,
      data: { custom_id: opts.customId, component_type: componentType, values: opts.values },
    });
  }

  modal(opts: ModalOptions): BuiltInteraction {
    const ctx = this.#context(opts);
    const shown = this.deps.findModal(opts.customId);
    const shownComponents = Array.isArray(shown?.components)
      ? (shown.components as Array<{ type?: unknown }>)
      : [];
    const layout =
      opts.layout ??
      (shownComponents[0]?.type === ComponentType.Label ? ('label' as const) : ('actionRow' as const));
    let componentId = 0;
    const components = Object.entries(opts.fields).map(([customId, value]) => {
      const inner = Array.isArray(value)
        ? { type: ComponentType.StringSelect, id: ++componentId, custom_id: customId, values: value }
        : { type: ComponentType.TextInput, id: ++componentId, custom_id: customId, value };
      return layout === 'label'
        ? { type: ComponentType.Label, id: ++componentId, component: inner }
        : { type: ComponentType.ActionRow, id: ++componentId, components: [inner] };
    });
    const message = opts.message ? this.#message(opts.message, ctx, null) : null;
    return this.#finish(InteractionType.ModalSubmit, ctx, message?.id ?? null, {
      ...(message ? { message } : {}),
      data: { custom_id: opts.customId, components },
    });
  }

  #command(type: InteractionType, opts: SlashOptions, focused: string | null): BuiltInteraction {
    const ctx = this.#context(opts);
    const command = this.deps.state.findCommand(opts.name, ctx.guildId);
    let level: RegisteredOption[] | undefined = command?.options;
    if (opts.subcommandGroup) level = level?.find((o) => o.name === opts.subcommandGroup)?.options;
    if (opts.subcommand) level = level?.find((o) => o.name === opts.subcommand)?.options;

    const inputs = normalizeOptions(opts.options ?? {}, level);
    if (focused !== null && !inputs.some((o) => o.name === focused)) {
      const type = level?.find((o) => o.name === focused)?.type ?? ApplicationCommandOptionType.String;
      inputs.push({ name: focused, type, value: '' });
    }
    const resolved: Record<string, Record<string, unknown>> = {};
    const leaves = inputs.map((input) => {
      if (focused === null) this.#resolve(input, ctx, resolved);
      return {
        name: input.name,
        type: input.type,
        value: input.value,
        ...(input.name === focused ? { focused: true } : {}),
      };
    });
    let options: unknown[] = leaves;
    if (opts.subcommand) {
      options = [{ name: opts.subcommand, type: ApplicationCommandOptionType.Subcommand, options }];
    }
    if (opts.subcommandGroup) {
      options = [{ name: opts.subcommandGroup, type: ApplicationCommandOptionType.SubcommandGroup, options }];
    }
    return this.#finish(type, ctx, null, {
      data: {
        id: command?.id ?? this.deps.state.ids.next(),
        name: opts.name,
        type: ApplicationCommandType.ChatInput,
        ...(command?.guild_id ? { guild_id: command.guild_id } : {}),
        ...(options.length > 0 ? { options } : {}),
        ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
      },
    });
  }

  #resolve(input: CommandOptionInput, ctx: Context, resolved: Record<string, Record<string, unknown>>): void {
    const id = String(input.value);
    const put = (key: string, value: unknown): void => {
      resolved[key] ??= {};
      (resolved[key] as Record<string, unknown>)[id] = value;
    };
    const state = this.deps.state;
    switch (input.type) {
      case ApplicationCommandOptionType.Channel: {
        // Discord resolves a channel option to a partial channel: no permission overwrites, but the
        // invoker's permissions in that channel (overwrites applied).
        const channel = state.channels.get(id);
        const source = channel?.parentId ? state.channels.get(channel.parentId) : channel;
        const permissions =
          channel?.guildId && ctx.guildId
            ? String(
                memberPermissionsIn(source?.permissionOverwrites ?? [], {
                  guildId: ctx.guildId,
                  memberId: ctx.user.id,
                  roleIds: ctx.roles,
                  base: BigInt(ctx.permissions),
                }),
              )
            : ctx.permissions;
        put('channels', {
          id,
          type: channel?.type ?? ChannelType.GuildText,
          name: channel?.name ?? `channel-${id}`,
          parent_id: channel?.parentId ?? null,
          permissions,
        });
        break;
      }
      case ApplicationCommandOptionType.User:
      case ApplicationCommandOptionType.Mentionable: {
        put('users', {
          id,
          username: `user-${id}`,
          discriminator: '0',
          global_name: null,
          avatar: null,
        });
        if (ctx.guildId) put('members', memberWithoutUser([], ctx.permissions));
        break;
      }
      case ApplicationCommandOptionType.Role: {
        const guild = ctx.guildId ? state.guilds.get(ctx.guildId) : undefined;
        const role = guild?.roles.find((r) => r.id === id);
        put(
          'roles',
          role ?? {
            id,
            name: `role-${id}`,
            color: 0,
            hoist: false,
            position: 1,
            permissions: '0',
            managed: false,
            mentionable: true,
            flags: 0,
          },
        );
        break;
      }
      case ApplicationCommandOptionType.Attachment:
        put('attachments', {
          id,
          filename: 'file.txt',
          size: 0,
          url: `https://cdn.discordapp.invalid/attachments/${id}/file.txt`,
          proxy_url: `https://media.discordapp.invalid/attachments/${id}/file.txt`,
        });
        break;
      default:
        break;
    }
  }

  /** Resolves a MessageRef; without one, synthesizes (and stores) a bot message carrying `component`. */
  #message(ref: MessageRef | undefined, ctx: Context, component: Record<string, unknown> | null): APIMessage {
    const state = this.deps.state;
    if (typeof ref === 'string') {
      const found = state.message(ref);
      if (!found) throw new Error(`fake discord: no stored message ${ref}`);
      return structuredClone(found);
    }
    if (ref && 'original' in ref) {
      if (!ref.original) throw new Error('fake discord: that interaction has no @original message yet');
      return structuredClone(ref.original);
    }
    if (ref) return structuredClone(ref);
    return state.createMessage(
      ctx.channelId,
      {
        content: '',
        components: component
          ? ([
              { type: ComponentType.ActionRow, components: [component] },
            ] as unknown as APIMessage['components'])
          : [],
      },
      { source: 'interaction', type: MessageType.Default },
    );
  }

  #context(opts: InteractionContextOptions): Context {
    const state = this.deps.state;
    const defaults = { ...DEFAULT_TEST_USER, ...this.deps.defaultUser() };
    const input = { ...defaults, ...opts.user };
    const user = apiUser(input);
    const locale = opts.locale ?? input.locale;
    const guildId = opts.guildId === undefined ? (state.guildIds[0] ?? null) : opts.guildId;
    const guild = guildId ? state.guilds.get(guildId) : undefined;
    if (guildId && !guild) {
      if (opts.install !== 'user') throw new Error(`fake discord: unknown guild ${guildId}`);
      return this.#foreignGuildContext(opts, user, guildId, locale);
    }
    const everyone = guild?.roles[0]?.permissions ?? '0';
    const permissions = String(opts.permissions ?? everyone);
    const appPermissions = String(opts.appPermissions ?? everyone);

    let channelId: string;
    let channel: Record<string, unknown>;
    if (guild) {
      channelId = opts.channelId ?? guild.channels[0]?.id ?? state.ids.next();
      const known = state.channels.get(channelId);
      channel = known
        ? { ...state.channelPayload(known), permissions: appPermissions }
        : {
            id: channelId,
            type: ChannelType.GuildText,
            name: 'unknown',
            guild_id: guildId,
            permissions: appPermissions,
          };
    } else if (opts.install === 'user' && opts.privateChannel) {
      // A conversation between people (not with the bot): Discord sends a partial channel.
      channelId = opts.channelId ?? state.ids.next();
      const type = opts.privateChannel === 'group' ? ChannelType.GroupDM : ChannelType.DM;
      channel = {
        id: channelId,
        type,
        recipients: [user],
        ...(type === ChannelType.GroupDM ? { name: null } : {}),
      };
    } else {
      const dm = opts.channelId ? state.channels.get(opts.channelId) : state.dmChannel(user);
      channelId = dm?.id ?? opts.channelId ?? state.ids.next();
      channel = dm ? state.channelPayload(dm) : { id: channelId, type: ChannelType.DM, recipients: [user] };
    }

    const base: Record<string, unknown> = {
      application_id: this.deps.applicationId,
      version: 1,
      channel,
      channel_id: channelId,
      locale,
      app_permissions: appPermissions,
      entitlements: [],
      attachment_size_limit: 8 * 1024 * 1024,
    };
    if (guild) {
      Object.assign(base, {
        guild_id: guild.id,
        guild: { id: guild.id, locale: opts.guildLocale ?? guild.preferredLocale, features: [] },
        guild_locale: opts.guildLocale ?? guild.preferredLocale,
        member: { ...memberWithoutUser(opts.roles ?? [], permissions), user },
        authorizing_integration_owners:
          opts.install === 'user' ? { '0': guild.id, '1': user.id } : { '0': guild.id },
        context: InteractionContextType.Guild,
      });
    } else {
      Object.assign(base, {
        user,
        authorizing_integration_owners: opts.install === 'user' ? { '1': user.id } : { '0': '0' },
        context: opts.privateChannel ? InteractionContextType.PrivateChannel : InteractionContextType.BotDM,
      });
    }
    return {
      guildId: guild?.id ?? null,
      channelId,
      channel,
      user,
      base,
      permissions,
      roles: opts.roles ?? [],
    };
  }

  /** A server the bot is not in, reached through the invoker's own install: no bot member, limited app permissions. */
  #foreignGuildContext(
    opts: InteractionContextOptions,
    user: APIUser,
    guildId: string,
    locale: string,
  ): Context {
    const channelId = opts.channelId ?? this.deps.state.ids.next();
    const appPermissions = String(opts.appPermissions ?? USER_APP_PERMISSIONS);
    const permissions = String(opts.permissions ?? DEFAULT_MEMBER_PERMISSIONS);
    const channel = {
      id: channelId,
      type: ChannelType.GuildText,
      name: 'elsewhere',
      guild_id: guildId,
      permissions: appPermissions,
    };
    const guildLocale = opts.guildLocale ?? 'en-US';
    const base: Record<string, unknown> = {
      application_id: this.deps.applicationId,
      version: 1,
      channel,
      channel_id: channelId,
      locale,
      app_permissions: appPermissions,
      entitlements: [],
      attachment_size_limit: 8 * 1024 * 1024,
      guild_id: guildId,
      guild: { id: guildId, locale: guildLocale, features: [] },
      guild_locale: guildLocale,
      member: { ...memberWithoutUser(opts.roles ?? [], permissions), user },
      authorizing_integration_owners: { '1': user.id },
      context: opts.privateChannel ? InteractionContextType.PrivateChannel : InteractionContextType.Guild,
    };
    return { guildId, channelId, channel, user, base, permissions, roles: opts.roles ?? [] };
  }

  #finish(
    type: InteractionType,
    ctx: Context,
    sourceMessageId: string | null,
    extra: Record<string, unknown>,
  ): BuiltInteraction {
    const id = this.deps.state.ids.next();
    this.#counter += 1;
    const token = `fake-interaction-token-${this.#counter}-${Math.random().toString(36).slice(2, 12)}`;
    return {
      id,
      token,
      type,
      guildId: ctx.guildId,
      channelId: ctx.channelId,
      sourceMessageId,
      payload: { id, token, type, ...ctx.base, ...extra },
    };
  }
}

/** View channel, send messages, read history, use application commands: an ordinary member. */
const DEFAULT_MEMBER_PERMISSIONS = String((1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 31n));

function apiUser(input: Required<FakeUserInput>): APIUser {
  return {
    id: input.id,
    username: input.username,
    discriminator: '0',
    global_name: input.globalName,
    avatar: null,
    public_flags: 0 as UserFlags,
  };
}

function memberWithoutUser(roles: string[], permissions: string): Record<string, unknown> {
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

function normalizeOptions(
  options: Record<string, OptionValue> | CommandOptionInput[],
  registered: RegisteredOption[] | undefined,
): CommandOptionInput[] {
  if (Array.isArray(options)) return options.map((o) => ({ ...o }));
  return Object.entries(options).map(([name, value]) => {
    const known = registered?.find((o) => o.name === name)?.type;
    return { name, type: known ?? inferType(value), value };
  });
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number') return ApplicationCommandOptionType.Number;
  return ApplicationCommandOptionType.String;
}
