/**
 * Deletes expired records (outbox entries, paging and OAuth states, idempotency keys) from the store.
 * keyv only drops an expired record when it is read again, and most never are: on SQLite and
 * PostgreSQL they would pile up for ever. Redis expires keys itself, so there the sweep finds nothing.
 * Several processes sweeping one database is harmless: each DELETE is conditional on the expiry.
 */
import type { Logger } from '../../logger.js';
import type { Store } from '../../store/index.js';
import { defineJob } from '../job.js';

/** Hourly: the shortest TTL is minutes, the longest two weeks; an hour bounds the pile-up tightly. */
const STORE_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** One sweep: how many expired records it deleted. */
export async function sweepStore(store: Pick<Store, 'purgeExpired'>, logger: Logger): Promise<number> {
  const purged = await store.purgeExpired();
  if (purged > 0) logger.debug({ purged }, 'store: purged expired records');
  return purged;
}

export const storeSweepJob = defineJob({
  name: 'storeSweep',
  build: ({ options }) => ({ sweep: () => sweepStore(options.store, options.logger) }),
  // The store is all it needs: it runs whether or not the gateway is up.
  cadence: { ticker: 'store-sweep', intervalMs: () => STORE_SWEEP_INTERVAL_MS, withoutGateway: true },
  step: (sweeper) => sweeper.sweep(),
  collections: [],
});
