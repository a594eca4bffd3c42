/**
 * Active subscriptions grouped by owner, kept between reads: the per-owner jobs run many times a
 * second across owners, and a store scan per job would cost a whole scan per owner. At most every
 * `maxAgeMs` the snapshot compares the subscriptions' version mark (one small record, replaced
 * after every change in any process); only a moved mark, or a snapshot a minute old (a process
 * of an older release does not move the mark), reads every subscription again. Each read takes
 * the owners' change marks first (changes.ts); an owner whose mark has moved since (a
 * subscription made in any process), or who is missing, is read afresh, so a new subscription is
 * neither taken for "nothing to do" nor left out of a post.
 */
import { isActiveFeed, type Subscription, type Subscriptions } from '../../subscriptions/model.js';
import type { OwnerChanges } from './changes.js';

interface Snapshot {
  byOwner: Map<string, Subscription[]>;
  /** The owners' change marks, read just before the subscriptions. */
  marks: Map<string, string>;
  /** The subscriptions' version mark, read before the owners' marks. */
  version: string | undefined;
  readAt: number;
  /** When the version mark was last found unchanged (or the snapshot read). */
  checkedAt: number;
}

/** The longest a snapshot is trusted on its version mark alone. */
const FULL_READ_MS = 60_000;

type SnapshotSource = Pick<Subscriptions, 'all' | 'version'>;

export interface OwnerSubscriptions {
  owned: Subscription[];
  /** The owner's change mark when `owned` was read (undefined: none yet). */
  mark: string | undefined;
}

export class OwnerSnapshot {
  readonly #subscriptions: SnapshotSource;
  readonly #changes: Pick<OwnerChanges, 'all' | 'current'> | undefined;
  readonly #maxAgeMs: number;
  #snapshot: Snapshot | undefined;
  #reading: Promise<Snapshot> | undefined;

  constructor(
    subscriptions: SnapshotSource,
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
      if (owned.some(isActiveFeed)) owners.push(owner);
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
    if (snapshot && Date.now() - snapshot.checkedAt < this.#maxAgeMs) return snapshot;
    // Concurrent jobs share one check (and read).
    this.#reading ??= this.#checked(snapshot).finally(() => {
      this.#reading = undefined;
    });
    return this.#reading;
  }

  /** The snapshot itself when no subscription changed since it was read, else a new read. */
  async #checked(snapshot: Snapshot | undefined): Promise<Snapshot> {
    const now = Date.now();
    if (snapshot && now - snapshot.readAt < FULL_READ_MS) {
      const version = await this.#subscriptions.version();
      // Not invalidated meanwhile (this process changed a subscription): then it is still current.
      if (version === snapshot.version && this.#snapshot === snapshot) {
        snapshot.checkedAt = now;
        return snapshot;
      }
    }
    return this.#read();
  }

  async #read(): Promise<Snapshot> {
    const readAt = Date.now();
    const version = await this.#subscriptions.version();
    const marks = (await this.#changes?.all()) ?? new Map<string, string>();
    const byOwner = new Map<string, Subscription[]>();
    for (const subscription of await this.#subscriptions.all((s) => s.state === 'active')) {
      const owned = byOwner.get(subscription.ownerId);
      if (owned) owned.push(subscription);
      else byOwner.set(subscription.ownerId, [subscription]);
    }
    const snapshot = { byOwner, marks, version, readAt, checkedAt: readAt };
    this.#snapshot = snapshot;
    return snapshot;
  }
}
