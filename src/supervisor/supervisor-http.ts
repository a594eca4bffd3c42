/** The supervisor's HTTP_PORT: `/healthz` and `/metrics` over every shard process of this host. */
import type { ShardingManager } from 'discord.js';
import { startHttpServer } from '../http/server.js';
import type { Logger } from '../logger.js';
import { ShardCensus } from './shard-census.js';

export async function startSupervisorHttp(options: {
  port: number;
  /** HTTP_HOST and METRICS_TOKEN, as a single process uses them. */
  host: string;
  metricsToken: string | undefined;
  manager: ShardingManager;
  /** How many shards this host runs (all of them must be ready to be healthy). */
  shards: number;
  logger: Logger;
}): Promise<{ port: number; close(): Promise<void> }> {
  const census = new ShardCensus(options.manager, options.shards);
  return startHttpServer({
    port: options.port,
    host: options.host,
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    logger: options.logger,
    health: () => census.health(),
    metrics: () => census.metrics(),
  });
}
