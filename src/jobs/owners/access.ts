/**
 * A subscription acts with its owner's own token and nobody else's. This opens that token, and
 * turns the owner-level failures (no token, token refused) into a paused subscription plus notice.
 */
import type { Logger } from '../../logger.js';
import { ServiceError, Unauthorized } from '../../service/index.js';
import type { StoredToken, TokenVault } from '../../vault/index.js';
import { STATE_REASONS, type SubscriptionNotices } from '../posting/notices.js';

export interface OwnerAccessDeps {
  vault: TokenVault;
  notices: SubscriptionNotices;
  logger: Logger;
}

/** The owner's token, or undefined (then the owner is paused, or skipped when the vault cannot open it). */
export async function ownerToken(deps: OwnerAccessDeps, ownerId: string): Promise<StoredToken | undefined> {
  let stored: StoredToken | undefined;
  try {
    stored = await deps.vault.get(ownerId);
  } catch (error) {
    // An unreadable envelope is an operator problem (keys), not the owner's: skip, do not pause.
    deps.logger.error({ err: error, ownerId }, 'jobs: cannot open the token of a subscription owner');
    return undefined;
  }
  if (!stored) await deps.notices.pauseOwner(ownerId, STATE_REASONS.notLinked);
  return stored;
}

/**
 * Handles a failed service call made for an owner: a refused token pauses the owner's
 * subscriptions; anything else is logged and retried on a later step. Returns 'paused' or 'retry'.
 */
export async function ownerCallFailed(
  deps: OwnerAccessDeps,
  ownerId: string,
  error: unknown,
  job: string,
): Promise<'paused' | 'retry'> {
  if (error instanceof Unauthorized) {
    await deps.notices.pauseOwner(ownerId, STATE_REASONS.tokenRefused);
    return 'paused';
  }
  if (error instanceof ServiceError) {
    deps.logger.warn(
      { job, ownerId, err: { name: error.name, message: error.message } },
      'jobs: service call failed',
    );
  } else {
    deps.logger.error({ job, ownerId, err: error }, 'jobs: unexpected failure');
  }
  return 'retry';
}
