/**
 * `npm run deploy-commands [-- --guild <id>] [--clear]`: registers every command globally, or in one
 * guild (instant, for trials); `--clear` removes what is registered there instead. Honours
 * DISCORD_REST_URL like the bot does.
 */
import { REST, Routes } from 'discord.js';
import type { APIApplication } from 'discord-api-types/v10';
import { loadCommands } from '../bot/loader.js';
import { requireDiscordToken } from '../config.js';
import { isEntryPoint } from '../lib/entry-point.js';
import { type CliContext, HELP, runCli, strictArgs, UsageError } from './cli-common.js';

const DEPLOY_HELP = `Usage: npm run deploy-commands [-- --guild <server id>] [--clear]
       node dist/src/cli/deploy-commands.js [--guild <server id>] [--clear]

Registers kiroku's slash and context-menu commands with Discord: globally (every server and user
installs; Discord may take up to an hour to show changes), or with --guild in one server at once.
  --guild <id>   one server only (the bot must be in it)
  --clear        remove the commands registered globally (or, with --guild, in that server) instead;
                 keep to one registration: commands registered both ways show twice in that server
  -h, --help     this text (reads no configuration)`;

interface DeployArgs {
  guildId: string | undefined;
  clear: boolean;
}

function parseDeploy(argv: string[]): DeployArgs | typeof HELP {
  const { values } = strictArgs(argv, {
    options: {
      guild: { type: 'string' },
      clear: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return HELP;
  const guildId = values.guild;
  if (guildId !== undefined && !/^\d{5,20}$/.test(guildId))
    throw new UsageError('--guild expects a server id (digits)');
  return { guildId, clear: values.clear };
}

async function deploy({ config, out }: CliContext, { guildId, clear }: DeployArgs): Promise<void> {
  const rest = new REST(config.discordRestUrl ? { api: config.discordRestUrl } : {}).setToken(
    requireDiscordToken(config),
  );
  const application = (await rest.get(Routes.currentApplication())) as APIApplication;
  const route = guildId
    ? Routes.applicationGuildCommands(application.id, guildId)
    : Routes.applicationCommands(application.id);
  const where = guildId ? `in guild ${guildId}` : 'globally';
  if (clear) {
    const before = (await rest.get(route)) as unknown[];
    await rest.put(route, { body: [] });
    out(`Removed ${before.length} commands registered ${where}.`);
    return;
  }
  const body = [...(await loadCommands()).values()].map((module) => module.definition);
  const registered = (await rest.put(route, { body })) as unknown[];
  out(`Registered ${registered.length} commands ${where}.`);
}

if (isEntryPoint(import.meta.url))
  await runCli('deploy-commands', { usage: DEPLOY_HELP, parse: parseDeploy, run: deploy });
