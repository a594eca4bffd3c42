import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandOption,
  ApplicationCommandOptionType,
  type ApplicationCommandType,
  ApplicationIntegrationType,
  InteractionContextType,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
  type RESTPostAPIContextMenuApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { CommandName, ContextMenuName } from '../components/command-names.js';
import { en } from '../i18n/messages/en.js';
import { ja } from '../i18n/messages/ja.js';
import type { StatusKind } from '../service/index.js';
import { POSTABLE_CHANNEL_TYPES } from './channel-access.js';
import type { ChannelOption } from './interaction-types.js';

/** An English text and its Japanese localization. */
export interface Text {
  en: string;
  ja: string;
}

/**
 * Name and description: the English name for every reader, the description in both languages.
 * Slash commands and their options keep their English names in Japanese too (docs/commands.md,
 * "Command names in Japanese"): a clickable mention always shows a command's default name, so a
 * localized name would make the picker and every reply name the same command differently. The
 * Japanese name each definition still states (`_jaName`) is not registered.
 */
function naming(name: string, _jaName: string, description: Text) {
  return {
    name,
    description: description.en,
    description_localizations: { ja: description.ja },
  };
}

/**
 * Personal commands: installable to a server and to a user's own account, usable in servers, in DMs
 * with kiroku and in private channels (group DMs) wherever the user has kiroku installed.
 */
export const ANYWHERE = {
  integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
  contexts: [
    InteractionContextType.Guild,
    InteractionContextType.BotDM,
    InteractionContextType.PrivateChannel,
  ],
};

/** Server commands: only with kiroku installed in the server, only inside it. */
export const SERVER_ONLY = {
  integration_types: [ApplicationIntegrationType.GuildInstall],
  contexts: [InteractionContextType.Guild],
};

/**
 * A slash command, named as in the command registry (src/components/command-names.ts); personal
 * (ANYWHERE) unless `extra` says otherwise (e.g. SERVER_ONLY).
 */
export function slashCommand(
  name: CommandName,
  jaName: string,
  description: Text,
  options: readonly APIApplicationCommandOption[] = [],
  extra: Partial<RESTPostAPIChatInputApplicationCommandsJSONBody> = {},
): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return { ...naming(name, jaName, description), options: [...options], ...ANYWHERE, ...extra };
}

/** A right-click command on a user or a message: a name (with its ja localization) and no description. */
export function contextMenuCommand(
  type: ApplicationCommandType.User | ApplicationCommandType.Message,
  name: ContextMenuName,
  jaName: string,
): RESTPostAPIContextMenuApplicationCommandsJSONBody {
  return { type, name, name_localizations: { ja: jaName }, ...ANYWHERE };
}

export function subcommand(
  name: string,
  jaName: string,
  description: Text,
  options: readonly APIApplicationCommandBasicOption[] = [],
): APIApplicationCommandSubcommandOption {
  return {
    type: ApplicationCommandOptionType.Subcommand,
    ...naming(name, jaName, description),
    options: [...options],
  };
}

interface OptionExtras<R extends boolean = boolean, C extends string = string> {
  required?: R;
  autocomplete?: boolean;
  choices?: ReadonlyArray<{ value: C; name: Text }>;
  maxLength?: number;
  min?: number;
  max?: number;
}

/** Type-only: the value a handler receives for an option (never present at run time). */
declare const VALUE: unique symbol;

/**
 * What the option builders return: the registered JSON, typed with the option's literal name, whether
 * it is required and the value it gives, so that `readOptions` (options.ts) can type a handler's
 * options from the definition alone.
 */
export type TypedOption<
  N extends string = string,
  R extends boolean = boolean,
  V = unknown,
> = APIApplicationCommandBasicOption & { name: N; required: R; readonly [VALUE]?: V };

/** The handler's value type of a typed option. */
export type ValueOf<O> = O extends { readonly [VALUE]?: infer V } ? V : never;

export function stringOption<
  const N extends string,
  const C extends string = string,
  R extends boolean = false,
>(name: N, jaName: string, description: Text, extras: OptionExtras<R, C> = {}): TypedOption<N, R, C> {
  const base = {
    type: ApplicationCommandOptionType.String as const,
    ...naming(name, jaName, description),
    required: extras.required ?? false,
    ...(extras.maxLength ? { max_length: extras.maxLength } : {}),
  };
  if (extras.choices) {
    return {
      ...base,
      choices: extras.choices.map((c) => ({
        name: c.name.en,
        name_localizations: { ja: c.name.ja },
        value: c.value,
      })),
    } satisfies APIApplicationCommandBasicOption as TypedOption<N, R, C>;
  }
  return {
    ...base,
    autocomplete: extras.autocomplete ?? false,
  } satisfies APIApplicationCommandBasicOption as TypedOption<N, R, C>;
}

