/**
 * Every background job kiroku runs, in the order their steps run when they share a ticker. A new
 * job is its own module (`defineJob`, see job.ts) plus one line here: `createJobs`, the `Jobs`
 * type, the tickers, the per-owner BullMQ job and the store's registry of collections follow.
 */

import { firstVersion, type StoredCollection } from '../store/collections.js';
import { airingJob } from './broadcasts/airing-job.js';
import { alertsJob } from './broadcasts/alerts-job.js';
import { digestJob } from './broadcasts/digest-job.js';
import { remindersJob } from './broadcasts/reminders-job.js';
import { feedJob } from './feed/feed-job.js';
import { OWNER_CHANGE_COLLECTION, ownerChangeSchema } from './owners/changes.js';
import { MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema } from './posting/membership.js';
import { OUTBOX_COLLECTION, outboxEntrySchema } from './posting/outbox.js';
import { storeSweepJob } from './run/store-sweep.js';
import { titlesJob } from './titles/titles-job.js';
import { weeklyJob } from './weekly/weekly-job.js';

export const JOBS = [
  feedJob,
  digestJob,
  weeklyJob,
  // Alerts before the airing posts and reminders: they refresh the programs those then read.
  alertsJob,
  airingJob,
  remindersJob,
  titlesJob,
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
