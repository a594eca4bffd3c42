/**
 * A command's options, from the interaction to the handler's typed values:
 * - read: discord.js's option tree flattened into plain values (`readCommandInput` and the others),
 *   so handlers never see discord.js objects;
 * - checked: a zod check derived from the option's own definition (definition.ts): the types, the
 *   choices, the ranges and which options are required are stated once, where the option is defined,
 *   and a handler states only what the definition cannot say: trimming, defaults, a reason to show,
 *   a check of the text's form (`readOptions`);
 * - refused: a value that breaks its check is answered with the option's name and the reason, in the
 *   person's language (`parseOptions`).
 */

import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type ContextMenuCommandInteraction,
  PermissionsBitField,
} from 'discord.js';
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { z } from 'zod';
import { en } from '../i18n/messages/en.js';
import type { MessageKey, PlainMessageKey, Translator } from '../i18n/translator.js';
import type { AutocompleteInput, CommandInput } from './command.js';
import type { TypedOption, ValueOf } from './definition.js';
import type { ChannelOption, OptionValue } from './interaction-types.js';
import { badOption } from './user-facing-error.js';

// reading the interaction

/** The person or message a context-menu command was used on, as plain data. */
export function readContextMenuInput(interaction: ContextMenuCommandInteraction): CommandInput {
  if (interaction.isUserContextMenuCommand()) {
    const user = interaction.targetUser;
    return {
      subcommand: undefined,
      options: {},
      target: { kind: 'user', id: user.id, username: user.username, bot: user.bot },
    };
  }
  const message = interaction.isMessageContextMenuCommand() ? interaction.targetMessage : undefined;
  return {
    subcommand: undefined,
    options: {},
    target: { kind: 'message', id: interaction.targetId, content: message?.content ?? '' },
  };
}

/** Flattens discord.js's option tree into plain values: handlers never see discord.js objects. */
export function readCommandInput(
  interaction: ChatInputCommandInteraction | AutocompleteInteraction,
): CommandInput {
  let subcommand: string | undefined;
  let leaves: readonly CommandInteractionOption[] = interaction.options.data;
  for (;;) {
    const nested = leaves[0];
    if (
      nested &&
      (nested.type === ApplicationCommandOptionType.Subcommand ||
        nested.type === ApplicationCommandOptionType.SubcommandGroup)
    ) {
      if (nested.type === ApplicationCommandOptionType.Subcommand) subcommand = nested.name;
      leaves = nested.options ?? [];
      continue;
    }
    break;
  }
  const options: Record<string, OptionValue> = {};
  for (const option of leaves) {
    const value = toValue(option);
    if (value !== undefined) options[option.name] = value;
  }
  return { subcommand, options };
}

export function readAutocompleteInput(interaction: AutocompleteInteraction): AutocompleteInput {
  const focused = interaction.options.getFocused(true);
  return {
    ...readCommandInput(interaction),
    focused: { name: focused.name, value: String(focused.value ?? '') },
  };
}

function toValue(option: CommandInteractionOption): OptionValue | undefined {
  if (option.type === ApplicationCommandOptionType.Channel) {
    const channel = option.channel;
    if (!channel) return undefined;
    const permissions = invokerPermissions(channel);
    const name = 'name' in channel && typeof channel.name === 'string' ? channel.name : undefined;
    return { kind: 'channel', id: channel.id, type: channel.type, name, permissions };
  }
  const value = option.value;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : undefined;
}

/**
 * The invoker's permissions in a resolved channel, as a decimal bitfield. discord.js turns the API's
 * string into a PermissionsBitField on the channel it builds (and leaves the raw string on a channel
 * it could not build); anything else means Discord sent none.
 */
function invokerPermissions(channel: object): string | undefined {
  const permissions = 'permissions' in channel ? channel.permissions : undefined;
  if (permissions instanceof PermissionsBitField) return permissions.bitfield.toString();
  return typeof permissions === 'string' ? permissions : undefined;
}

// checking against the definition

type Options = readonly TypedOption[];
type Names<D extends Options> = D[number]['name'];
type Named<D extends Options, K> = Extract<D[number], { name: K }>;

/** The value an option gives when the handler adds nothing: undefined when it is not required. */
type Derived<O> = O extends { required: true } ? ValueOf<O> : ValueOf<O> | undefined;

/**
 * What a handler adds for an option, piped after the check derived from the definition (and after
 * its default): it receives the value the definition allows, undefined included when optional.
 */
type Refinements<D extends Options> = { readonly [K in Names<D>]?: z.ZodType };
/** The value an option left out takes. */
type Defaults<D extends Options> = { readonly [K in Names<D>]?: ValueOf<Named<D, K>> };

