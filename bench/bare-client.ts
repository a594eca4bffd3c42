/**
 * The baseline: a bare discord.js Client with the same intent as kiroku (Guilds) and discord.js's
 * default caches, answering every slash command and autocomplete with a constant.
 */
import { once } from 'node:events';
import {
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  Client,
  Events,
  GatewayIntentBits,
} from 'discord.js';

export const BARE_EMBED = { title: 'constant', description: 'a constant reply' };
export const BARE_CHOICES = [{ name: 'constant', value: '1' }];

export interface BareClientOptions {
  restUrl: string;
  token: string;
  /** Work done before the constant reply (the floor variant makes its one service request here). */
  beforeReply?: (interaction: ChatInputCommandInteraction | AutocompleteInteraction) => Promise<void>;
}

export async function startBareClient(options: BareClientOptions): Promise<Client> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: options.restUrl } });
  const before = options.beforeReply ?? (async () => undefined);
  client.on(Events.InteractionCreate, (interaction) => {
    if (interaction.isAutocomplete())
      void before(interaction)
        .then(() => interaction.respond(BARE_CHOICES))
        .catch(() => undefined);
    else if (interaction.isChatInputCommand())
      void before(interaction)
        .then(() => interaction.reply({ embeds: [BARE_EMBED] }))
        .catch(() => undefined);
  });
  const ready = once(client, Events.ClientReady);
  await client.login(options.token);
  await ready;
  return client;
}
