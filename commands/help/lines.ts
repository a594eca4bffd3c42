/**
 * `/help`'s one line per command: its clickable mention and what it does, in the reader's language.
 * What a command does is said once, in its registered description (what Discord's picker shows), and
 * read here from the loaded definitions, so the two never disagree.
 */
import type { CommandModule } from '#src/bot/command.js';
import { loadCommands } from '#src/bot/loader.js';
import type { Translator } from '#src/i18n/translator.js';

/** Discord's limit for an embed field's value. */
const FIELD_VALUE_MAX = 1024;
const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

interface Described {
  name: string;
  type?: number;
  description: string;
  description_localizations?: { ja?: string } | null;
  options?: readonly Described[];
}

export type CommandDescriptions = ReadonlyMap<string, Described>;
type Descriptions = CommandDescriptions;

/** Each runnable path's definition (`work search`, `status`), sub-commands and groups walked. */
function collect(path: string, node: Described, into: Map<string, Described>): void {
  const nested = (node.options ?? []).filter((o) => o.type === SUBCOMMAND || o.type === SUBCOMMAND_GROUP);
  if (nested.length === 0) into.set(path, node);
  for (const child of nested) collect(`${path} ${child.name}`, child, into);
}

export function describePaths(commands: Iterable<Pick<CommandModule, 'definition'>>): Descriptions {
  const byPath = new Map<string, Described>();
  for (const { definition } of commands) collect(definition.name, definition as Described, byPath);
  return byPath;
}

let loaded: Promise<Descriptions> | undefined;

/** The registered descriptions, read once (the modules are already loaded: this only walks them). */
export function commandDescriptions(): Promise<Descriptions> {
  loaded ??= loadCommands()
    .then((commands) => describePaths(commands.values()))
    .catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
  return loaded;
}

/** "</work search:1> — Search works by title and season": the path's line in the reader's language. */
export function helpLine(path: string, mention: string, descriptions: Descriptions, t: Translator): string {
  const described = descriptions.get(path);
  const does = t.locale === 'ja' ? described?.description_localizations?.ja : described?.description;
  return does ? t('help.line', { command: mention, does }) : mention;
}

/** Lines packed into field values of at most Discord's 1024 characters, never splitting a line. */
export function packLines(lines: readonly string[], max = FIELD_VALUE_MAX): string[] {
  const values: string[] = [];
  let current = '';
  for (const line of lines) {
    const fitted = line.length > max ? `${line.slice(0, max - 1)}…` : line;
    if (current && current.length + 1 + fitted.length > max) {
      values.push(current);
      current = fitted;
    } else current = current ? `${current}\n${fitted}` : fitted;
  }
  if (current) values.push(current);
  return values;
}
