/** What the admin commands work on: the configured store and the models over it, opened once, closed once. */

import type { Accounts } from '../accounts/accounts.js';
import { storeAccounts } from '../accounts/store-accounts.js';
import { PLAIN_RECORD_KINDS, STORE_COLLECTIONS } from '../app/stored-records.js';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import { createRequestBudget, HttpTransport, OAuthClient } from '../service/index.js';
import { backendKindFor } from '../store/backend.js';
import { openStore, type Store } from '../store/index.js';
import { Quarantine } from '../store/quarantine.js';
import { readSchemaVersions, refuseNewerStore } from '../store/schema-versions.js';
import { Subscriptions } from '../subscriptions/model.js';
import { loadKeyRing, TokenVault } from '../vault/index.js';
import { KIROKU_VERSION } from '../version.js';

export interface AdminContext {
  config: Config;
  store: Store;
  storeKind: string;
  subscriptions: Subscriptions;
  vault: TokenVault;
  quarantine: Quarantine;
  /** Unlinks with revocation at the service when an OAuth application is configured. */
  accounts: Accounts;
  out: (line: string) => void;
  close(): Promise<void>;
}

export async function openAdminContext(
  config: Config,
  logger: Logger,
  out: (line: string) => void,
): Promise<AdminContext> {
  // Never generates a key: one made now would open nothing already stored.
  const keyring = await loadKeyRing(config, logger, { createKeyFile: false });
  const store = await openStore(config.databaseUrl, { logger });
  try {
    // An older admin would misread (and could rewrite) records of a newer kiroku.
    refuseNewerStore(await readSchemaVersions(store), PLAIN_RECORD_KINDS, KIROKU_VERSION);
  } catch (error) {
    await store.close();
    throw error;
  }
  const http = new HttpTransport();
  const budget = createRequestBudget({ ratePerSecond: config.service.ratePerSecond, logger });
  const oauthSettings = config.service.oauth;
  const oauth = oauthSettings
    ? new OAuthClient({
        baseUrl: config.service.oauthBaseUrl,
        clientId: oauthSettings.clientId,
        clientSecret: oauthSettings.clientSecret,
        redirectUri: config.service.redirectUri,
        budget,
        logger,
        http,
      })
    : undefined;
  const vault = new TokenVault(store, keyring, { logger });
  const subscriptions = new Subscriptions(store);
  return {
    config,
    store,
    storeKind: backendKindFor(config.databaseUrl),
    subscriptions,
    vault,
    quarantine: new Quarantine(store),
    // The same unlink as /account unlink: serialised with the person's other link changes, and
    // followed by the one forget (src/accounts/forget-person.ts).
    accounts: storeAccounts({ store, vault, oauth, logger, subscriptions, collections: STORE_COLLECTIONS }),
    out,
    async close() {
      await budget.close();
      await http.close();
      await store.close();
    },
  };
}
