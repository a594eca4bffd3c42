/**
 * `npm run admin -- <command>` (in the image: `node dist/src/cli/admin.js <command>`): the operator's
 * view into the store and the few changes an operator makes. Works on SQLite, Redis and PostgreSQL.
 */
import { isEntryPoint } from '../lib/entry-point.js';
import { listSubscriptions, pause, remove, resume, status } from './admin-commands.js';
import { type AdminContext, openAdminContext } from './admin-context.js';
import { exportUser, forget } from './admin-person.js';
import { type CliContext, HELP, runCli, strictArgs, UsageError } from './cli-common.js';

export const ADMIN_HELP = `Usage: npm run admin -- <command> [arguments]
       node dist/src/cli/admin.js <command> [arguments]

Commands:
  status                          version, store, servers, links, subscriptions (with last post and
                                  backlog) and quarantined records
  subscriptions [--guild <id>]    every subscription (or one server's): server, channel, kind, owner,
                                  state, last post
  pause <subscription id>         stop posting; kept paused (reason "operator") until resumed here,
                                  whatever the owner relinks
  resume <subscription id>        start posting again
  remove <subscription id>        delete the subscription
  forget <discord user id>        what /account unlink does: revoke (OAuth) and delete the person's
                                  token and pending links, remove their subscriptions, delete every
                                  other row about them; says what it removed
  export <discord user id>        everything stored about the person, as JSON, tokens withheld

Options:
  --guild <id>   with subscriptions: only this server's
  -h, --help     this text (reads no configuration)

It reads the same configuration as the bot (.env and the environment: DATABASE_URL, DATA_DIR,
VAULT_KEY...). On SQLite, forget and export are best run with the bot stopped or restarted after:
the running bot keeps linked tokens it has read in memory.`;

type Command = (
  context: AdminContext,
  argument: string | undefined,
  guild: string | undefined,
) => Promise<void>;

interface CommandSpec {
  run: Command;
  /** What its one argument is, when it takes one. */
  needs?: 'subscription id' | 'discord user id';
}

const COMMANDS: Record<string, CommandSpec> = {
  status: { run: (context) => status(context) },
  subscriptions: { run: (context, _argument, guild) => listSubscriptions(context, guild) },
  pause: { run: (context, id) => pause(context, id ?? ''), needs: 'subscription id' },
  resume: { run: (context, id) => resume(context, id ?? ''), needs: 'subscription id' },
  remove: { run: (context, id) => remove(context, id ?? ''), needs: 'subscription id' },
  forget: { run: (context, id) => forget(context, id ?? ''), needs: 'discord user id' },
  export: { run: (context, id) => exportUser(context, id ?? ''), needs: 'discord user id' },
};

interface AdminArgs {
  command: CommandSpec;
  argument: string | undefined;
  guild: string | undefined;
}

/** Reads the command line strictly: an unknown command, option or extra argument is a usage error. */
function parseAdmin(argv: string[]): AdminArgs | typeof HELP {
  const { values, positionals } = strictArgs(argv, {
    allowPositionals: true,
    options: { guild: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [name, argument, ...extra] = positionals;
  if (values.help || name === 'help') return HELP;
  if (!name) throw new UsageError('no command given');
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) throw new UsageError(`unknown command ${JSON.stringify(name.slice(0, 40))}`);
  if (command.needs && !argument) throw new UsageError(`${name} needs a ${command.needs}`);
  if ((!command.needs && argument) || extra.length > 0)
    throw new UsageError(`${name} takes ${command.needs ? 'one argument' : 'no argument'}`);
  if (values.guild !== undefined && name !== 'subscriptions')
    throw new UsageError('--guild goes with subscriptions only');
  if (command.needs === 'discord user id' && !/^\d{15,25}$/.test(argument ?? ''))
    throw new UsageError(`"${(argument ?? '').slice(0, 40)}" is not a Discord user id (15-25 digits)`);
  return { command, argument, guild: values.guild };
}

/** Runs a parsed command over the configured store. */
async function runParsed(cli: CliContext, args: AdminArgs): Promise<void> {
  const context = await openAdminContext(cli.config, cli.logger, cli.out);
  try {
    await args.command.run(context, args.argument, args.guild);
  } finally {
    await context.close();
  }
}

/** Parses `argv` and runs the command; exported for the tests, which call it as the program would. */
export async function runAdmin(argv: string[], cli: CliContext): Promise<void> {
  const args = parseAdmin(argv);
  if (args === HELP) return cli.out(ADMIN_HELP);
  return runParsed(cli, args);
}

if (isEntryPoint(import.meta.url))
  await runCli('admin', { usage: ADMIN_HELP, parse: parseAdmin, run: runParsed });
