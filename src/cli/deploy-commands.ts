import { parseArgs } from 'node:util';
import { REST, Routes } from 'discord.js';
import type { APIApplication } from 'discord-api-types/v10';
import { loadCommands } from '../bot/loader.js';
import { ConfigError, loadConfig, requireDiscordToken } from '../config.js';

/**
 * `npm run deploy-commands [-- --guild ID]`: registers every command globally, or in one guild
 * (instant, for trials). Honours DISCORD_REST_URL like the bot does.
 */
async function deploy(argv: string[]): Promise<void> {
  // Not strict: other arguments are ignored, as they always were.
  const { values } = parseArgs({ args: argv, options: { guild: { type: 'string' } }, strict: false });
  const guildId = values.guild;
  if (guildId !== undefined && !(typeof guildId === 'string' && /^\d{5,20}$/.test(guildId))) {
    throw new ConfigError('--guild: expects a guild id');
  }
  const config = loadConfig();
  const rest = new REST(config.discordRestUrl ? { api: config.discordRestUrl } : {}).setToken(
    requireDiscordToken(config),
  );
  const application = (await rest.get(Routes.currentApplication())) as APIApplication;
  const body = [...(await loadCommands()).values()].map((module) => module.definition);
  const route = guildId
    ? Routes.applicationGuildCommands(application.id, guildId)
    : Routes.applicationCommands(application.id);
  const registered = (await rest.put(route, { body })) as unknown[];
  console.log(`Registered ${registered.length} commands ${guildId ? `in guild ${guildId}` : 'globally'}.`);
}

deploy(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`deploy-commands failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
