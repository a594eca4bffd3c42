/**
 * Random hostile interactions: slash commands and autocompletes built from the registered command
 * definitions with random, oversized, unicode, negative and wrong-type option values; buttons,
 * selects and modals with forged custom ids, among them another user's paging and confirm buttons.
 */
import { ApplicationCommandOptionType } from 'discord-api-types/v10';
import type {
  AutocompleteOptions,
  ButtonOptions,
  CommandOptionInput,
  FakeUserInput,
  ModalOptions,
  OptionValue,
  RegisteredCommand,
  SelectOptions,
  SlashOptions,
} from '../fakes/discord/fake-discord.js';
import type { RegisteredOption } from '../fakes/discord/state.js';
import type { Rng } from './fuzz-random.js';
import { hostileNumber, hostileSnowflake, hostileString, tokenLike } from './fuzz-values.js';

export type FuzzCase =
  | { kind: 'slash'; options: SlashOptions }
  | { kind: 'autocomplete'; options: AutocompleteOptions }
  | { kind: 'button'; options: ButtonOptions }
  | { kind: 'select'; options: SelectOptions }
  | { kind: 'modal'; options: ModalOptions };

/** What the attacker knows about the victim: ids seen in the victim's own messages. */
export interface VictimKnowledge {
  discordUserId: string;
  /** Custom ids of the victim's paging buttons, unlink/cancel confirms and record delete confirms. */
  customIds: string[];
  /** The victim's OAuth `state` (in the victim's Enter-code button). */
  oauthStates: string[];
  /** Ids of the victim's records on the service. */
  recordIds: number[];
}

export interface FuzzTargets {
  commands: RegisteredCommand[];
  /** Who presses: attackers (linked or not); never the victim. */
  users: FakeUserInput[];
  guildId: string;
  /** Channel ids of every guild. */
  channels: string[];
  workIds: number[];
  episodeIds: number[];
  victim: VictimKnowledge;
  /** Token-like strings typed into forms, collected so the secret scan can look for them. */
  typedTokens: string[];
}

const {
  String: STRING,
  Integer,
  Boolean: BOOLEAN,
  User,
  Channel,
  Role,
  Number: NUMBER,
} = ApplicationCommandOptionType;
const VALUE_TYPES = [STRING, Integer, BOOLEAN, User, Channel, Role, NUMBER];
const LOCALES = ['en-US', 'ja', 'en-GB', 'fr', 'xx-YY', ''];
const STATUS_VALUES = ['watching', 'watched', 'no_select', 'wanna_watch', 'WATCHING', 'admin', ''];

function randomValue(
  rng: Rng,
  type: number,
  option: RegisteredOption | undefined,
  targets: FuzzTargets,
): OptionValue {
  const choices = (option?.choices as Array<{ value: OptionValue }> | undefined) ?? [];
  if (choices.length > 0 && rng.chance(0.3)) return rng.pick(choices).value;
  switch (type) {
    case STRING:
      if (rng.chance(0.2)) return String(rng.pick(targets.workIds));
      return hostileString(rng);
    case Integer:
    case NUMBER:
      return hostileNumber(rng);
    case BOOLEAN:
      return rng.chance(0.5);
    case Channel:
      return rng.chance(0.6) ? rng.pick(targets.channels) : hostileSnowflake(rng);
    default:
      return hostileSnowflake(rng);
  }
}

/** One option: usually the registered type, sometimes a value of another type (wrong type). */
function optionInput(rng: Rng, option: RegisteredOption, targets: FuzzTargets): CommandOptionInput {
  if (rng.chance(0.15)) {
    const wrong = rng.pick(VALUE_TYPES);
    return {
      name: option.name,
      type: rng.chance(0.5) ? option.type : wrong,
      value: randomValue(rng, wrong, undefined, targets),
    };
  }
  return { name: option.name, type: option.type, value: randomValue(rng, option.type, option, targets) };
}

function context(rng: Rng, targets: FuzzTargets) {
  return {
    user: { ...rng.pick(targets.users), locale: rng.pick(LOCALES) },
    guildId: rng.chance(0.85) ? targets.guildId : null,
    permissions: rng.pick(['0', String(1 << 4), '8', '2147483647']),
  };
}

function command(rng: Rng, targets: FuzzTargets) {
  const registered = rng.pick(targets.commands);
  const name = rng.chance(0.03) ? hostileString(rng).slice(0, 32) : registered.name;
  const subcommands = (registered.options ?? []).filter(
    (o) => o.type === ApplicationCommandOptionType.Subcommand,
  );
  const sub = subcommands.length > 0 ? rng.pick(subcommands) : undefined;
  const subcommand = sub && rng.chance(0.05) ? hostileString(rng).slice(0, 32) : sub?.name;
  const leaves = sub ? (sub.options ?? []) : (registered.options ?? []);
  return { name, subcommand, leaves };
}

function slash(rng: Rng, targets: FuzzTargets): FuzzCase {
  const { name, subcommand, leaves } = command(rng, targets);
  const options = leaves.filter(() => rng.chance(0.7)).map((option) => optionInput(rng, option, targets));
  if (rng.chance(0.1))
    options.push({
      name: hostileString(rng).slice(0, 32),
      type: rng.pick(VALUE_TYPES),
      value: hostileString(rng),
    });
  return {
    kind: 'slash',
    options: { ...context(rng, targets), name, ...(subcommand ? { subcommand } : {}), options },
  };
}

