/** Airing posts: channels that follow chosen works are told when an episode airs. */

import { AiringPosts } from '../broadcasts/airing-posts.js';
import { defineJob, ofKind } from '../job.js';

export const airingJob = defineJob({
  name: 'airing',
  build: ({ shared, programs, verdicts }) => new AiringPosts({ ...shared, programs, verdicts }),
  cadence: { ticker: 'alerts', intervalMs: (timing) => timing.alertsMs, alignToClock: true },
  step: (airing) => airing.tick(),
  perOwner: { select: ofKind('airing'), step: (airing, mine) => airing.tick(mine) },
  collections: [],
});
