/**
 * Deletes expired records (outbox entries, paging and OAuth states, idempotency keys) from the store.
 * keyv only drops an expired record when it is read again, and most never are: on SQLite and
 * PostgreSQL they would pile up for ever. Redis expires keys itself, so there the sweep finds nothing.
 * Several processes sweeping one database is harmless: each DELETE is conditional on the expiry.
 */
import type { Logger } from '../../logger.js';
import type { Store } from '../../store/index.js';
import { Ticker } from './ticker.js';

/** Hourly: the shortest TTL is minutes, the longest two weeks; an hour bounds the pile-up tightly. */
export const STORE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export interface StoreSweepOptions {
  store: Store;
  logger: Logger;
  intervalMs?: number;
}

export function storeSweep(options: StoreSweepOptions): Ticker {
  const { store, logger } = options;
  return new Ticker({
    name: 'store-sweep',
    intervalMs: options.intervalMs ?? STORE_SWEEP_INTERVAL_MS,
    // The store is all it needs: it runs whether or not the gateway is up.
    isReady: () => true,
    logger,
    step: async () => {
      const purged = await store.purgeExpired();
      if (purged > 0) logger.debug({ purged }, 'store: purged expired records');
    },
  });
}