function autocomplete(rng: Rng, targets: FuzzTargets): FuzzCase {
  const { name, subcommand, leaves } = command(rng, targets);
  const completable = leaves.filter((o) => o.autocomplete === true);
  const focusedOption = completable.length > 0 && rng.chance(0.9) ? rng.pick(completable) : undefined;
  const focused =
    focusedOption?.name ?? (leaves.length > 0 ? rng.pick(leaves).name : hostileString(rng).slice(0, 32));
  const options = leaves
    .filter((o) => o.name === focused || rng.chance(0.5))
    .map((option) =>
      option.name === focused
        ? {
            name: option.name,
            type: rng.chance(0.9) ? option.type : rng.pick(VALUE_TYPES),
            value: hostileString(rng),
          }
        : optionInput(rng, option, targets),
    );
  return {
    kind: 'autocomplete',
    options: { ...context(rng, targets), name, ...(subcommand ? { subcommand } : {}), options, focused },
  };
}

function forgedCustomId(rng: Rng, targets: FuzzTargets, presserId: string): string {
  const { victim } = targets;
  const victimRecord = victim.recordIds.length > 0 ? rng.pick(victim.recordIds) : 1;
  const pagerKey = victim.customIds.find((id) => id.startsWith('pg:'))?.split(':')[1] ?? 'x';
  const forged = [
    () => rng.pick(victim.customIds),
    () => rng.pick(victim.customIds),
    () => `pg:${pagerKey}:${hostileNumber(rng)}`,
    () => `pg:${hostileString(rng).slice(0, 40)}:${rng.int(-3, 9)}`,
    () => `account:unlink:${victim.discordUserId}`,
    () => `account:cancel:${victim.discordUserId}`,
    () => `record:delete:${victimRecord}:${victim.discordUserId}`,
    () => `record:delete:${victimRecord}:${presserId}`,
    () => `record:delete:${hostileNumber(rng)}:${presserId}`,
    () => `work:episodes:${rng.chance(0.5) ? rng.pick(targets.workIds) : hostileNumber(rng)}`,
    () =>
      `subscription:watched:${rng.chance(0.5) ? rng.pick(targets.episodeIds) : hostileString(rng).slice(0, 40)}`,
    () => `account:entercode:${victim.oauthStates[0] ?? 'x'}`,
    () => hostileString(rng).slice(0, rng.pick([100, 200])),
    () =>
      `${rng.pick(['account', 'record', 'work', 'pg', 'subscription', 'help'])}:${hostileString(rng).slice(0, 30)}`,
  ];
  return rng.pick(forged)();
}

function button(rng: Rng, targets: FuzzTargets): FuzzCase {
  const ctx = context(rng, targets);
  return { kind: 'button', options: { ...ctx, customId: forgedCustomId(rng, targets, ctx.user.id ?? '') } };
}

function select(rng: Rng, targets: FuzzTargets): FuzzCase {
  const ctx = context(rng, targets);
  const target = rng.chance(0.5) ? rng.pick(targets.workIds) : hostileNumber(rng);
  const [customId, values] = rng.chance(0.5)
    ? [`work:status:${target}`, [rng.chance(0.6) ? rng.pick(STATUS_VALUES) : hostileString(rng)]]
    : [
        `subscription:rate:${rng.pick(targets.episodeIds)}`,
        [rng.chance(0.5) ? String(hostileNumber(rng)) : hostileString(rng)],
      ];
  return { kind: 'select', options: { ...ctx, customId, values: rng.chance(0.1) ? [] : values } };
}

function modal(rng: Rng, targets: FuzzTargets): FuzzCase {
  const ctx = context(rng, targets);
  const typed = rng.chance(0.4) ? tokenLike(rng) : hostileString(rng);
  if (typed.length === 43) targets.typedTokens.push(typed);
  const variants: Array<() => Pick<ModalOptions, 'customId' | 'fields'>> = [
    () => ({ customId: 'account:token', fields: { token: typed } }),
    () => ({
      customId: 'account:token',
      fields: rng.chance(0.5) ? ({} as Record<string, string>) : { other: typed, token: hostileString(rng) },
    }),
    () => ({ customId: `account:code:${rng.pick(targets.victim.oauthStates)}`, fields: { code: typed } }),
    () => ({ customId: `account:code:${hostileString(rng).slice(0, 60)}`, fields: { code: typed } }),
    () => ({
      customId: forgedCustomId(rng, targets, ctx.user.id ?? ''),
      fields: { [hostileString(rng).slice(0, 20)]: typed },
    }),
  ];
  return { kind: 'modal', options: { ...ctx, ...rng.pick(variants)() } };
}

/** One random case: half slash commands, then autocompletes, buttons, modals and selects. */
export function randomCase(rng: Rng, targets: FuzzTargets): FuzzCase {
  const roll = rng.float();
  if (roll < 0.45) return slash(rng, targets);
  if (roll < 0.65) return autocomplete(rng, targets);
  if (roll < 0.82) return button(rng, targets);
  if (roll < 0.92) return modal(rng, targets);
  return select(rng, targets);
}

/** A short description of a case for failure messages (long values cut). */
export function describeCase(index: number, fuzzCase: FuzzCase): string {
  const text = JSON.stringify(fuzzCase, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 60 ? `${value.slice(0, 60)}…(${value.length})` : value,
  );
  return `#${index} ${text}`;
}
