import type {
  RESTPostAPIChatInputApplicationCommandsJSONBody,
  RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { Context } from './context.js';
import type {
  AutocompleteChoice,
  AutocompleteInput,
  CommandInput,
  CommandReply,
  ComponentAnswer,
  ComponentInput,
  ComponentReply,
  MessageReply,
  ModalInput,
  UpdateReply,
} from './interaction-types.js';
import type { PagedList } from './paging.js';

export type {
  AutocompleteChoice,
  AutocompleteInput,
  ChannelOption,
  CommandInput,
  CommandReply,
  ComponentAnswer,
  ComponentInput,
  ComponentReply,
  ContextMenuTarget,
  MessageComponents,
  MessageReply,
  ModalInput,
  ModalReply,
  OptionValue,
  ReplyFile,
  UpdateReply,
} from './interaction-types.js';

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
   * Whether the reply is private: the one statement of a command's privacy (replies do not restate
   * it); it also decides how a slow handler is deferred. A handler that answers with a modal must
   * do so without waiting on the service. Answers to a command's buttons, menus and forms are
   * private to whoever used them, except a button's declared `public` answer (a share).
   */
  ephemeral: (input: CommandInput) => boolean;
  execute(ctx: Context, input: CommandInput): Promise<CommandReply>;
  autocomplete?(ctx: Context, input: AutocompleteInput): Promise<AutocompleteChoice[]>;
  /** Keyed by the action segment of `<command>:<action>:...` custom ids. */
  components?: Readonly<Record<string, ComponentHandler>>;
  modals?: Readonly<Record<string, ModalHandler>>;
  /**
   * The custom ids the module's replies carry (`customIds` in src/components/custom-id.ts): the
   * loader refuses a module whose ids name another command or an action nothing answers.
   */
  ids?: Readonly<Record<string, { readonly family: string; readonly action: string }>>;
  /** Paged lists, keyed by list name; their Previous/Next buttons are routed by the pager. */
  lists?: Readonly<Record<string, PagedList<unknown>>>;
}

/** Identity helper that keeps a module's literal types while checking it against the shape. */
export function defineCommand<T extends CommandModule>(module: T): T {
  return module;
}
