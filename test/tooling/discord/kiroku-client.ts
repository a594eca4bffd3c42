import { once } from 'node:events';
import { type Client, Events } from 'discord.js';
import { createDiscordClient } from '#src/bot/client.js';
import type { FakeDiscord } from '../../fakes/discord/fake-discord.js';

/** kiroku's own discord.js client (src/bot/client.ts, caches cut down), logged in to the fake and ready. */
export async function readyKirokuClient(fake: FakeDiscord): Promise<Client> {
  const client = createDiscordClient({ restUrl: fake.restUrl });
  const ready = once(client, Events.ClientReady);
  await client.login(fake.botToken);
  await ready;
  return client;
}
