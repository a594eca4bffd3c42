import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import type { CommandModule } from './command.js';

const COMMANDS_DIR = fileURLToPath(new URL('../../commands/', import.meta.url));

const jaLocalized = z.object({ ja: z.string().min(1) });

const optionShape: z.ZodType = z.lazy(() =>
  z.looseObject({
    name: z.string().regex(/^[-_\p{L}\p{N}]{1,32}$/u),
    description: z.string().min(1).max(100),
    name_localizations: jaLocalized,
    description_localizations: jaLocalized,
    options: z.array(optionShape).optional(),
  }),
);

const fn = z.custom<(...args: never[]) => unknown>(
  (value) => typeof value === 'function',
  'must be a function',
);
const handlerMap = z.record(z.string(), z.looseObject({ handle: fn })).optional();

/** What every file in commands/ must export as `command`; checked once at start. */
const commandModuleShape = z.looseObject({
  definition: z.looseObject({
    name: z.string().regex(/^[-_a-z0-9]{1,32}$/),
    description: z.string().min(1).max(100),
    name_localizations: jaLocalized,
    description_localizations: jaLocalized,
    options: z.array(optionShape).optional(),
  }),
  ephemeral: fn,
  execute: fn,
  autocomplete: fn.optional(),
  components: handlerMap,
  modals: handlerMap,
  lists: z.record(z.string(), z.looseObject({ fetchPage: fn, query: z.unknown() })).optional(),
});

export class CommandShapeError extends Error {
  override name = 'CommandShapeError';
}

export function checkCommandModule(file: string, exported: unknown): CommandModule {
  const parsed = commandModuleShape.safeParse(exported);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CommandShapeError(`${file}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'bad shape'}`);
  }
  return exported as CommandModule;
}

/** Loads every command module in commands/, keyed by command name. */
export async function loadCommands(directory = COMMANDS_DIR): Promise<Map<string, CommandModule>> {
  const files = (await readdir(directory))
    .filter((file) => /\.(ts|js)$/.test(file) && !file.endsWith('.d.ts'))
    .sort();
  const commands = new Map<string, CommandModule>();
  for (const file of files) {
    const imported: unknown = await import(pathToFileURL(path.join(directory, file)).href);
    const exported =
      imported && typeof imported === 'object' && 'command' in imported ? imported.command : undefined;
    const command = checkCommandModule(file, exported);
    if (commands.has(command.definition.name)) throw new CommandShapeError(`${file}: duplicate command name`);
    commands.set(command.definition.name, command);
  }
  return commands;
}
