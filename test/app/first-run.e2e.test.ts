import { existsSync } from 'node:fs';
import { appendFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { REST, Routes } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCommands } from '#src/bot/loader.js';
import { fakesEnv } from '../support/fakes-env.js';
import { type BotProcess, directoryWithEnvExample, FROM_SOURCE, spawnBot } from '../support/spawn-bot.js';
import { useFakes } from '../support/use-fakes.js';

const INVITE =
  'https://discord.com/api/v10/oauth2/authorize?client_id=900000000000000001&scope=bot+applications.commands&permissions=317827632128';

/** The README's first run: `.env.example` copied to `.env`, one variable set (here in the environment, which wins). */
describe('first run from a copied .env.example', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 2 }, perTest: true });
  let directory: string;
  let bot: BotProcess | undefined;

  beforeEach(async () => {
    directory = await directoryWithEnvExample('kiroku-first-run-');
  });
  afterEach(async () => {
    bot?.kill();
    await bot?.exited;
    await rm(directory, { recursive: true, force: true });
  });

  const start = () =>
    spawnBot(FROM_SOURCE, {
      cwd: directory,
      env: {
        ...process.env,
        ...fakesEnv(discord, emulator),
      },
    });

  it('reaches ready, says how to register the commands and invite the bot, and answers /help', async () => {
    bot = start();
    await bot.waitFor('kiroku is ready');
    // The ready line says where the start's time went (docs/performance.md).
    const ready = bot
      .output()
      .split('\n')
      .find((line) => line.includes('kiroku is ready'));
    const steps = (JSON.parse(ready ?? '{}') as { startMs?: Record<string, number> }).startMs ?? {};
    for (const step of ['beforeStart', 'modules', 'store', 'vault', 'waitingForDiscord', 'sinceProcessStart'])
      expect(steps[step], step).toBeGreaterThanOrEqual(0);
    await bot.waitFor('no slash commands are registered');
    expect(bot.output()).toContain('run `npm run deploy-commands` once');
    expect(bot.output().split(INVITE).length - 1).toBe(1);
    // The data lands in DATA_DIR's default, ./data beside the .env.
    expect(existsSync(path.join(directory, 'data', 'kiroku.sqlite'))).toBe(true);
    const reply = await (await discord.slash({ name: 'help' })).reply(10_000);
    expect(reply.embeds[0]?.title).toBeTruthy();
  });

  for (const where of ['globally', 'in one server'] as const) {
    it(`does not warn when the commands are registered ${where}`, async () => {
      const rest = new REST({ api: discord.restUrl }).setToken(discord.botToken);
      const body = [...(await loadCommands()).values()].map((module) => module.definition);
      const guildId = discord.guildIds[1] ?? '';
      const route =
        where === 'globally'
          ? Routes.applicationCommands(discord.applicationId)
          : Routes.applicationGuildCommands(discord.applicationId, guildId);
      await rest.put(route, { body });
      bot = start();
      await bot.waitFor('kiroku is ready');
      await bot.waitFor(INVITE);
      // The check is done once the fake has answered the GET of the commands where they are.
      const checkedPath = where === 'globally' ? /\d\/commands$/ : new RegExp(`${guildId}/commands$`);
      const checked = () => discord.restCalls.some((c) => c.method === 'GET' && checkedPath.test(c.path));
      for (let i = 0; i < 100 && !checked(); i++) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 200));
      expect(checked()).toBe(true);
      expect(bot.output()).not.toContain('no slash commands are registered');
    });
  }

  it("keeps discord.js from reading kiroku's SHARDS as shard ids", async () => {
    // SHARDS=1 used to reach discord.js's Client as "shard 1 of 1" and crash with "Invalid shard".
    // (SHARD_COUNT is kiroku's own since several hosts can split the shards: it starts the supervisor.)
    await appendFile(path.join(directory, '.env'), 'SHARDS=1\n');
    bot = start();
    await bot.waitFor('kiroku is ready');
    expect(discord.sessions().map((session) => session.shard)).toEqual([[0, 1]]);
    const reply = await (await discord.slash({ name: 'help', guildId: discord.guildIds[1] })).reply(10_000);
    expect(reply.embeds[0]?.title).toBeTruthy();
  });
});
