/**
 * The command registry: every slash path kiroku registers (`work search`, `status`), in the groups
 * /help shows them in, and the right-click commands by name. Each command's name and sub-command
 * names are typed here once; the custom ids (`customIds`), paged lists (`listOpeners`), the jobs'
 * component families, /help and the commands the catalogues mention are keyed by `CommandName` and
 * `CommandPath`, so a renamed command fails to compile where it is used. The loader holds the
 * definitions to this list at start (`registryProblems` in src/bot/loader.ts). It sits below
 * src/bot and src/jobs, beside the custom ids, because both name commands.
 */

/** Slash paths by /help group; `help` is /help itself, which lists the others. */
export const COMMAND_PATHS = {
  lookup: [
    'work search',
    'work info',
    'episode list',
    'episode info',
    'people',
    'user profile',
    'record list',
  ],
  record: [
    'watch',
    'record post',
    'record edit',
    'record delete',
    'review post',
    'review edit',
    'review delete',
    'status',
    'library',
    'schedule',
    'remind',
  ],
  friends: [
    'me',
    'compare',
    'feed',
    'user activities',
    'user following',
    'user followers',
    'party start',
    'party cancel',
  ],
  channels: [
    'subscription feed',
    'subscription schedule',
    'subscription airing',
    'subscription weekly',
    'subscription list',
    'subscription remove',
  ],
  account: ['account link', 'account status', 'account visibility', 'account unlink'],
  help: ['help'],
} as const;

/** The right-click commands (on a user, on a message), by the name Discord shows. */
export const CONTEXT_MENU_COMMANDS = ['Viewing record', 'Compare viewing', 'Look up anime'] as const;

export type HelpGroup = keyof typeof COMMAND_PATHS;
/** A path a person can type: a command without sub-commands, or a command and one sub-command. */
export type CommandPath = (typeof COMMAND_PATHS)[HelpGroup][number];
type FirstWord<P extends string> = P extends `${infer Word} ${string}` ? Word : P;
/** A slash command's name: the first word of its paths. */
export type CommandName = FirstWord<CommandPath>;
export type ContextMenuName = (typeof CONTEXT_MENU_COMMANDS)[number];

/** Every slash path, in /help's order. */
export const ALL_COMMAND_PATHS: readonly CommandPath[] = Object.values(COMMAND_PATHS).flat();

/** The command a path runs: `work` for `work search`. */
export function commandOf<P extends CommandPath>(path: P): CommandName {
  return path.split(' ')[0] as CommandName;
}

/** Each slash command with its sub-command names (none for a command run as it is). */
export function registeredCommands(): ReadonlyMap<CommandName, readonly string[]> {
  const commands = new Map<CommandName, string[]>();
  for (const path of ALL_COMMAND_PATHS) {
    const [, sub] = path.split(' ');
    const subs = commands.get(commandOf(path)) ?? [];
    commands.set(commandOf(path), sub ? [...subs, sub] : subs);
  }
  return commands;
}

/** The folder of a command in commands/: its name in lower case, spaces as hyphens (`look-up-anime`). */
export function commandFolder(name: CommandName | ContextMenuName): string {
  return name.toLowerCase().replaceAll(' ', '-');
}

/** A written command's second word is a sub-command unless it is an option (`method:token`). */
type WithSecond<Name extends string, Second extends string> = Second extends `${string}:${string}`
  ? Name
  : `${Name} ${Second}`;

/** The path of a written command's inside (`account link method:token`): the words before the options. */
type PathOfWritten<W extends string> = W extends `${infer Name} ${infer Rest}`
  ? Rest extends `${infer Second} ${string}`
    ? WithSecond<Name, Second>
    : WithSecond<Name, Rest>
  : W;

/**
 * The command paths a text writes as `` `/work search` `` (or `` `/account link method:token` ``),
 * read as src/i18n/command-text.ts reads them to make mentions; for a literal text type.
 */
export type WrittenPaths<S extends string> = S extends `${string}\`/${infer Inside}\`${infer After}`
  ? PathOfWritten<Inside> | WrittenPaths<After>
  : never;

/** The paths a text writes that are not registered: `never` when every one is a command people can run. */
export type UnregisteredWrittenPaths<S extends string> = Exclude<WrittenPaths<S>, CommandPath>;