/** A whole-number or decimal option, with the range Discord enforces in its picker. */
function rangedOption<const N extends string, R extends boolean>(
  type: ApplicationCommandOptionType.Integer | ApplicationCommandOptionType.Number,
  name: N,
  jaName: string,
  description: Text,
  extras: OptionExtras<R>,
): TypedOption<N, R, number> {
  const range = {
    ...naming(name, jaName, description),
    required: extras.required ?? false,
    ...(extras.min !== undefined ? { min_value: extras.min } : {}),
    ...(extras.max !== undefined ? { max_value: extras.max } : {}),
  };
  const option: APIApplicationCommandBasicOption =
    type === ApplicationCommandOptionType.Integer ? { type, ...range } : { type, ...range };
  return option as TypedOption<N, R, number>;
}

export function integerOption<const N extends string, R extends boolean = false>(
  name: N,
  jaName: string,
  description: Text,
  extras: OptionExtras<R> = {},
): TypedOption<N, R, number> {
  return rangedOption(ApplicationCommandOptionType.Integer, name, jaName, description, extras);
}

export function numberOption<const N extends string, R extends boolean = false>(
  name: N,
  jaName: string,
  description: Text,
  extras: OptionExtras<R> = {},
): TypedOption<N, R, number> {
  return rangedOption(ApplicationCommandOptionType.Number, name, jaName, description, extras);
}

export function booleanOption<const N extends string, R extends boolean = false>(
  name: N,
  jaName: string,
  description: Text,
  extras: OptionExtras<R> = {},
): TypedOption<N, R, boolean> {
  return {
    type: ApplicationCommandOptionType.Boolean,
    ...naming(name, jaName, description),
    required: extras.required ?? false,
  } satisfies APIApplicationCommandBasicOption as TypedOption<N, R, boolean>;
}

/** A Discord user picked from the server (the value is their Discord user id). */
export function userOption<const N extends string, R extends boolean = false>(
  name: N,
  jaName: string,
  description: Text,
  extras: OptionExtras<R> = {},
): TypedOption<N, R, string> {
  return {
    type: ApplicationCommandOptionType.User,
    ...naming(name, jaName, description),
    required: extras.required ?? false,
  } satisfies APIApplicationCommandBasicOption as TypedOption<N, R, string>;
}

export function textChannelOption<const N extends string, R extends boolean = false>(
  name: N,
  jaName: string,
  description: Text,
  extras: OptionExtras<R> = {},
): TypedOption<N, R, ChannelOption> {
  return {
    type: ApplicationCommandOptionType.Channel,
    ...naming(name, jaName, description),
    required: extras.required ?? false,
    // Discord's picker offers only what a subscription accepts (threads are refused: channel-access.ts).
    channel_types: [...POSTABLE_CHANNEL_TYPES],
  } satisfies APIApplicationCommandBasicOption as TypedOption<N, R, ChannelOption>;
}

/** The shared `work` option: autocomplete gives the id; free text is searched by title. */
export const workOption = <R extends boolean = true>(required: R = true as R) =>
  stringOption(
    'work',
    '作品',
    { en: 'The work: pick from the list or type a title', ja: '作品: 一覧から選ぶかタイトルを入力' },
    { required, autocomplete: true, maxLength: 100 },
  );

/** The shared `episode` option: autocomplete lists the episodes of the `work` already chosen. */
export const episodeOption = <R extends boolean = true>(required: R = true as R) =>
  stringOption(
    'episode',
    'エピソード',
    {
      en: 'The episode: pick from the list, or a number such as 5 or #5',
      ja: 'エピソード: 一覧から選ぶか、5や#5のような話数',
    },
    { required, autocomplete: true, maxLength: 20 },
  );

/** Choices for a watch-status option, named as the catalogues name the statuses. */
export function statusChoices<K extends StatusKind>(kinds: readonly K[]): Array<{ value: K; name: Text }> {
  return kinds.map((kind) => ({ value: kind, name: { en: en[`status.${kind}`], ja: ja[`status.${kind}`] } }));
}
