/**
 * DM reminders (`/remind`): a direct message before an episode airs. Reminders are per person, not
 * per owner: every process steps them, also with the owner queue; the outbox's nonce folds a DM
 * two processes send at once.
 */

import { DmReminders } from '../broadcasts/reminders.js';
import { defineJob } from '../job.js';

export const remindersJob = defineJob({
  name: 'reminders',
  build({ options, shared, programs }) {
    if (!options.reminders) return undefined;
    const { store, openDm } = options.reminders;
    const { servesOwner } = options;
    return new DmReminders({
      ...shared,
      programs,
      reminders: store,
      openDm,
      ...(servesOwner ? { servesOwner } : {}),
    });
  },
  cadence: { ticker: 'alerts', intervalMs: (timing) => timing.alertsMs, alignToClock: true },
  step: (reminders) => reminders.tick(),
  // The reminders collection is the /remind command's (src/viewing/reminders.ts); the job only reads it.
  collections: [],
});
