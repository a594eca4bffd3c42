/**
 * The accounts of one store, as the bot and the operator's `admin forget` both use them: a person's
 * link changes serialised through the store, and unlink followed by the one forget (pending links
 * revoked, subscriptions removed, every collection's rows about them: forget-person.ts). One
 * construction, so the two can never unlink differently.
 */
import type { Logger } from '../logger.js';
import type { OAuthClient } from '../service/index.js';
import type { CollectionRegistry } from '../store/collections.js';
import type { Store } from '../store/index.js';
import type { Subscriptions } from '../subscriptions/model.js';
import type { TokenVault } from '../vault/index.js';
import { Accounts } from './accounts.js';
import { personForgetter } from './forget-person.js';
import { PersonLock } from './person-lock.js';

interface StoreAccountsParts {
  store: Store;
  vault: TokenVault;
  oauth: Pick<OAuthClient, 'revoke'> | undefined;
  logger: Logger;
  subscriptions: Pick<Subscriptions, 'resumeOwner' | 'removeByOwner' | 'all'>;
  /** Where a person's rows are, by collection: what forgetting them walks (the store's registry). */
  collections: CollectionRegistry;
}

export function storeAccounts(parts: StoreAccountsParts): Accounts {
  const { store, vault, oauth, logger, subscriptions, collections } = parts;
  return new Accounts({
    vault,
    oauth,
    logger,
    lock: new PersonLock(store),
    subscriptions,
    forget: personForgetter({
      store,
      collections,
      vault,
      revoke: oauth ? (token, person) => oauth.revoke(token, { person }) : undefined,
      subscriptions,
      logger,
    }),
  });
}
