import type {
  APIActionRowComponent,
  APIApplicationCommandOptionChoice,
  APIComponentInMessageActionRow,
  APIEmbed,
  APIModalInteractionResponseCallbackData,
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { Context } from './context.js';
import type { PagedList } from './paging.js';

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
}

export interface ModalInput {
  customId: string;
  args: string[];
  fields: Readonly<Record<string, string>>;
}

export type MessageComponents = APIActionRowComponent<APIComponentInMessageActionRow>[];

export interface MessageReply {
  kind: 'message';
  content?: string;
  embeds?: APIEmbed[];
  components?: MessageComponents;
  ephemeral?: boolean;
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
 */
export type ComponentAnswer = 'update' | 'message' | 'modal';

export interface ComponentHandler {
  answers: ComponentAnswer;
  handle(ctx: Context, input: ComponentInput): Promise<ComponentReply>;
}

export interface ModalHandler {
  handle(ctx: Context, input: ModalInput): Promise<MessageReply | UpdateReply>;
}

export interface CommandModule {
  /** Registered JSON, with ja localizations: a slash command, or a user or message context-menu command. */
  definition:
    | RESTPostAPIChatInputApplicationCommandsJSONBody
    | RESTPostAPIContextMenuApplicationCommandsJSONBody;
  /**
   * Whether the reply is private; decides how a slow handler is deferred. A handler that answers
   * with a modal must do so without waiting on the service.
   */
  ephemeral: (input: CommandInput) => boolean;
  execute(ctx: Context, input: CommandInput): Promise<CommandReply>;
  autocomplete?(ctx: Context, input: AutocompleteInput): Promise<AutocompleteChoice[]>;
  /** Keyed by the action segment of `<command>:<action>:...` custom ids. */
  components?: Readonly<Record<string, ComponentHandler>>;
  modals?: Readonly<Record<string, ModalHandler>>;
  /** Paged lists, keyed by list name; their Previous/Next buttons are routed by the pager. */
  lists?: Readonly<Record<string, PagedList<unknown>>>;
}

/** Identity helper that keeps a module's literal types while checking it against the shape. */
export function defineCommand<T extends CommandModule>(module: T): T {
  return module;
}

/** Joins custom id segments; Discord allows 100 characters. */
export function customId(...segments: Array<string | number>): string {
  const id = segments.join(':');
  if (id.length > 100) throw new Error(`custom id too long (${id.length} characters)`);
  return id;
}
