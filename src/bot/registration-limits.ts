/**
 * Discord's documented limits on command registration, checked for every command at load (and in
 * a test) so that a definition Discord would refuse never reaches a deploy: names, descriptions,
 * options, choices and every localization of them, and the 4000 characters a command may hold in
 * all (counted per locale, as Discord does, each locale's text standing in for the default).
 */

/** Locales Discord accepts in `*_localizations`. */
const DISCORD_LOCALES = new Set([
  'id',
  'da',
  'de',
  'en-GB',
  'en-US',
  'es-ES',
  'es-419',
  'fr',
  'hr',
  'it',
  'lt',
  'hu',
  'nl',
  'no',
  'pl',
  'pt-BR',
  'ro',
  'fi',
  'sv-SE',
  'vi',
  'tr',
  'cs',
  'el',
  'bg',
  'ru',
  'uk',
  'hi',
  'th',
  'zh-CN',
  'ja',
  'zh-TW',
  'ko',
]);

export const REGISTRATION_LIMITS = {
  name: 32,
  description: 100,
  options: 25,
  choices: 25,
  choiceName: 100,
  choiceValue: 100,
  stringLength: 6000,
  total: 4000,
  chatInputCommands: 100,
  contextMenuCommands: 5,
} as const;

/** Discord's pattern for chat-input names (letters in lower case where the script has case). */
const CHAT_INPUT_NAME = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;
const CONTEXT_MENU_NAME = /^[^\n]{1,32}$/u;

type Localized = Readonly<Record<string, string | null | undefined>> | null | undefined;

interface Choice {
  name: string;
  name_localizations?: Localized;
  value: string | number;
}

interface OptionLike {
  type: number;
  name: string;
  name_localizations?: Localized;
  description?: string;
  description_localizations?: Localized;
  required?: boolean;
  choices?: readonly Choice[];
  options?: readonly OptionLike[];
  min_length?: number;
  max_length?: number;
}

export interface DefinitionLike {
  type?: number;
  name: string;
  name_localizations?: Localized;
  description?: string;
  description_localizations?: Localized;
  options?: readonly OptionLike[];
}

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

class Problems {
  readonly list: string[] = [];
  check(ok: boolean, where: string, what: string): void {
    if (!ok) this.list.push(`${where}: ${what}`);
  }
}

function checkName(p: Problems, where: string, name: string, chatInput: boolean): void {
  const pattern = chatInput ? CHAT_INPUT_NAME : CONTEXT_MENU_NAME;
  p.check(pattern.test(name), where, `name "${name}" does not match Discord's pattern`);
  if (chatInput) p.check(name === name.toLowerCase(), where, `name "${name}" must be lower case`);
}

function checkText(p: Problems, where: string, text: string | undefined, max: number): void {
  const length = text?.length ?? 0;
  p.check(length >= 1 && length <= max, where, `must be 1-${max} characters (is ${length})`);
}

function checkLocales(
  p: Problems,
  where: string,
  localized: Localized,
  each: (where: string, text: string) => void,
) {
  for (const [locale, text] of Object.entries(localized ?? {})) {
    p.check(DISCORD_LOCALES.has(locale), where, `unknown locale "${locale}"`);
    if (typeof text === 'string') each(`${where}[${locale}]`, text);
  }
}

function checkNaming(p: Problems, where: string, item: DefinitionLike | OptionLike, chatInput: boolean) {
  checkName(p, `${where}.name`, item.name, chatInput);
  checkLocales(p, `${where}.name_localizations`, item.name_localizations, (at, text) =>
    checkName(p, at, text, chatInput),
  );
  if (!chatInput) return;
  checkText(p, `${where}.description`, item.description, REGISTRATION_LIMITS.description);
  checkLocales(p, `${where}.description_localizations`, item.description_localizations, (at, text) =>
    checkText(p, at, text, REGISTRATION_LIMITS.description),
  );
}

function checkChoices(p: Problems, where: string, choices: readonly Choice[]): void {
  p.check(
    choices.length <= REGISTRATION_LIMITS.choices,
    where,
    `more than ${REGISTRATION_LIMITS.choices} choices`,
  );
  for (const [index, choice] of choices.entries()) {
    const at = `${where}[${index}]`;
    checkText(p, `${at}.name`, choice.name, REGISTRATION_LIMITS.choiceName);
    checkLocales(p, `${at}.name_localizations`, choice.name_localizations, (l, text) =>
      checkText(p, l, text, REGISTRATION_LIMITS.choiceName),
    );
    if (typeof choice.value === 'string')
      checkText(p, `${at}.value`, choice.value, REGISTRATION_LIMITS.choiceValue);
  }
}

