import type { ChannelPoster } from '../jobs/posting/poster.js';
import type { Metrics } from '../monitoring/metrics.js';

/** Counts and times channel posts by outcome, and counts owner notices, for /metrics. */
export function countingPoster(poster: ChannelPoster, metrics: Metrics): ChannelPoster {
  return {
    async post(channelId, message) {
      const startedAt = performance.now();
      const outcome = await poster.post(channelId, message);
      const label = { outcome: outcome.ok ? 'posted' : outcome.reason };
      metrics.posts.inc(label);
      metrics.latency.posts.observe(label, (performance.now() - startedAt) / 1000);
      return outcome;
    },
    notifyUser: (discordUserId, content) => {
      metrics.notices.inc();
      return poster.notifyUser(discordUserId, content);
    },
  };
}
