import { REST, Routes } from 'discord.js';
import type { CommandModule } from '#src/bot/command.js';
import type { FakeDiscord } from '../fakes/discord/fake-discord.js';

/** Registers the bot's commands in the fake (as deploy-commands would), so option types are known. */
export async function registerCommands(
  discord: FakeDiscord,
  commands: ReadonlyMap<string, CommandModule>,
): Promise<void> {
  const rest = new REST({ api: discord.restUrl }).setToken(discord.botToken);
  await rest.put(Routes.applicationCommands(discord.applicationId), {
    body: [...commands.values()].map((module) => module.definition),
  });
}
