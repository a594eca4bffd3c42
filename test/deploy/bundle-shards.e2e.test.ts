/**
 * SHARDS=2 from the bundle the image starts (`node dist/bundle/src/main.js`): the supervisor forks
 * the entry that started it, wherever the bundler put the supervisor's own code, and each shard
 * process finds the command folders beside that entry.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from '../fakes/emulator/seed.js';
import { fakesEnv } from '../support/fakes-env.js';
import { freePort } from '../support/free-port.js';
import { guildOnShard } from '../support/sharded-feed.js';
import { type BotProcess, spawnBot } from '../support/spawn-bot.js';
import { USERS } from '../support/stack.js';
import { useFakes } from '../support/use-fakes.js';
import { imageApp, imageSettings } from './image-layout.js';

describe('the bundle under the shard supervisor', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 4, shards: 2 } });
  let root: string;
  let bot: BotProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'kiroku-bundle-shards-'));
    const app = await imageApp(root);
    const { env, cmd } = imageSettings();
    expect(cmd.at(-1)).toBe('dist/bundle/src/main.js');
    bot = spawnBot(cmd.slice(1), {
      cwd: app,
      env: {
        PATH: process.env.PATH,
        ...env,
        ...fakesEnv(discord, emulator),
        SERVICE_TOKEN: DEMO_TOKENS.carol,
        DATA_DIR: path.join(root, 'data'),
        // The image listens beyond loopback: its /metrics needs a token there.
        HTTP_PORT: String(await freePort()),
        METRICS_TOKEN: 'bundle-shards-test-metrics-token-0123456789',
        SHARDS: '2',
        LOG_LEVEL: 'info',
      },
    });
    await bot.waitFor('all shards ready', 90_000);
  }, 180_000);

  afterAll(async () => {
    bot?.kill();
    await bot?.exited;
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('starts a shard process per shard from the bundle, each answering its guilds', async () => {
    expect(new Set(discord.sessions().map((s) => JSON.stringify(s.shard))).size).toBe(2);
    for (const shard of [0, 1]) {
      const reply = await (
        await discord.slash({ name: 'help', user: USERS.alice, guildId: guildOnShard(discord, shard) })
      ).reply(20_000);
      expect(reply.embeds[0]?.title).toBeTruthy();
    }
    expect(bot.output()).not.toMatch(/kiroku cannot start|Cannot find module/);
  });
});
