/** The daily digest: each schedule subscription's next 24 hours of broadcasts, posted at its local time. */
import { firstVersion } from '../../store/collections.js';
import { DailyDigest, DIGEST_STATE_COLLECTION, digestStateSchema } from '../broadcasts/digest.js';
import { defineJob, ofKind } from '../job.js';

export const digestJob = defineJob({
  name: 'digest',
  build: ({ options, shared }) => new DailyDigest({ ...shared, store: options.store, ...options.digest }),
  // Steps fall on :00 and :30, so an 08:00 digest posts at 08:00:00.
  cadence: { ticker: 'digest', intervalMs: (timing) => timing.digestMs, alignToClock: true },
  step: (digest) => digest.tick(),
  perOwner: { select: ofKind('schedule'), step: (digest, mine) => digest.tick(mine) },
  collections: [firstVersion(DIGEST_STATE_COLLECTION, digestStateSchema, { in: 'subscription-key' })],
});
