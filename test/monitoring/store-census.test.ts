/** The store's counts behind the gauges: every kind and state, linked users, the outbox's pending posts. */
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '#src/jobs/posting/outbox.js';
import { StoreCensus } from '#src/monitoring/store-census.js';
import type { Subscription } from '#src/subscriptions/model.js';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);

function subscription(kind: Subscription['kind'], state: Subscription['state']): Subscription {
  return {
    id: 'abcdef',
    kind,
    guildId: '1',
    channelId: '2',
    ownerId: '3',
    createdAt: new Date(NOW).toISOString(),
    state,
    language: 'en',
  };
}

function entry(state: OutboxEntry['state'], secondsAgo: number): OutboxEntry {
  return { state, nonce: 'n', attempts: 1, createdAt: new Date(NOW - secondsAgo * 1000).toISOString() };
}

async function* iterate<T>(items: readonly T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

describe('store census', () => {
  it('counts subscriptions by kind and state (zeros included), linked users, and pending outbox posts', async () => {
    const census = new StoreCensus({
      subscriptions: async () => [
        subscription('feed', 'active'),
        subscription('feed', 'active'),
        subscription('schedule', 'paused'),
      ],
      linkedUsers: () => iterate(['a', 'b', 'c', 'd']),
      outbox: () =>
        iterate<[string, OutboxEntry]>([
          ['x', entry('posted', 3_600)],
          ['y', entry('pending', 120)],
          ['z', entry('pending', 30)],
          ['w', entry('abandoned', 7_200)],
        ]),
      now: () => new Date(NOW),
    });
    const sample = await census.sample();
    expect(Object.fromEntries(sample.subscriptions)).toEqual({
      'airing/active': 0,
      'airing/paused': 0,
      'airing/disabled': 0,
      'feed/active': 2,
      'feed/paused': 0,
      'feed/disabled': 0,
      'schedule/active': 0,
      'schedule/paused': 1,
      'schedule/disabled': 0,
      'weekly/active': 0,
      'weekly/paused': 0,
      'weekly/disabled': 0,
    });
    expect(sample.linkedUsers).toBe(4);
    expect(sample.outboxPending).toBe(2);
    expect(sample.outboxOldestPendingS).toBe(120);
  });

  it('scans once per max age, however many gauges and scrapes ask meanwhile', async () => {
    let scans = 0;
    const census = new StoreCensus(
      {
        subscriptions: async () => {
          scans += 1;
          return [];
        },
        linkedUsers: () => iterate([]),
        outbox: () => iterate([]),
        now: () => new Date(NOW),
      },
      60_000,
    );
    await Promise.all([census.sample(), census.sample(), census.sample()]);
    await census.sample();
    expect(scans).toBe(1);
    const fresh = new StoreCensus(
      {
        subscriptions: async () => {
          scans += 1;
          return [];
        },
        linkedUsers: () => iterate([]),
        outbox: () => iterate([]),
        now: () => new Date(NOW),
      },
      0,
    );
    await fresh.sample();
    await fresh.sample();
    expect(scans).toBe(3);
    expect((await fresh.sample()).outboxOldestPendingS).toBe(0);
  });
});
