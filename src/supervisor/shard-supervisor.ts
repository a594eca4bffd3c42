import { REST, Routes, ShardingManager } from 'discord.js';
import type { Config } from '../config.js';
import { within } from '../lib/deadline.js';
import type { Logger } from '../logger.js';

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

/** Whether `npm start` runs the shard supervisor: SHARDS other than 1, or SHARD_COUNT / SHARD_IDS set. */
export function supervisesShards(config: Config, env: NodeJS.ProcessEnv = process.env): boolean {
  return !isShardProcess(env) && (config.shards !== 1 || config.shardRange.total !== undefined);
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
  /** The script each shard process runs: the entry that started the supervisor (source, tsc's or the bundle's). */
  entry: string,
): Promise<ShardSupervisor> {
  // SHARD_COUNT (several hosts) or SHARDS; SHARD_IDS picks this host's shards out of them.
  const shardCount =
    config.shardRange.total ??
    (config.shards === 'auto' ? await recommendedShardCount(config, token) : config.shards);
  const shardList = config.shardRange.ids ?? [...Array(shardCount).keys()];
  const manager = new ShardingManager(entry, {
    token,
    totalShards: shardCount,
    shardList,
    mode: 'process',
    respawn: true,
    // Keeps the TypeScript loader when started with tsx (npm start).
    execArgv: process.execArgv,
  });
  manager.on('shardCreate', (shard) => {
    logger.info({ shard: shard.id, shardCount }, 'shard launched');
    shard.on('death', () => logger.warn({ shard: shard.id }, 'shard process died; respawning'));
  });
  // Loaded only by a supervisor: a single bot process never needs them.
  const [{ readMaxConcurrency, spawnDelayMs }, { startSupervisorHttp }] = await Promise.all([
    import('./identify-pacing.js'),
    import('./supervisor-http.js'),
  ]);
  const delay = spawnDelayMs(await readMaxConcurrency(config.discordRestUrl, token, logger));
  const http =
    config.httpPort === undefined
      ? undefined
      : await startSupervisorHttp({
          port: config.httpPort,
          host: config.httpHost,
          metricsToken: config.metricsToken,
          manager,
          shards: shardList.length,
          logger,
        });
  await manager.spawn({ amount: shardCount, delay, timeout: 120_000 });
  logger.info({ shardCount, shards: shardList }, 'all shards ready');
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
      await within(Promise.all(exits), timeoutMs);
      await http?.close();
    },
  };
}
