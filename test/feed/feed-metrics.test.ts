import { describe, expect, it } from 'vitest';
import { createLogger } from '#src/logger.js';
import { Metrics } from '#src/monitoring/metrics.js';
import { createRequestBudget } from '#src/service/index.js';

describe('feed metrics', () => {
  it('expose the delay from creation to post and the estimated cycle', async () => {
    const budget = createRequestBudget({ ratePerSecond: 3, logger: createLogger('silent') });
    try {
      const metrics = new Metrics(budget, () => new Date('2025-06-01T12:10:00Z'));
      metrics.watchFeedCycle(() => 444.5);
      metrics.observeFeedDelay('2025-06-01T12:00:00Z');
      metrics.observeFeedDelay('2025-06-01T12:09:50Z');
      metrics.observeFeedDelay('not a date');
      const text = await metrics.registry.metrics();
      expect(text).toMatch(/kiroku_feed_delay_seconds_count 2\n/);
      expect(text).toMatch(/kiroku_feed_delay_seconds_sum 610\n/);
      expect(text).toMatch(/kiroku_feed_delay_seconds_bucket\{le="15"\} 1\n/);
      expect(text).toMatch(/kiroku_feed_cycle_seconds 444.5\n/);
    } finally {
      budget.close();
    }
  });
});
