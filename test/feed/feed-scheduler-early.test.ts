import { describe, expect, it } from 'vitest';
import { PacedPolling } from '#src/jobs/feed/paced-polling.js';
import { emptyCycleReport } from '#src/jobs/feed/poller.js';
import type { Subscription } from '#src/subscriptions/model.js';
import { captureLogger } from '../support/log-capture.js';
import { feedSubscription } from '../support/subscriptions.js';

/**
 * Due times fall unevenly, so at moments nobody is due while the plan's rate is
 * not spent; the scheduler then polls the owner nearest its time early, within the plan's rate over
 * time and never sooner than the poll interval after an owner's last poll.
 */
const feedOf = (ownerId: string): Subscription =>
  feedSubscription({ ownerId, id: `s-${ownerId}`, channelId: `c-${ownerId}` });

describe('feed scheduler between due times', () => {
  function world() {
    let clock = 0;
    const polled: string[] = [];
    const dueAt: Record<string, number> = { a: 10_000, b: 20_000, c: 5_000 };
    const scheduler = new PacedPolling({
      poller: {
        async pollOwned(ownerId) {
          polled.push(ownerId);
          return emptyCycleReport();
        },
      },
      pace: {
        replan: async () => ({ cycleS: 3, floorHz: 0, capHz: 1, scale: 1 }),
        // Intervals far apart: each owner in a bucket of its own.
        intervalMs: (owner) => ({ a: 100_000, b: 200_000, c: 50_000 })[owner] ?? 100_000,
        nextDelayMs: () => 100_000,
        dueAt: (owner) => dueAt[owner] ?? 0,
        // c was polled moments ago (POLL_INTERVAL_SECONDS has not passed): never early.
        mayPollNow: (owner) => owner !== 'c',
      },
      owners: {
        feedOwners: async () => ['a', 'b', 'c'],
        ofOwner: async (ownerId) => ({ owned: [feedOf(ownerId)], mark: undefined }),
        invalidate: () => undefined,
      },
      pollsPerS: 1,
      concurrency: 2,
      now: () => new Date(clock),
      logger: captureLogger('warn').logger,
    });
    return { scheduler, polled, advance: (ms: number) => (clock += ms) };
  }

  it('spends the plan’s unspent rate on the owner nearest its time, at most one round of the workers', async () => {
    const { scheduler, polled, advance } = world();
    expect((await scheduler.tick()).polled).toBe(0);
    // 1.5 s at 1 poll/s: one poll unspent, for a (c is nearer but was just polled).
    advance(1_500);
    await scheduler.tick();
    expect(polled).toEqual(['a']);
    // 10 s later only two are kept (two workers); c is due now and goes first, then b early.
    advance(10_000);
    await scheduler.tick();
    expect(polled).toEqual(['a', 'c', 'b']);
    advance(100);
    expect((await scheduler.tick()).polled).toBe(0);
  });
});
