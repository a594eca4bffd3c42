/**
 * The verdicts' refresh: counts records made outside Discord from the service, one request per post
 * whose refresh is due (verdicts/cadence.ts). Every process steps it, with Redis too: each refresh is
 * claimed in the store before its request, so two processes never make the same one.
 */

import { firstVersion } from '../../store/collections.js';
import { VERDICT_POSTS_COLLECTION, verdictPostSchema } from '../../verdicts/posts.js';
import { VERDICT_VOTES_COLLECTION, verdictVoteSchema } from '../../verdicts/votes.js';
import { defineJob } from '../job.js';
import { VerdictRefresh } from '../verdict/refresh.js';

export const verdictRefreshJob = defineJob({
  name: 'verdictRefresh',
  build({ options, shared, verdicts }) {
    if (!verdicts) return undefined;
    const { feedWaiting } = options.verdicts ?? {};
    const { servesOwner } = options;
    return new VerdictRefresh({
      ...shared,
      board: verdicts,
      ...(feedWaiting ? { feedWaiting } : {}),
      ...(servesOwner ? { servesOwner } : {}),
    });
  },
  cadence: { ticker: 'verdicts', intervalMs: (timing) => timing.alertsMs },
  step: (refresh) => refresh.tick(),
  collections: [
    firstVersion(VERDICT_VOTES_COLLECTION, verdictVoteSchema, { in: 'key-segment' }),
    firstVersion(VERDICT_POSTS_COLLECTION, verdictPostSchema, {
      in: 'nothing',
      why: "a server's post of an episode: its channel, message and refresh time",
    }),
  ],
});
