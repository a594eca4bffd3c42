/**
 * The baseline: a bare discord.js Client with the same intent as kiroku (Guilds) and discord.js's
 * default caches, answering every slash command and autocomplete with a constant.
 */
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';

export const BARE_EMBED = { title: 'constant', description: 'a constant reply' };
export const BARE_CHOICES = [{ name: 'constant', value: '1' }];

export async function startBareClient(options: { restUrl: string; token: string }): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: options.restUrl } });
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isAutocomplete()) void interaction.respond(BARE_CHOICES).catch(() => undefined);
    else if (interaction.isChatInputCommand())
      void interaction.reply({ embeds: [BARE_EMBED] }).catch(() => undefined);
  });
  const ready = once(client, Events.ClientReady);
  await client.login(options.token);
  await ready;
  return client;
}
