import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { FakeDiscord } from './fake-discord.js';

/** A real discord.js client logged in to the fake Discord, ready (its guilds delivered). */
export async function loggedInClient(
  fake: FakeDiscord,
  extra: Partial<ConstructorParameters<typeof Client>[0]> = {},
): Promise<Client<true>> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...fake.clientOptions(), ...extra });
  const ready = once(client, Events.ClientReady);
  await client.login(fake.botToken);
  await ready;
  return client as Client<true>;
}
