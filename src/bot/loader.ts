import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { CommandModule } from './command.js';
import { registrationProblems, registrationSetProblems } from './registration-limits.js';
import { registryProblems } from './registry-check.js';

/**
 * kiroku's command folders, `commands/` beside `src/`: in the sources and in tsc's output. The bundle
 * that `npm start` runs moves this file, so its entry names the folder (`KirokuOptions.commandsDirectory`).
 */
const COMMANDS_DIR = fileURLToPath(new URL('../../commands/', import.meta.url));

const jaLocalized = z.object({ ja: z.string().min(1) });

const optionShape: z.ZodType = z.lazy(() =>
  z.looseObject({
    name: z.string().regex(/^[-_\p{L}\p{N}]{1,32}$/u),
    description: z.string().min(1).max(100),
    // Slash commands and options are named in English for every reader (docs/commands.md).
    name_localizations: jaLocalized.optional(),
    description_localizations: jaLocalized,
    options: z.array(optionShape).optional(),
  }),
);

const fn = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function',
  'must be a function',
);
const handlerMap = z.record(z.string(), z.looseObject({ handle: fn })).optional();

const moduleParts = {
  ephemeral: fn,
  execute: fn,
  components: handlerMap,
  modals: handlerMap,
  lists: z.record(z.string(), z.looseObject({ fetchPage: fn, query: z.unknown() })).optional(),
  ids: z.record(z.string(), z.looseObject({ family: z.string(), action: z.string() })).optional(),
};

/** Ids the module builds that would not reach it: another command's family, or no handler. */
function unroutedIds(command: CommandModule): string[] {
  const answered = new Set([...Object.keys(command.components ?? {}), ...Object.keys(command.modals ?? {})]);
  return Object.values(command.ids ?? {})
    .filter((id) => id.family !== command.definition.name || !answered.has(id.action))
    .map((id) => `custom id ${id.family}:${id.action} has no handler in this command`);
}

/** What every file in commands/ must export as `command`; checked once at start. */
const commandModuleShape = z.looseObject({
  definition: z.looseObject({
    type: z.literal(1).optional(),
    name: z.string().regex(/^[-_a-z0-9]{1,32}$/),
    description: z.string().min(1).max(100),
    name_localizations: jaLocalized.optional(),
    description_localizations: jaLocalized,
    options: z.array(optionShape).optional(),
  }),
  ...moduleParts,
  autocomplete: fn.optional(),
});

/**
 * A right-click command on a user (type 2) or a message (type 3): Discord allows a name with spaces
 * and capitals, and no description or options; it has nothing to autocomplete.
 */
const contextMenuModuleShape = z.looseObject({
  definition: z.strictObject({
    type: z.union([z.literal(2), z.literal(3)]),
    name: z.string().regex(/^[\p{L}\p{N} _'-]{1,32}$/u),
    name_localizations: jaLocalized,
    integration_types: z.array(z.number()).optional(),
    contexts: z.array(z.number()).optional(),
    default_member_permissions: z.string().nullable().optional(),
  }),
  ...moduleParts,
  autocomplete: z.undefined().optional(),
});

function isContextMenuExport(exported: unknown): boolean {
  if (!exported || typeof exported !== 'object' || !('definition' in exported)) return false;
  const { definition } = exported;
  return !!definition && typeof definition === 'object' && 'type' in definition && definition.type !== 1;
}

export class CommandShapeError extends Error {
  override name = 'CommandShapeError';
}

export function checkCommandModule(file: string, exported: unknown): CommandModule {
  const shape = isContextMenuExport(exported) ? contextMenuModuleShape : commandModuleShape;
  const parsed = shape.safeParse(exported);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandShapeError(`${file}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'bad shape'}`);
  }
  const command = exported as CommandModule;
  const problems = [...registrationProblems(command.definition), ...unroutedIds(command)];
  if (problems.length > 0) throw new CommandShapeError(`${file}: ${problems.join('; ')}`);
  return command;
}

/** The entry file of each command folder: `commands/<name>/index.ts` (or `.js` once compiled). */
async function commandEntries(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.filter((e) => e.isDirectory()).sort((a, b) => a.name.localeCompare(b.name))) {
    const files = await readdir(path.join(directory, entry.name));
    const index = files.find((file) => file === 'index.ts' || file === 'index.js');
    if (index) found.push(path.join(entry.name, index));
  }
  return found;
}

/**
 * Loads every command (slash and context-menu commands), keyed by command name: each folder of
 * commands/ is one command, its `index` module exporting `command`; the folder's other files are its
 * parts. kiroku's own commands (`ownCommands`, by default those in its own folder) must match the
 * command registry (src/components/command-names.ts).
 */
export async function loadCommands(
  directory = COMMANDS_DIR,
  options: { ownCommands?: boolean } = {},
): Promise<Map<string, CommandModule>> {
  const commands = new Map<string, CommandModule>();
  const byFolder = new Map<string, CommandModule>();
  for (const file of await commandEntries(directory)) {
    const imported: unknown = await import(pathToFileURL(path.join(directory, file)).href);
    const exported =
      imported && typeof imported === 'object' && 'command' in imported ? imported.command : undefined;
    const command = checkCommandModule(file, exported);
    if (commands.has(command.definition.name)) throw new CommandShapeError(`${file}: duplicate command name`);
    commands.set(command.definition.name, command);
    byFolder.set(path.dirname(file), command);
  }
  const problems = registrationSetProblems([...commands.values()].map((c) => c.definition));
  // Test directories hold commands of their own; kiroku's are held to the registry.
  if (options.ownCommands ?? directory === COMMANDS_DIR) problems.push(...registryProblems(byFolder));
  if (problems.length > 0) throw new CommandShapeError(problems.join('; '));
  return commands;
}
