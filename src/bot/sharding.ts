import { fileURLToPath } from 'node:url';
import { type Client, REST, Routes, ShardClientUtil, ShardingManager } from 'discord.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';

/** Whether this process serves a guild: with sharding, only the guilds of its own shards. */
export function servesGuild(client: Client, guildId: string): boolean {
  const shards = client.options.shards;
  const count = client.options.shardCount ?? 1;
  if (!Array.isArray(shards) || count <= 1) return true;
  return shards.includes(ShardClientUtil.shardIdForGuildId(guildId, count));
}

/** True in a process that discord.js's ShardingManager started (it runs one or more shards). */
export function isShardProcess(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SHARDING_MANAGER === 'true';
}

/**
 * discord.js's Client reads SHARDS (as shard ids, JSON) and SHARD_COUNT from process.env by itself.
 * Only a shard process gets them from the ShardingManager; anywhere else SHARDS is kiroku's own setting
 * (`SHARDS=1` from a .env would become "shard 1 of 1", an invalid shard), so once the configuration is
 * read they are removed before any Client is built. The ShardingManager sets both for its children.
 */
export function forgetShardVariablesOutsideShards(env: NodeJS.ProcessEnv = process.env): void {
  if (isShardProcess(env)) return;
  delete env.SHARDS;
  delete env.SHARD_COUNT;
}

/** Discord's recommended shard count, asked through DISCORD_REST_URL like every other call. */
async function recommendedShardCount(config: Config, token: string): Promise<number> {
  const rest = new REST(config.discordRestUrl ? { api: config.discordRestUrl } : {}).setToken(token);
  const gateway = (await rest.get(Routes.gatewayBot())) as { shards?: number };
  return Math.max(1, gateway.shards ?? 1);
}

export interface ShardSupervisor {
  shardCount: number;
  /** Sends SIGTERM to every shard process and waits (bounded) until they are gone. */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * `SHARDS=auto|N`: runs the bot under discord.js's ShardingManager, one process per shard, each
 * one the same entry point (src/main) and composition root as a single-process bot.
 */
export async function superviseShards(
  config: Config,
  token: string,
  logger: Logger,
): Promise<ShardSupervisor> {
  const shardCount = config.shards === 'auto' ? await recommendedShardCount(config, token) : config.shards;
  const entry = fileURLToPath(
    new URL(`../main${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url),
  );
  const manager = new ShardingManager(entry, {
    token,
    totalShards: shardCount,
    mode: 'process',
    respawn: true,
    // Keeps the TypeScript loader when started with tsx (npm start).
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard) => {
    logger.info({ shard: shard.id, shardCount }, 'shard launched');
    shard.on('death', () => logger.warn({ shard: shard.id }, 'shard process died; respawning'));
  });
  await manager.spawn({ amount: shardCount, delay: 0, timeout: 120_000 });
  logger.info({ shardCount }, 'all shards ready');
  return {
    shardCount,
    async stop(timeoutMs) {
      const exits = [...manager.shards.values()].map(
        (shard) =>
          new Promise<void>((resolve) => {
            const child = shard.process;
            if (!child || child.exitCode !== null) return resolve();
            child.once('exit', () => resolve());
            // kill() removes discord.js's respawn listener, then sends SIGTERM.
            shard.kill();
          }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(exits),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
