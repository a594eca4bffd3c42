/**
 * Active subscriptions grouped by owner, read from the store at most once per `maxAgeMs`: the
 * per-owner jobs run many times a second across owners, and a store scan per job would cost a
 * whole scan per owner. An owner missing from a snapshot (a subscription made since) is looked up
 * afresh, and so is an owner whose subscriptions changed since (`fresh`, e.g. one made in another
 * process), so that a new subscription is neither taken for "nothing to do" nor left out of a post.
 */
import type { Subscription, Subscriptions } from '../subscriptions/model.js';

export class OwnerSnapshot {
  readonly #subscriptions: Pick<Subscriptions, 'all'>;
  readonly #maxAgeMs: number;
  #byOwner: Map<string, Subscription[]> | undefined;
  #readAt = 0;
  #reading: Promise<Map<string, Subscription[]>> | undefined;

  constructor(subscriptions: Pick<Subscriptions, 'all'>, maxAgeMs: number) {
    this.#subscriptions = subscriptions;
    this.#maxAgeMs = maxAgeMs;
  }

  /** Every owner with at least one active subscription. */
  async owners(): Promise<string[]> {
    return [...(await this.#current()).keys()];
  }

  /** The owner's active subscriptions (empty when there are none); `fresh` reads the store now. */
  async ofOwner(ownerId: string, fresh = false): Promise<Subscription[]> {
    const found = fresh ? undefined : (await this.#current()).get(ownerId);
    if (found) return found;
    // A read of its own, started now: one already in flight may have begun before the change.
    return (await this.#read()).get(ownerId) ?? [];
  }

  /** Forgets the snapshot (after this process changed a subscription). */
  invalidate(): void {
    this.#byOwner = undefined;
  }

  async #current(): Promise<Map<string, Subscription[]>> {
    const stale = Date.now() - this.#readAt >= this.#maxAgeMs;
    if (this.#byOwner && !stale) return this.#byOwner;
    // Concurrent jobs share one read.
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<Map<string, Subscription[]>> {
    const startedAt = Date.now();
    const byOwner = new Map<string, Subscription[]>();
    for (const subscription of await this.#subscriptions.all((s) => s.state === 'active')) {
      const owned = byOwner.get(subscription.ownerId);
      if (owned) owned.push(subscription);
      else byOwner.set(subscription.ownerId, [subscription]);
    }
    this.#byOwner = byOwner;
    this.#readAt = startedAt;
    return byOwner;
  }
}
