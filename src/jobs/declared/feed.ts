/**
 * The feed: friends' activity posted to channels. Its worker is the `FeedPoller`. It declares no
 * cadence and no per-owner step: how its owners are polled (its ticker, or its part of each owner's
 * BullMQ job, with its own due time per owner) is the feed driver's, chosen once (drivers.ts).
 */
import { firstVersion } from '../../store/collections.js';
import { FEED_CURSOR_COLLECTION, feedCursorSchema } from '../feed/cursors.js';
import { paceHooks } from '../feed/drivers.js';
import { FeedPoller } from '../feed/poller.js';
import { FEED_RATE_COLLECTION, feedRateSchema } from '../feed/rates.js';
import { defineJob } from '../job.js';

export const feedJob = defineJob({
  name: 'feed',
  build({ options, shared, changes, pace }) {
    const { feed, onFeedPosted, onFeedEvent } = options;
    return new FeedPoller({
      ...shared,
      store: options.store,
      changes,
      ...feed,
      ...paceHooks(feed?.policy ?? 'adaptive', pace),
      ...(onFeedPosted ? { onPosted: onFeedPosted } : {}),
      ...(onFeedEvent ? { onFeedEvent } : {}),
    });
  },
  collections: [
    firstVersion(FEED_CURSOR_COLLECTION, feedCursorSchema, { in: 'key' }),
    firstVersion(FEED_RATE_COLLECTION, feedRateSchema, { in: 'key' }),
  ],
});
