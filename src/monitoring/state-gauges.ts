/**
 * Gauges read at each scrape from what the process watches: the store's counts, the feed's backlog
 * and the gateway's shards. Until the composition root hands over a source, its gauge reads zero
 * (or, per shard, nothing).
 */
import { Gauge, type Registry } from 'prom-client';
import {
  type StoreCensus,
  SUBSCRIPTION_KINDS,
  SUBSCRIPTION_STATES,
  subscriptionKey,
} from './store-census.js';

/** The gateway's status names (discord.js's `Status` enum), one series each: 1 for the current one. */
export const GATEWAY_STATUSES = [
  'ready',
  'connecting',
  'reconnecting',
  'idle',
  'nearly',
  'disconnected',
  'waiting_for_guilds',
  'identifying',
  'resuming',
] as const;

export interface ShardState {
  id: number;
  /** discord.js's `Status` value: an index into GATEWAY_STATUSES. */
  status: number;
  /** Milliseconds of the last heartbeat round trip; negative before the first one. */
  pingMs: number;
}

export interface FeedBacklog {
  /** Feed owners whose next poll is due now or past. */
  due: number;
  /** How far past its due time the most overdue owner is, in seconds (0 when none is due). */
  oldestOverdueS: number;
}

/** What the gauges read; the composition root replaces each source once the part exists. */
export interface WatchedState {
  store?: StoreCensus;
  feedBacklog?: () => FeedBacklog | Promise<FeedBacklog>;
  shards?: () => readonly ShardState[];
  /** With Redis: owner jobs due and waiting for a worker, in the one queue every process shares. */
  ownerQueueWaiting?: () => Promise<number>;
  /** Readiness as /readyz answers it (store, gateway, jobs). */
  ready?: () => Promise<boolean>;
  /** SERVICE_RATE_PER_SECOND: the whole bot's request budget to the service. */
  budgetPerSecond?: number;
}

export function registerStateGauges(registry: Registry, watched: WatchedState): void {
  registerStoreGauges(registry, watched);
  const feedBacklog = async () => (await watched.feedBacklog?.()) ?? { due: 0, oldestOverdueS: 0 };
  new Gauge({
    name: 'kiroku_feed_due_owners',
    help: 'Feed owners whose next poll is due now or past (the backlog)',
    registers: [registry],
    async collect() {
      this.set((await feedBacklog()).due);
    },
  });
  new Gauge({
    name: 'kiroku_feed_oldest_overdue_seconds',
    help: 'Seconds the most overdue feed owner has been waiting past its due poll',
    registers: [registry],
    aggregator: 'max',
    async collect() {
      this.set((await feedBacklog()).oldestOverdueS);
    },
  });
  new Gauge({
    name: 'kiroku_owner_queue_waiting_jobs',
    help: 'With Redis: owner jobs due and waiting for a worker (the feed backlog of every process and host)',
    registers: [registry],
    // One queue for all: every process reports the same figure.
    aggregator: 'max',
    async collect() {
      this.set((await watched.ownerQueueWaiting?.().catch(() => 0)) ?? 0);
    },
  });
  registerGatewayGauges(registry, watched);
  registerReadiness(registry, watched);
}

function registerReadiness(registry: Registry, watched: WatchedState): void {
  new Gauge({
    name: 'kiroku_ready',
    help: '1 while /readyz would answer 200 (store reachable, gateway ready, jobs scheduled), else 0',
    registers: [registry],
    // Under sharding the supervisor is ready only when every shard process is.
    aggregator: 'min',
    async collect() {
      this.set((await watched.ready?.().catch(() => false)) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'kiroku_service_budget_per_second',
    help: "The bot's whole request budget to the service (SERVICE_RATE_PER_SECOND)",
    registers: [registry],
    aggregator: 'max',
    collect() {
      this.set(watched.budgetPerSecond ?? 0);
    },
  });
}

function registerStoreGauges(registry: Registry, watched: WatchedState): void {
  // The store is shared by every process: the supervisor keeps one process's figure, not their sum.
  const common = { registers: [registry], aggregator: 'max' as const };
  new Gauge({
    ...common,
    name: 'kiroku_subscriptions',
    help: 'Subscriptions in the store, by kind and state',
    labelNames: ['kind', 'state'] as const,
    async collect() {
      const sample = await watched.store?.sample();
      for (const kind of SUBSCRIPTION_KINDS)
        for (const state of SUBSCRIPTION_STATES)
          this.set({ kind, state }, sample?.subscriptions.get(subscriptionKey(kind, state)) ?? 0);
    },
  });
  new Gauge({
    ...common,
    name: 'kiroku_linked_users',
    help: 'Discord users with a linked service account',
    async collect() {
      this.set((await watched.store?.sample())?.linkedUsers ?? 0);
    },
  });
  new Gauge({
    ...common,
    name: 'kiroku_outbox_pending',
    help: 'Channel posts written to the outbox and not yet confirmed posted (or given up)',
    async collect() {
      this.set((await watched.store?.sample())?.outboxPending ?? 0);
    },
  });
  new Gauge({
    ...common,
    name: 'kiroku_outbox_oldest_pending_seconds',
    help: 'Age in seconds of the oldest pending outbox entry (0 when none is pending)',
    async collect() {
      this.set((await watched.store?.sample())?.outboxOldestPendingS ?? 0);
    },
  });
}

function registerGatewayGauges(registry: Registry, watched: WatchedState): void {
  new Gauge({
    name: 'kiroku_gateway_status',
    help: "Each gateway shard's connection status: 1 on the current status, 0 on the others",
    labelNames: ['shard', 'status'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const shard of watched.shards?.() ?? []) {
        GATEWAY_STATUSES.forEach((status, index) => {
          this.set({ shard: String(shard.id), status }, shard.status === index ? 1 : 0);
        });
      }
    },
  });
  new Gauge({
    name: 'kiroku_gateway_ping_seconds',
    help: "Each gateway shard's last heartbeat round trip, in seconds",
    labelNames: ['shard'] as const,
    registers: [registry],
    collect() {
      this.reset();
      // Before a shard's first heartbeat its ping is unknown: NaN, so the series is there from the start.
      for (const shard of watched.shards?.() ?? [])
        this.set({ shard: String(shard.id) }, shard.pingMs >= 0 ? shard.pingMs / 1000 : Number.NaN);
    },
  });
}
