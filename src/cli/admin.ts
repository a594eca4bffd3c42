/**
 * `npm run admin -- <command>` (in the image: `node dist/src/cli/admin.js <command>`): the operator's
 * view into the store and the few changes an operator makes. Works on SQLite, Redis and PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { isEntryPoint } from '../entry-point.js';
import { listSubscriptions, pause, remove, resume, status } from './admin-commands.js';
import { type AdminContext, openAdminContext } from './admin-context.js';
import { exportUser, forget } from './admin-person.js';
import { type CliContext, CliRefusal, runCli } from './cli-common.js';

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
  -h, --help     this text

It reads the same configuration as the bot (.env and the environment: DATABASE_URL, DATA_DIR,
VAULT_KEY...). On SQLite, forget and export are best run with the bot stopped or restarted after:
the running bot keeps linked tokens it has read in memory.`;

type Command = (
  context: AdminContext,
  argument: string | undefined,
  guild: string | undefined,
) => Promise<void>;

const needs = (what: string, run: (context: AdminContext, value: string) => Promise<void>): Command => {
  return (context, argument) => {
    if (!argument) throw new CliRefusal(`this command needs a ${what}\n\n${ADMIN_HELP}`, 2);
    if (what === 'discord user id' && !/^\d{15,25}$/.test(argument))
      throw new CliRefusal(`"${argument.slice(0, 40)}" is not a Discord user id (15-25 digits)`, 2);
    return run(context, argument);
  };
};

const COMMANDS: Record<string, Command> = {
  status: (context) => status(context),
  subscriptions: (context, _argument, guild) => listSubscriptions(context, guild),
  pause: needs('subscription id', pause),
  resume: needs('subscription id', resume),
  remove: needs('subscription id', remove),
  forget: needs('discord user id', forget),
  export: needs('discord user id', exportUser),
};

/** Parses `argv` and runs the command; exported for the tests, which call it as the program would. */
export async function runAdmin(argv: string[], cli: CliContext): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { guild: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [name, argument, ...extra] = positionals;
  if (values.help || name === 'help') return cli.out(ADMIN_HELP);
  const command = name ? COMMANDS[name] : undefined;
  if (!command || extra.length > 0) {
    throw new CliRefusal(
      `${name ? `unknown command or extra arguments: ${positionals.join(' ')}` : 'no command'}\n\n${ADMIN_HELP}`,
      2,
    );
  }
  const context = await openAdminContext(cli.config, cli.logger, cli.out);
  try {
    await command(context, argument, values.guild);
  } finally {
    await context.close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli('admin', (cli) => runAdmin(process.argv.slice(2), cli));
