/**
 * Once the bot answers: the rest of the store's start-up upgrade, every record of the collections
 * already at this release's version checked and the unreadable ones set aside (src/store/upgrade.ts),
 * then the owners of quarantined subscriptions told. A restart no longer waits for a read of every
 * record; the stop waits for the check to end.
 */
import { type QuarantineNoticeOptions, tellQuarantinedOwners } from '../jobs/posting/quarantine-notices.js';
import type { Logger } from '../logger.js';
import { Quarantine } from '../store/quarantine.js';
import type { UpgradeReport } from '../store/upgrade.js';
import { SUBSCRIPTIONS_COLLECTION } from '../subscriptions/model.js';
import type { Closers } from './closers.js';
import type { Infrastructure } from './infrastructure.js';

type NoticeParts = Omit<QuarantineNoticeOptions, 'quarantine' | 'logger'>;

/** Starts the check; its promise ends with the report, or undefined when the store failed it (logged). */
export function checkStoreAfterStart(
  infra: Pick<Infrastructure, 'store' | 'sweepStore'>,
  notice: NoticeParts,
  { logger, closers }: { logger: Logger; closers: Closers },
): Promise<UpgradeReport | undefined> {
  const checked = infra.sweepStore().then(
    async (report) => {
      if (report.quarantinedByCollection.has(SUBSCRIPTIONS_COLLECTION))
        await tellQuarantinedOwners({ ...notice, quarantine: new Quarantine(infra.store), logger }).catch(
          (error: unknown) =>
            logger.warn({ err: error }, 'store: could not tell owners about quarantined subscriptions'),
        );
      return report;
    },
    (error: unknown) => {
      logger.warn({ err: error }, 'store: could not check every record; the next start checks again');
      return undefined;
    },
  );
  closers.add('store check', () => checked.then(() => undefined));
  return checked;
}
