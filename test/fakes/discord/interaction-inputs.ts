/** What tests pass to the fake's interaction helpers, and what the builder makes of them. */
import type {
  APIMessage,
  APIUser,
  ApplicationCommandOptionType,
  ComponentType,
  InteractionType,
} from 'discord-api-types/v10';

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

/** The resolved where-and-who of one interaction, and the payload fields that follow from it. */
export interface InteractionContext {
  guildId: string | null;
  channelId: string;
  channel: Record<string, unknown>;
  user: APIUser;
  base: Record<string, unknown>;
  permissions: string;
  roles: string[];
}
