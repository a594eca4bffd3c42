/**
 * Holds the loaded commands to the command registry (src/components/command-names.ts) at start: the
 * compiler already refuses a definition whose name is not registered, and this adds what types
 * cannot see: each folder is named after its command, each slash command has exactly the registered
 * sub-commands, and every registered command was found.
 */
import {
  CONTEXT_MENU_COMMANDS,
  type CommandName,
  type ContextMenuName,
  commandFolder,
  registeredCommands,
} from '../components/command-names.js';
import type { CommandModule } from './command.js';

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

function subcommandsOf(definition: CommandModule['definition']): string[] {
  const options = 'options' in definition ? (definition.options ?? []) : [];
  return options
    .filter((option) => option.type === SUBCOMMAND || option.type === SUBCOMMAND_GROUP)
    .map((option) => option.name);
}

function isSlash(definition: CommandModule['definition']): boolean {
  return !('type' in definition) || definition.type === undefined || definition.type === 1;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join(' ') === [...b].sort().join(' ');
}

/** What differs between the loaded commands (by folder name) and the registry; empty when they agree. */
export function registryProblems(byFolder: ReadonlyMap<string, CommandModule>): string[] {
  const registered = registeredCommands();
  const menus: readonly string[] = CONTEXT_MENU_COMMANDS;
  const problems: string[] = [];
  const found = new Set<string>();
  for (const [folder, { definition }] of byFolder) {
    const { name } = definition;
    found.add(name);
    const subs = isSlash(definition) ? registered.get(name as CommandName) : undefined;
    if (isSlash(definition) ? !subs : !menus.includes(name)) {
      problems.push(`${folder}: command ${name} is not in the registry (src/components/command-names.ts)`);
      continue;
    }
    if (folder !== commandFolder(name as CommandName | ContextMenuName))
      problems.push(
        `${folder}: the folder of command ${name} is named ${commandFolder(name as CommandName)}`,
      );
    if (subs && !sameNames(subs, subcommandsOf(definition)))
      problems.push(
        `${folder}: sub-commands ${subcommandsOf(definition).join(', ') || '(none)'} differ from those registered: ${subs.join(', ') || '(none)'}`,
      );
  }
  for (const name of [...registered.keys(), ...menus])
    if (!found.has(name)) problems.push(`registered command ${name} has no folder in commands/`);
  return problems;
}
