import { describe, expect, it } from 'vitest';
import { OwnerSnapshot } from '../../src/jobs/owner-snapshot.js';
import type { Subscription } from '../../src/subscriptions/model.js';

function feed(ownerId: string, id: string): Subscription {
  return {
    id,
    kind: 'feed',
    language: 'en',
    guildId: '1',
    channelId: `c-${id}`,
    ownerId,
    createdAt: new Date(0).toISOString(),
    state: 'active',
    feed: { actions: [] },
  };
}

/** A store of subscriptions and change marks that counts whole reads. */
function world() {
  const subscriptions: Subscription[] = [];
  const marks = new Map<string, string>();
  let scans = 0;
  const snapshot = new OwnerSnapshot(
    {
      all: async (filter = () => true) => {
        scans += 1;
        return subscriptions.filter(filter);
      },
    },
    60_000,
    { all: async () => new Map(marks), current: async (ownerId) => marks.get(ownerId) },
  );
  return { subscriptions, marks, snapshot, scans: () => scans };
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
});
