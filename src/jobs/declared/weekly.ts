/** The weekly server summaries: a picture of what the server's members watched, posted once a week. */
import { firstVersion } from '../../store/collections.js';
import { defineJob, ofKind } from '../job.js';
import { createWeeklySummaries } from '../weekly/build.js';
import { WEEKLY_STATE_COLLECTION, weeklyStateSchema } from '../weekly/weekly-summaries.js';

export const weeklyJob = defineJob({
  name: 'weekly',
  build: ({ options, shared }) => createWeeklySummaries({ ...shared, store: options.store }, options.weekly),
  // The digest's ticker: both post at a local time, on the :00 and :30.
  cadence: { ticker: 'digest', intervalMs: (timing) => timing.digestMs, alignToClock: true },
  step: (weekly) => weekly.tick(),
  perOwner: { select: ofKind('weekly'), step: (weekly, mine) => weekly.tick(mine) },
  collections: [firstVersion(WEEKLY_STATE_COLLECTION, weeklyStateSchema, { in: 'subscription-key' })],
});
