import { z } from 'zod';
import type { Collection, Store } from '../store/index.js';
import { UserFacingError } from './user-facing-error.js';

export const claimSchema = z.object({ at: z.string() });
export const ONCE_PER_USER_COLLECTION = 'once-per-user';
const KEY = /^[A-Za-z0-9_-]{1,64}$/;

export interface OncePerUserOptions {
  /** What is done once, e.g. 'alert-watched'. */
  scope: string;
  /** Which thing it is done to, e.g. the episode id from the button. */
  key: string;
  /** How long the first run is remembered. */
  ttlMs: number;
}

/**
 * Runs actions once per (user, scope, key): a button pressed twice, or double-clicked, arrives as two
 * interactions at once. The claim is an atomic insert-if-absent in the store taken before the action;
 * a second press while it is held gets undefined. An action that fails releases the claim, so trying
 * again works. Handlers reach it through their context's `oncePerUser()`, bound to the invoker.
 */
export class OncePerUser {
  readonly #claims: Collection<z.infer<typeof claimSchema>>;

  constructor(store: Pick<Store, 'collection'>) {
    this.#claims = store.collection(ONCE_PER_USER_COLLECTION, claimSchema);
  }

  async run<T>(
    userId: string,
    now: Date,
    options: OncePerUserOptions,
    action: () => Promise<T>,
  ): Promise<T | undefined> {
    // Custom ids are client data: an odd key is a stale or forged component.
    if (!KEY.test(options.key)) throw new UserFacingError('error.expired');
    const claim = `${options.scope}:${userId}:${options.key}`;
    if (!(await this.#claims.setIfAbsent(claim, { at: now.toISOString() }, options.ttlMs))) return undefined;
    try {
      return await action();
    } catch (error) {
      await this.#claims.delete(claim).catch(() => undefined);
      throw error;
    }
  }
}
