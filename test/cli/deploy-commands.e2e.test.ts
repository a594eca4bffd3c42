import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { SOURCE_FLAGS } from '../support/spawn-bot.js';

const run = promisify(execFile);

/** `npm run deploy-commands` as an operator runs it, against the fake Discord through DISCORD_REST_URL. */
describe('deploy-commands', () => {
  let discord: FakeDiscord;

  beforeAll(async () => {
    discord = await startFakeDiscord({ guilds: 1 });
  });
  afterAll(async () => {
    await discord?.close();
  });

  const deploy = (args: string[]) =>
    run(process.execPath, [...SOURCE_FLAGS, 'src/cli/deploy-commands.ts', ...args], {
      env: { ...process.env, DISCORD_TOKEN: discord.botToken, DISCORD_REST_URL: discord.restUrl },
      timeout: 60_000,
    });

  it('registers every command in one guild, then globally, each with ja localizations', async () => {
    const guildId = discord.guildIds[0] ?? '';
    const inGuild = await deploy(['--guild', guildId]);
    expect(inGuild.stdout).toMatch(/Registered \d+ commands in guild/);
    const names = discord
      .registeredCommands(guildId)
      .map((c) => c.name)
      .sort();
    expect(names).toEqual([
      'Compare viewing',
      'Look up anime',
      'Viewing record',
      'account',
      'compare',
      'episode',
      'feed',
      'help',
      'library',
      'me',
      'party',
      'people',
      'record',
      'remind',
      'review',
      'schedule',
      'status',
      'subscription',
      'user',
      'watch',
      'work',
    ]);
    for (const command of discord.registeredCommands(guildId)) {
      // Slash commands keep their English names for Japanese readers too (docs/commands.md).
      if (command.type === 1) expect(command.name_localizations ?? undefined).toBeUndefined();
      else expect(JSON.stringify(command.name_localizations)).toMatch(/"ja":"[^"]+"/);
      // Context-menu commands (user 2, message 3) have no description.
      if (command.type === 1)
        expect(JSON.stringify(command.description_localizations)).toMatch(/"ja":"[^"]+"/);
    }

    const global = await deploy([]);
    expect(global.stdout).toMatch(/Registered 21 commands globally/);
    expect(discord.registeredCommands().length).toBe(21);
  });

  it('refuses a malformed guild id and a missing token with one clear message', async () => {
    await expect(deploy(['--guild', 'abc'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--guild'),
    });
    await expect(
      run(process.execPath, [...SOURCE_FLAGS, 'src/cli/deploy-commands.ts'], {
        env: { ...process.env, DISCORD_TOKEN: '', DISCORD_REST_URL: discord.restUrl },
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('DISCORD_TOKEN') });
  });
});
