/** Hands the metrics the sources their state gauges read: the store's counts, the feed's backlog, the shards. */
import { ApplicationCommandOptionType, type Client } from 'discord.js';
import { z } from 'zod';
import type { CommandModule } from '../bot/command.js';
import type { Jobs } from '../jobs/index.js';
import { DISABLE_REASONS } from '../jobs/posting/notices.js';
import { OUTBOX_COLLECTION, outboxEntrySchema } from '../jobs/posting/outbox.js';
import { POST_FAILURES } from '../jobs/posting/poster.js';
import type { Metrics } from '../monitoring/metrics.js';
import { StoreCensus } from '../monitoring/store-census.js';
import { OPERATIONS } from '../service/api/operations.js';
import type { Store } from '../store/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import { VAULT_COLLECTION } from '../vault/index.js';
import { COLLECTION_NAMES } from './stored-records.js';

export interface MonitoredParts {
  metrics: Metrics;
  store: Store;
  subscriptions: Subscriptions;
  jobs: Jobs;
  client: Client;
  now: () => Date;
  /** With Redis the owner queue runs the feed: the backlog is its waiting jobs, not the paced polling's. */
  scaleOut: boolean;
}

export function watchState(parts: MonitoredParts): void {
  const { metrics, store, jobs, client, now } = parts;
  // Only the keys are counted: the envelopes are never read for a metric.
  const vault = store.collection(VAULT_COLLECTION, z.string());
  const outbox = store.collection(OUTBOX_COLLECTION, outboxEntrySchema);
  metrics.watched.store = new StoreCensus({
    subscriptions: () => parts.subscriptions.all(),
    linkedUsers: () => vault.keys(),
    outbox: () => outbox.entries(),
    now,
  });
  const ownerQueue = jobs.owners;
  if (parts.scaleOut && ownerQueue) metrics.watched.ownerQueueWaiting = () => ownerQueue.waitingJobs();
  else
    metrics.watched.feedBacklog = () => {
      const { due, longestWaitMs } = jobs.feedDriver.backlog();
      return { due, oldestOverdueS: longestWaitMs / 1000 };
    };
  metrics.watched.shards = () =>
    client.ws.shards.map((shard) => ({ id: shard.id, status: shard.status, pingMs: shard.ping }));
}

/** A command's routes as the router names them: `name`, or `name sub` for each sub-command. */
function commandRoutes(module: CommandModule): string[] {
  const { name } = module.definition;
  const options = 'options' in module.definition ? (module.definition.options ?? []) : [];
  const subcommands = options.flatMap((option) => {
    if (option.type === ApplicationCommandOptionType.Subcommand) return [option.name];
    if (option.type === ApplicationCommandOptionType.SubcommandGroup)
      return (option.options ?? []).map((inner) => inner.name);
    return [];
  });
  return subcommands.length > 0 ? subcommands.map((sub) => `${name} ${sub}`) : [name];
}

/** Every label set kiroku knows at start, at zero, so the first scrape has every series (see KnownLabels). */
export function initialiseKnownMetrics(metrics: Metrics, commands: ReadonlyMap<string, CommandModule>): void {
  metrics.initialiseKnown({
    routes: [...commands.values()].flatMap(commandRoutes),
    operations: Object.keys(OPERATIONS),
    postOutcomes: ['posted', ...POST_FAILURES],
    disableReasons: DISABLE_REASONS,
    collections: COLLECTION_NAMES,
  });
}
