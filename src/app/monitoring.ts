/** Hands the metrics the sources their state gauges read: the store's counts, the feed's backlog, the shards. */
import type { Client } from 'discord.js';
import { z } from 'zod';
import { OUTBOX_COLLECTION, outboxEntrySchema } from '../jobs/delivery/outbox.js';
import type { Jobs } from '../jobs/index.js';
import type { Metrics } from '../metrics.js';
import { StoreCensus } from '../monitoring/store-census.js';
import type { Store } from '../store/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import { VAULT_COLLECTION } from '../vault/index.js';

export interface MonitoredParts {
  metrics: Metrics;
  store: Store;
  subscriptions: Subscriptions;
  jobs: Jobs;
  client: Client;
  now: () => Date;
  /** With Redis the owner queue runs the feed: the backlog is its waiting jobs, not the scheduler's. */
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
      const { due, longestWaitMs } = jobs.scheduler.backlog();
      return { due, oldestOverdueS: longestWaitMs / 1000 };
    };
  metrics.watched.shards = () =>
    client.ws.shards.map((shard) => ({ id: shard.id, status: shard.status, pingMs: shard.ping }));
}
