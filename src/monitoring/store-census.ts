/**
 * Counts read from the store for the gauges: subscriptions by kind and state, linked users, and the
 * outbox's pending posts. Each count is a scan, so a sample is kept for `maxAgeMs` and shared by every
 * gauge and every scrape meanwhile (concurrent scrapes share one scan). The store is the same for
 * every process, so under sharding these gauges are combined with `max`, not summed.
 */
import type { OutboxEntry } from '../jobs/posting/outbox.js';
import { type Subscription, subscriptionSchema } from '../subscriptions/model.js';

export const SUBSCRIPTION_KINDS = subscriptionSchema.shape.kind.options;
export const SUBSCRIPTION_STATES = subscriptionSchema.shape.state.options;

export interface StoreSample {
  /** `${kind}/${state}` -> how many; every kind and state present, zeros included. */
  subscriptions: Map<string, number>;
  linkedUsers: number;
  outboxPending: number;
  /** Seconds since the oldest pending outbox entry was first written; 0 with none pending. */
  outboxOldestPendingS: number;
}

export interface StoreCensusSources {
  subscriptions: () => Promise<Subscription[]>;
  /** The linked users' keys (never their tokens). */
  linkedUsers: () => AsyncIterable<string>;
  outbox: () => AsyncIterable<[string, OutboxEntry]>;
  now: () => Date;
}

/** A scrape every 15 s would otherwise scan every subscription and outbox entry 4 times a minute. */
const DEFAULT_MAX_AGE_MS = 30_000;

export function subscriptionKey(kind: string, state: string): string {
  return `${kind}/${state}`;
}

export class StoreCensus {
  readonly #sources: StoreCensusSources;
  readonly #maxAgeMs: number;
  #sample: { at: number; value: StoreSample } | undefined;
  #reading: Promise<StoreSample> | undefined;

  constructor(sources: StoreCensusSources, maxAgeMs = DEFAULT_MAX_AGE_MS) {
    this.#sources = sources;
    this.#maxAgeMs = maxAgeMs;
  }

  /** The last sample while it is fresh, else a new one. */
  sample(): Promise<StoreSample> {
    const current = this.#sample;
    if (current && Date.now() - current.at < this.#maxAgeMs) return Promise.resolve(current.value);
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<StoreSample> {
    const subscriptions = new Map<string, number>();
    for (const kind of SUBSCRIPTION_KINDS)
      for (const state of SUBSCRIPTION_STATES) subscriptions.set(subscriptionKey(kind, state), 0);
    for (const { kind, state } of await this.#sources.subscriptions()) {
      const key = subscriptionKey(kind, state);
      subscriptions.set(key, (subscriptions.get(key) ?? 0) + 1);
    }
    let linkedUsers = 0;
    for await (const _ of this.#sources.linkedUsers()) linkedUsers += 1;
    const { pending, oldestS } = await this.#outbox();
    const value = { subscriptions, linkedUsers, outboxPending: pending, outboxOldestPendingS: oldestS };
    this.#sample = { at: Date.now(), value };
    return value;
  }

  async #outbox(): Promise<{ pending: number; oldestS: number }> {
    const now = this.#sources.now().getTime();
    let pending = 0;
    let oldest = now;
    for await (const [, entry] of this.#sources.outbox()) {
      if (entry.state !== 'pending') continue;
      pending += 1;
      const created = Date.parse(entry.createdAt);
      if (Number.isFinite(created)) oldest = Math.min(oldest, created);
    }
    return { pending, oldestS: Math.max(0, (now - oldest) / 1000) };
  }
}
