/**
 * Active subscriptions grouped by owner, read from the store at most once per `maxAgeMs`: the
 * per-owner jobs run many times a second across owners, and a store scan per job would cost a
 * whole scan per owner. Each read takes the owners' change marks first (owner-changes.ts); an owner
 * whose mark has moved since (a subscription made in any process), or who is missing, is read
 * afresh, so a new subscription is neither taken for "nothing to do" nor left out of a post.
 */
import type { Subscription, Subscriptions } from '../subscriptions/model.js';
import type { OwnerChanges } from './owner-changes.js';

interface Snapshot {
  byOwner: Map<string, Subscription[]>;
  /** The owners' change marks, read just before the subscriptions. */
  marks: Map<string, string>;
  readAt: number;
}

export interface OwnerSubscriptions {
  owned: Subscription[];
  /** The owner's change mark when `owned` was read (undefined: none yet). */
  mark: string | undefined;
}

export class OwnerSnapshot {
  readonly #subscriptions: Pick<Subscriptions, 'all'>;
  readonly #changes: Pick<OwnerChanges, 'all' | 'current'> | undefined;
  readonly #maxAgeMs: number;
  #snapshot: Snapshot | undefined;
  #reading: Promise<Snapshot> | undefined;

  constructor(
    subscriptions: Pick<Subscriptions, 'all'>,
    maxAgeMs: number,
    changes?: Pick<OwnerChanges, 'all' | 'current'>,
  ) {
    this.#subscriptions = subscriptions;
    this.#maxAgeMs = maxAgeMs;
    this.#changes = changes;
  }

  /** Every owner with at least one active subscription. */
  async owners(): Promise<string[]> {
    return [...(await this.#current()).byOwner.keys()];
  }

  /** Every owner with at least one active feed subscription. */
  async feedOwners(): Promise<string[]> {
    const owners: string[] = [];
    for (const [owner, owned] of (await this.#current()).byOwner) {
      if (owned.some((s) => s.kind === 'feed')) owners.push(owner);
    }
    return owners;
  }

  /** The owner's active subscriptions (empty when there are none), current as of its change mark. */
  async ofOwner(ownerId: string): Promise<OwnerSubscriptions> {
    const mark = await this.#changes?.current(ownerId);
    const snapshot = await this.#current();
    const owned = snapshot.byOwner.get(ownerId);
    if (owned && snapshot.marks.get(ownerId) === mark) return { owned, mark };
    // A read of its own, started now: one already in flight may have begun before the change.
    const fresh = await this.#read();
    return { owned: fresh.byOwner.get(ownerId) ?? [], mark: fresh.marks.get(ownerId) };
  }

  /** Forgets the snapshot (after this process changed a subscription). */
  invalidate(): void {
    this.#snapshot = undefined;
  }

  async #current(): Promise<Snapshot> {
    const snapshot = this.#snapshot;
    if (snapshot && Date.now() - snapshot.readAt < this.#maxAgeMs) return snapshot;
    // Concurrent jobs share one read.
    this.#reading ??= this.#read().finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  async #read(): Promise<Snapshot> {
    const readAt = Date.now();
    const marks = (await this.#changes?.all()) ?? new Map<string, string>();
    const byOwner = new Map<string, Subscription[]>();
    for (const subscription of await this.#subscriptions.all((s) => s.state === 'active')) {
      const owned = byOwner.get(subscription.ownerId);
      if (owned) owned.push(subscription);
      else byOwner.set(subscription.ownerId, [subscription]);
    }
    const snapshot = { byOwner, marks, readAt };
    this.#snapshot = snapshot;
    return snapshot;
  }
}
