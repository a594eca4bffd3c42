/** Airing alerts: a post with buttons when an episode a schedule subscription follows airs. */

import { AiringAlerts } from '../broadcasts/alerts.js';
import { defineJob, ofKind } from '../job.js';

export const alertsJob = defineJob({
  name: 'alerts',
  build: ({ options, shared, programs, verdicts }) =>
    new AiringAlerts({ ...shared, ...options.alerts, programs, verdicts }),
  // First on its ticker: it refreshes the programs the airing posts and reminders then read without a request.
  cadence: { ticker: 'alerts', intervalMs: (timing) => timing.alertsMs, alignToClock: true },
  step: (alerts) => alerts.tick(),
  perOwner: { select: ofKind('schedule'), step: (alerts, mine) => alerts.tick(mine) },
  collections: [],
});
