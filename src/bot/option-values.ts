/**
 * A command's options read from its own definition: the types, the choices, the ranges and which
 * options are required are stated once, where the option is defined (definition.ts), and the zod
 * check that guards them at run time is derived from that. A handler states only what the
 * definition cannot say: trimming, defaults, a reason to show, a check of the text's form.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import { z } from 'zod';
import type { PlainMessageKey } from '../i18n/translator.js';
import type { TypedOption, ValueOf } from './definition.js';
import type { ChannelOption, OptionValue } from './interaction-types.js';
import { parseOptions } from './parse-options.js';

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

export interface OptionRules<D extends Options, R extends Refinements<D>, F extends Defaults<D>> {
  refine?: R;
  defaults?: F;
  /** The reason shown when a value breaks its definition (a range, a required text left empty). */
  reasons?: { readonly [K in Names<D>]?: PlainMessageKey };
}

type None = Record<never, never>;

/** A handler's options, typed from the definition, its defaults and the handler's refinements. */
export type OptionValues<D extends Options, R extends Refinements<D> = None, F extends Defaults<D> = None> = {
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
export function optionSchema(option: TypedOption, reason?: PlainMessageKey): z.ZodType {
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
export function optionsSchema<
  D extends Options,
  R extends Refinements<D> = None,
  F extends Defaults<D> = None,
>(definitions: D, rules: OptionRules<D, R, F> = {}): z.ZodType<OptionValues<D, R, F>> {
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
 * them is answered with the option's name and the reason, in the user's language (parse-options.ts).
 */
export function readOptions<D extends Options, R extends Refinements<D> = None, F extends Defaults<D> = None>(
  definitions: D,
  options: Readonly<Record<string, OptionValue>>,
  rules: OptionRules<D, R, F> = {},
): OptionValues<D, R, F> {
  return parseOptions(optionsSchema(definitions, rules), options);
}
