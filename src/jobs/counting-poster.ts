import type { Metrics } from '../metrics.js';
import type { ChannelPoster } from './poster.js';

/** Counts channel posts by outcome, and owner notices, for /metrics. */
export function countingPoster(poster: ChannelPoster, metrics: Metrics): ChannelPoster {
  return {
    async post(channelId, message) {
      const outcome = await poster.post(channelId, message);
      metrics.posts.inc({ outcome: outcome.ok ? 'posted' : outcome.reason });
      return outcome;
    },
    notifyUser: (discordUserId, content) => {
      metrics.notices.inc();
      return poster.notifyUser(discordUserId, content);
    },
  };
}