function checkOptions(p: Problems, where: string, options: readonly OptionLike[], depth: number): void {
  p.check(
    options.length <= REGISTRATION_LIMITS.options,
    where,
    `more than ${REGISTRATION_LIMITS.options} options`,
  );
  const names = new Set<string>();
  let optionalSeen = false;
  for (const option of options) {
    const at = `${where}.${option.name}`;
    checkNaming(p, at, option, true);
    p.check(!names.has(option.name), at, 'duplicate option name');
    names.add(option.name);
    const nests = option.type === SUBCOMMAND || option.type === SUBCOMMAND_GROUP;
    if (!nests) {
      p.check(!(optionalSeen && option.required), at, 'a required option follows an optional one');
      optionalSeen ||= !option.required;
    }
    p.check(option.type !== SUBCOMMAND_GROUP || depth === 0, at, 'a subcommand group nested too deep');
    p.check(option.type !== SUBCOMMAND || depth <= 1, at, 'a subcommand nested too deep');
    const min = option.min_length ?? 0;
    const max = option.max_length ?? 1;
    p.check(min >= 0 && min <= REGISTRATION_LIMITS.stringLength, at, 'min_length out of 0-6000');
    p.check(max >= 1 && max <= REGISTRATION_LIMITS.stringLength, at, 'max_length out of 1-6000');
    if (option.choices) checkChoices(p, `${at}.choices`, option.choices);
    if (option.options) checkOptions(p, at, option.options, depth + 1);
  }
}

/** Every locale a command's text appears in, plus the default (''). */
function localesOf(item: DefinitionLike | OptionLike | Choice, into: Set<string>): Set<string> {
  for (const locale of Object.keys(item.name_localizations ?? {})) into.add(locale);
  if ('description_localizations' in item)
    for (const locale of Object.keys(item.description_localizations ?? {})) into.add(locale);
  if ('choices' in item) for (const choice of item.choices ?? []) localesOf(choice, into);
  if ('options' in item) for (const option of item.options ?? []) localesOf(option, into);
  return into;
}

function inLocale(text: string | undefined, localized: Localized, locale: string): number {
  return (localized?.[locale] ?? text ?? '').length;
}

/** Characters of every name, description and choice value, in one locale. */
export function commandLength(item: DefinitionLike | OptionLike, locale = ''): number {
  let total = inLocale(item.name, item.name_localizations, locale);
  total += inLocale(item.description, item.description_localizations, locale);
  for (const choice of 'choices' in item ? (item.choices ?? []) : []) {
    total += inLocale(choice.name, choice.name_localizations, locale) + String(choice.value).length;
  }
  for (const option of item.options ?? []) total += commandLength(option, locale);
  return total;
}

/** Every way a command definition breaks Discord's registration limits; empty when it is fine. */
export function registrationProblems(definition: DefinitionLike): string[] {
  const p = new Problems();
  const chatInput = (definition.type ?? 1) === 1;
  const where = definition.name;
  checkNaming(p, where, definition, chatInput);
  if (chatInput) checkOptions(p, where, definition.options ?? [], 0);
  else
    p.check(
      !definition.options?.length && !definition.description,
      where,
      'a context-menu command has no description or options',
    );
  for (const locale of localesOf(definition, new Set(['']))) {
    const length = commandLength(definition, locale);
    p.check(
      length <= REGISTRATION_LIMITS.total,
      where,
      `${length} characters in locale "${locale || 'default'}" (limit ${REGISTRATION_LIMITS.total})`,
    );
  }
  return p.list;
}

/** Problems of a whole set of commands: each command's, plus how many of each type there are. */
export function registrationSetProblems(definitions: readonly DefinitionLike[]): string[] {
  const chatInput = definitions.filter((d) => (d.type ?? 1) === 1).length;
  const problems = definitions.flatMap(registrationProblems);
  if (chatInput > REGISTRATION_LIMITS.chatInputCommands)
    problems.push(`${chatInput} slash commands (limit 100)`);
  for (const type of [2, 3]) {
    const count = definitions.filter((d) => d.type === type).length;
    if (count > REGISTRATION_LIMITS.contextMenuCommands)
      problems.push(`${count} context-menu commands of type ${type} (limit 5)`);
  }
  return problems;
}
