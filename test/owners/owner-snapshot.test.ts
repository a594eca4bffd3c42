import { describe, expect, it, vi } from 'vitest';
import { OwnerSnapshot } from '#src/jobs/owners/snapshot.js';
import type { Subscription } from '#src/subscriptions/model.js';
import { feedSubscription } from '../support/subscriptions.js';

const feed = (ownerId: string, id: string): Subscription =>
  feedSubscription({ ownerId, id, channelId: `c-${id}` });

/** A store of subscriptions, their version mark and the owners' change marks that counts whole reads. */
function world(maxAgeMs = 60_000) {
  const subscriptions: Subscription[] = [];
  const marks = new Map<string, string>();
  const state = { version: 'v0', scans: 0 };
  const snapshot = new OwnerSnapshot(
    {
      all: async (filter = () => true) => {
        state.scans += 1;
        return subscriptions.filter(filter);
      },
      version: async () => state.version,
    },
    maxAgeMs,
    { all: async () => new Map(marks), current: async (ownerId) => marks.get(ownerId) },
  );
  return { subscriptions, marks, state, snapshot, scans: () => state.scans };
}

describe('owner snapshot', () => {
  it('serves every owner from one read, marks and all, however many owners have marks', async () => {
    const w = world();
    for (let i = 0; i < 50; i++) {
      w.subscriptions.push(feed(`o${i}`, `s${i}`));
      w.marks.set(`o${i}`, `m${i}`);
    }
    for (let i = 0; i < 50; i++) expect((await w.snapshot.ofOwner(`o${i}`)).owned).toHaveLength(1);
    expect(w.scans()).toBe(1);
  });

  it('reads again for an owner whose mark moved (a subscription made elsewhere), and for a new owner', async () => {
    const w = world();
    w.subscriptions.push(feed('alice', 'a1'));
    w.marks.set('alice', 'm1');
    expect((await w.snapshot.ofOwner('alice')).owned.map((s) => s.id)).toEqual(['a1']);
    // Another process stores a second subscription, then moves the mark.
    w.subscriptions.push(feed('alice', 'a2'));
    w.marks.set('alice', 'm2');
    expect(await w.snapshot.ofOwner('alice')).toMatchObject({ mark: 'm2' });
    expect((await w.snapshot.ofOwner('alice')).owned.map((s) => s.id)).toEqual(['a1', 'a2']);
    w.subscriptions.push(feed('bob', 'b1'));
    expect((await w.snapshot.ofOwner('bob')).owned.map((s) => s.id)).toEqual(['b1']);
    expect(w.scans()).toBe(3);
  });

  it('past its max age, reads every subscription again only when their version mark moved', async () => {
    vi.useFakeTimers({ now: 0, toFake: ['Date'] });
    try {
      const w = world(1_000);
      w.subscriptions.push(feed('alice', 'a1'), feed('bob', 'b1'));
      expect(await w.snapshot.feedOwners()).toEqual(['alice', 'bob']);
      for (let second = 1; second <= 30; second++) {
        vi.setSystemTime(second * 1_000);
        expect(await w.snapshot.feedOwners()).toEqual(['alice', 'bob']);
      }
      expect(w.scans()).toBe(1);
      // Another process pauses bob's subscription, then moves the version mark.
      w.subscriptions.pop();
      w.state.version = 'v1';
      expect(await w.snapshot.feedOwners()).toEqual(['alice', 'bob']); // within its max age: as it was
      vi.setSystemTime(31_000);
      expect(await w.snapshot.feedOwners()).toEqual(['alice']);
      expect(w.scans()).toBe(2);
      // Trusted on the mark for a minute at most: a process of an older release does not move it.
      vi.setSystemTime(31_000 + 60_000);
      await w.snapshot.feedOwners();
      expect(w.scans()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