interface OptionRules<D extends Options, R extends Refinements<D>, F extends Defaults<D>> {
  refine?: R;
  defaults?: F;
  /** The reason shown when a value breaks its definition (a range, a required text left empty). */
  reasons?: { readonly [K in Names<D>]?: PlainMessageKey };
}

type None = Record<never, never>;

/** A handler's options, typed from the definition, its defaults and the handler's refinements. */
type OptionValues<D extends Options, R extends Refinements<D> = None, F extends Defaults<D> = None> = {
  [O in D[number] as O['name']]: O['name'] extends keyof R
    ? z.output<NonNullable<R[O['name']]>>
    : O['name'] extends keyof F
      ? ValueOf<O>
      : Derived<O>;
};

const isChannel = (value: unknown): value is ChannelOption =>
  typeof value === 'object' && value !== null && (value as ChannelOption).kind === 'channel';

function rangeChecked(
  schema: z.ZodNumber,
  option: { min_value?: number; max_value?: number },
  reason?: string,
) {
  let checked = schema;
  if (option.min_value !== undefined) checked = checked.min(option.min_value, reason);
  if (option.max_value !== undefined) checked = checked.max(option.max_value, reason);
  return checked;
}

function stringSchema(option: TypedOption & { type: ApplicationCommandOptionType.String }, reason?: string) {
  const values = 'choices' in option && option.choices ? option.choices.map((choice) => choice.value) : [];
  if (values.length > 0) return z.enum(values as [string, ...string[]], reason);
  const text = z.string();
  const capped = option.max_length !== undefined ? text.max(option.max_length, reason) : text;
  return option.required ? capped.min(1, reason) : capped;
}

/** The check one option's definition implies. */
function optionSchema(option: TypedOption, reason?: PlainMessageKey): z.ZodType {
  const base = (() => {
    switch (option.type) {
      case ApplicationCommandOptionType.String:
        return stringSchema(option, reason);
      case ApplicationCommandOptionType.Integer:
        return rangeChecked(z.number().int(), option, reason);
      case ApplicationCommandOptionType.Number:
        return rangeChecked(z.number(), option, reason);
      case ApplicationCommandOptionType.Boolean:
        return z.boolean(reason);
      case ApplicationCommandOptionType.Channel:
        return z.custom<ChannelOption>(isChannel, reason);
      default:
        return z.never();
    }
  })();
  return option.required ? base : base.optional();
}

/** The zod schema of a set of options: derived checks, each piped into the handler's refinement. */
function optionsSchema<D extends Options, R extends Refinements<D> = None, F extends Defaults<D> = None>(
  definitions: D,
  rules: OptionRules<D, R, F> = {},
): z.ZodType<OptionValues<D, R, F>> {
  const refine: Partial<Record<string, z.ZodType>> = rules.refine ?? {};
  const defaults: Partial<Record<string, unknown>> = rules.defaults ?? {};
  const reasons: Partial<Record<string, PlainMessageKey>> = rules.reasons ?? {};
  const shape: Record<string, z.ZodType> = {};
  for (const option of definitions) {
    const derived = optionSchema(option, reasons[option.name]);
    const fallback = defaults[option.name];
    const defaulted = fallback === undefined ? derived : derived.default(fallback);
    const refinement = refine[option.name];
    shape[option.name] = refinement ? defaulted.pipe(refinement) : defaulted;
  }
  return z.object(shape) as unknown as z.ZodType<OptionValues<D, R, F>>;
}

/**
 * Reads a handler's options against the definitions they were registered with; a value that breaks
 * them is answered with the option's name and the reason, in the user's language (`parseOptions`).
 */
export function readOptions<D extends Options, R extends Refinements<D> = None, F extends Defaults<D> = None>(
  definitions: D,
  options: Readonly<Record<string, OptionValue>>,
  rules: OptionRules<D, R, F> = {},
): OptionValues<D, R, F> {
  return parseOptions(optionsSchema(definitions, rules), options);
}

// refusing a value, in the person's language

function isPlainKey(message: string): message is PlainMessageKey {
  return message in en && typeof en[message as MessageKey] === 'string';
}

/**
 * Validates a command's options with its zod schema. A schema's custom messages may be message
 * keys (`reason.season`), so that the user reads the reason in their own language.
 */
export function parseOptions<T>(schema: z.ZodType<T>, options: Readonly<Record<string, OptionValue>>): T {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = String(issue?.path[0] ?? '?');
  const message = issue?.message ?? '';
  return fail(option, (t: Translator) => (isPlainKey(message) ? t(message) : message));
}

function fail(option: string, reason: (t: Translator) => string): never {
  throw badOption(option, reason);
}
