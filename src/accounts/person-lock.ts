/**
 * One link change per person at a time, across processes and hosts: a lease in the store that a
 * link or an unlink holds from reading the old token to the last follow-up (revoke, subscriptions).
 * The lease expires on its own, so a process that dies holding it blocks that person only briefly.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { UserFacingError } from '../i18n/user-facing-error.js';
import type { Collection, Store } from '../store/index.js';

export const ACCOUNT_LOCK_COLLECTION = 'account-lock';
export const leaseSchema = z.object({ holder: z.string() });

interface PersonLockOptions {
  /** How long a lease lasts if its holder never releases it (a crash). */
  leaseMs?: number;
  /** How long a second change waits for the first before the person is told to try again. */
  waitMs?: number;
}

export class PersonLock {
  readonly #leases: Collection<z.infer<typeof leaseSchema>>;
  readonly #leaseMs: number;
  readonly #waitMs: number;

  constructor(store: Store, options: PersonLockOptions = {}) {
    this.#leases = store.collection(ACCOUNT_LOCK_COLLECTION, leaseSchema);
    this.#leaseMs = options.leaseMs ?? 60_000;
    this.#waitMs = options.waitMs ?? 30_000;
  }

  /** Runs `task` holding the person's lease; `account.busy` when another change holds it too long. */
  async run<T>(personId: string, task: () => Promise<T>): Promise<T> {
    const holder = randomUUID();
    const deadline = Date.now() + this.#waitMs;
    for (let attempt = 0; !(await this.#leases.setIfAbsent(personId, { holder }, this.#leaseMs)); attempt++) {
      if (Date.now() > deadline) throw new UserFacingError('account.busy');
      // A short random pause, growing, so waiters do not poll the store in step.
      await sleep(Math.random() * Math.min(10 * 2 ** attempt, 250));
    }
    try {
      return await task();
    } finally {
      // Only our own lease: one that expired and was taken by another change is theirs.
      if ((await this.#leases.get(personId))?.holder === holder) await this.#leases.delete(personId);
    }
  }
}
