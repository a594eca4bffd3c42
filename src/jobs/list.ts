/**
 * Every background job kiroku runs, in the order their steps run when they share a ticker. A new
 * job is its own module (`defineJob`, see job.ts) plus one line here: `createJobs`, the `Jobs`
 * type, the tickers, the per-owner BullMQ job and the store's registry of collections follow.
 */

import { firstVersion, type StoredCollection } from '../store/collections.js';
import { airingJob } from './declared/airing.js';
import { alertsJob } from './declared/alerts.js';
import { digestJob } from './declared/digest.js';
import { feedJob } from './declared/feed.js';
import { partiesJob } from './declared/parties.js';
import { remindersJob } from './declared/reminders.js';
import { storeSweepJob } from './declared/store-sweep.js';
import { titlesJob } from './declared/titles.js';
import { verdictRefreshJob } from './declared/verdicts.js';
import { weeklyJob } from './declared/weekly.js';
import { OWNER_CHANGE_COLLECTION, ownerChangeSchema } from './owners/changes.js';
import { MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema } from './posting/membership.js';
import { OUTBOX_COLLECTION, outboxEntrySchema } from './posting/outbox.js';

export const JOBS = [
  feedJob,
  digestJob,
  weeklyJob,
  // Alerts before the airing posts and reminders: they refresh the programs those then read.
  alertsJob,
  airingJob,
  verdictRefreshJob,
  remindersJob,
  titlesJob,
  partiesJob,
  storeSweepJob,
] as const;

/** What the machinery every job shares (posting, owners' change marks, membership checks) stores. */
const SHARED_COLLECTIONS: readonly StoredCollection[] = [
  firstVersion(OUTBOX_COLLECTION, outboxEntrySchema, {
    in: 'nothing',
    why: 'keyed by a hash of channel and activity; the entry holds delivery state and the message id only',
  }),
  firstVersion(OWNER_CHANGE_COLLECTION, ownerChangeSchema, { in: 'key' }),
  firstVersion(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema, { in: 'key-segment' }),
];

/** Every collection the jobs store: the jobs' part of the store's registry (src/app/stored-records.ts). */
export const JOB_COLLECTIONS: readonly StoredCollection[] = [
  ...SHARED_COLLECTIONS,
  ...JOBS.flatMap((job) => job.collections),
];
