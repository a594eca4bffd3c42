import type { FakeDiscord } from '../fakes/discord/fake-discord.js';
import type { Emulator } from '../fakes/emulator/server.js';

/** The settings that point a bot at the fake Discord and the emulator instead of the real services. */
export function fakesEnv(discord: FakeDiscord, emulator: Emulator) {
  return { DISCORD_TOKEN: discord.botToken, DISCORD_REST_URL: discord.restUrl, SERVICE_URL: emulator.url };
}
