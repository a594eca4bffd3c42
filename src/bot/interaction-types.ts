/**
 * What handlers receive and return, as plain data (no discord.js objects). Kept apart from the
 * command and context modules, which both need these and would otherwise import each other.
 */
import type {
  APIApplicationCommandOptionChoice,
  APIEmbed,
  APIModalInteractionResponseCallbackData,
} from 'discord-api-types/v10';
import type { MessageComponents } from '../components/message-components.js';

export type { MessageComponents };

/** A channel picked in a CHANNEL option, as Discord resolves it for the interaction. */
export interface ChannelOption {
  kind: 'channel';
  id: string;
  type: number;
  name: string | undefined;
  /** The invoker's permissions in that channel, as Discord sent them. */
  permissions: string | undefined;
}

export type OptionValue = string | number | boolean | ChannelOption;

/** What a right-click command was used on: a person, or a message (its text only). */
export type ContextMenuTarget =
  | { kind: 'user'; id: string; username: string; bot: boolean }
  | { kind: 'message'; id: string; content: string };

/** The parsed slash-command input handed to handlers: no discord.js objects. */
export interface CommandInput {
  subcommand: string | undefined;
  options: Readonly<Record<string, OptionValue>>;
  /** Set for context-menu commands (which have no options). */
  target?: ContextMenuTarget;
}

export interface AutocompleteInput extends CommandInput {
  focused: { name: string; value: string };
}

export interface ComponentInput {
  customId: string;
  /** The custom id's segments after the command prefix and the action name. */
  args: string[];
  /** Values picked in a select menu. */
  values: string[];
  /**
   * What kiroku may do where the component was pressed (Discord's `app_permissions`, a decimal
   * bitfield), for a handler that posts publicly; undefined when Discord did not say.
   */
  appPermissions?: string;
}

export interface ModalInput {
  customId: string;
  args: string[];
  fields: Readonly<Record<string, string>>;
}

/** A file sent with a message (a picture): its bytes, its name, and its text alternative. */
export interface ReplyFile {
  name: string;
  data: Buffer;
  /** The attachment's description (alt text, at most 1,024 characters). */
  description?: string;
}

export interface MessageReply {
  kind: 'message';
  content?: string;
  embeds?: APIEmbed[];
  components?: MessageComponents;
  files?: ReplyFile[];
}

export interface ModalReply {
  kind: 'modal';
  modal: APIModalInteractionResponseCallbackData;
}

/** Replaces the message the component sits on. */
export interface UpdateReply {
  kind: 'update';
  content?: string;
  embeds?: APIEmbed[];
  components?: MessageComponents;
}

export type CommandReply = MessageReply | ModalReply;
export type ComponentReply = MessageReply | ModalReply | UpdateReply;

export type AutocompleteChoice = APIApplicationCommandOptionChoice<string>;

/**
 * How a component answers, declared up front so that a slow handler can be deferred the right way
 * (deferUpdate for an update, an ephemeral deferReply for a new message, never for a modal).
 * `public` is a new message everyone in the channel sees (sharing something the presser was shown
 * privately): deferred publicly, and its failures still told to the presser alone.
 */
export type ComponentAnswer = 'update' | 'message' | 'modal' | 'public';
