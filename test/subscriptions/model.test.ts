import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Collection, openStore, type Store } from '#src/store/index.js';
import { type NewSubscription, Subscriptions } from '#src/subscriptions/model.js';

/** Every method of a collection, bound to it, so a test can replace a few. */
function bindAll<T>(collection: Collection<T>): Collection<T> {
  return {
    name: collection.name,
    get: (key) => collection.get(key),
    getMany: (keys) => collection.getMany(keys),
    read: (key) => collection.read(key),
    set: (key, value, ttlMs) => collection.set(key, value, ttlMs),
    setIfAbsent: (key, value, ttlMs) => collection.setIfAbsent(key, value, ttlMs),
    update: (key, change, ttlMs) => collection.update(key, change, ttlMs),
    take: (key) => collection.take(key),
    delete: (key) => collection.delete(key),
    entries: () => collection.entries(),
    keys: () => collection.keys(),
  };
}

const feed = (ownerId: string): NewSubscription => ({
  kind: 'feed',
  guildId: '100000000000000001',
  channelId: '200000000000000001',
  ownerId,
  feed: { actions: [] },
});

describe('Subscriptions: atomic writes', () => {
  let store: Store;
  beforeEach(async () => {
    store = await openStore('sqlite://:memory:');
  });
  afterEach(async () => {
    await store.close();
  });

  it('never overwrites an existing subscription when a new id collides', async () => {
    const ids = ['aaaaaaaa', 'aaaaaaaa', 'bbbbbbbb'];
    const subscriptions = new Subscriptions(store, { newId: () => ids.shift() ?? 'cccccccc' });
    const now = new Date('2026-01-01T00:00:00Z');
    const first = await subscriptions.create(feed('owner-1'), now);
    const second = await subscriptions.create(feed('owner-2'), now);
    expect(first.id).toBe('aaaaaaaa');
    expect(second.id).toBe('bbbbbbbb');
    expect((await subscriptions.get('aaaaaaaa'))?.ownerId).toBe('owner-1');
    expect((await subscriptions.get('bbbbbbbb'))?.ownerId).toBe('owner-2');
  });

  it('gives up with an error, never an overwrite, when every id it tries is taken', async () => {
    const subscriptions = new Subscriptions(store, { newId: () => 'aaaaaaaa' });
    await subscriptions.create(feed('owner-1'), new Date());
    await expect(subscriptions.create(feed('owner-2'), new Date())).rejects.toThrow(/free id/);
    expect((await subscriptions.get('aaaaaaaa'))?.ownerId).toBe('owner-1');
  });

  it('update does not revive a subscription removed between its read and its write', async () => {
    // The removal lands right after update has read the subscription, before it writes.
    let readDone: () => void = () => undefined;
    const afterRead = new Promise<void>((resolve) => {
      readDone = resolve;
    });
    let gate: () => void = () => undefined;
    const gated = new Promise<void>((resolve) => {
      gate = resolve;
    });
    const racing: Store = {
      ...store,
      purgeExpired: () => store.purgeExpired(),
      ping: () => store.ping(),
      close: () => store.close(),
      collection(name, schema) {
        const inner = store.collection(name, schema);
        return {
          ...bindAll(inner),
          // A plain read-then-write would read here...
          async get(key) {
            const value = await inner.get(key);
            readDone();
            await gated;
            return value;
          },
          // ...an atomic update reads inside the store; the removal then races its compare-and-set.
          update(key, change, ttlMs) {
            return inner.update(
              key,
              (current) => {
                readDone();
                return change(current);
              },
              ttlMs,
            );
          },
        };
      },
    };
    const subscriptions = new Subscriptions(racing);
    const created = await new Subscriptions(store).create(feed('owner-1'), new Date());
    const updating = subscriptions.update(created.id, { state: 'disabled', stateReason: 'forbidden' });
    await afterRead;
    expect(await new Subscriptions(store).remove(created.id)).toBe(true);
    gate();
    await updating;
    expect(await subscriptions.get(created.id)).toBeUndefined();
    expect(await subscriptions.all()).toEqual([]);
  });

  it('resumeOwner and update still change live subscriptions', async () => {
    const subscriptions = new Subscriptions(store);
    const created = await subscriptions.create(feed('owner-1'), new Date());
    await subscriptions.update(created.id, { state: 'paused', stateReason: 'token-refused' });
    expect(await subscriptions.resumeOwner('owner-1')).toBe(1);
    const resumed = await subscriptions.get(created.id);
    expect(resumed?.state).toBe('active');
    expect(resumed?.stateReason).toBeUndefined();
  });

  it('resumeOwner resumes only pauses for the token, never an operator pause or a disabled one', async () => {
    const subscriptions = new Subscriptions(store);
    const byToken = await subscriptions.create(feed('owner-1'), new Date());
    const unlinked = await subscriptions.create(feed('owner-1'), new Date());
    const byOperator = await subscriptions.create(feed('owner-1'), new Date());
    const disabled = await subscriptions.create(feed('owner-1'), new Date());
    await subscriptions.update(byToken.id, { state: 'paused', stateReason: 'token-refused' });
    await subscriptions.update(unlinked.id, { state: 'paused', stateReason: 'not-linked' });
    await subscriptions.update(byOperator.id, { state: 'paused', stateReason: 'operator' });
    await subscriptions.update(disabled.id, { state: 'disabled', stateReason: 'channel-forbidden' });
    expect(await subscriptions.resumeOwner('owner-1')).toBe(2);
    expect((await subscriptions.get(byToken.id))?.state).toBe('active');
    expect((await subscriptions.get(unlinked.id))?.state).toBe('active');
    expect(await subscriptions.get(byOperator.id)).toMatchObject({
      state: 'paused',
      stateReason: 'operator',
    });
    expect((await subscriptions.get(disabled.id))?.state).toBe('disabled');
  });
});

describe('Subscriptions: version mark', () => {
  it('moves after every change, in any instance over the store, and only then', async () => {
    const store = await openStore('sqlite://:memory:');
    try {
      const subscriptions = new Subscriptions(store);
      const elsewhere = new Subscriptions(store); // another process's instance
      const seen = [await elsewhere.version()];
      const moved = async () => {
        const version = await elsewhere.version();
        const fresh = !seen.includes(version);
        seen.push(version);
        return fresh;
      };
      const a = await subscriptions.create(feed('owner-1'), new Date());
      expect(await moved()).toBe(true);
      await subscriptions.all();
      await subscriptions.get(a.id);
      expect(await moved()).toBe(false);
      await subscriptions.update(a.id, { state: 'paused', stateReason: 'token-refused' });
      expect(await moved()).toBe(true);
      expect(await subscriptions.resumeOwner('owner-1')).toBe(1);
      expect(await moved()).toBe(true);
      await subscriptions.remove(a.id);
      expect(await moved()).toBe(true);
      await subscriptions.remove(a.id); // already gone: nothing changed
      await subscriptions.update(a.id, { state: 'active' });
      expect(await moved()).toBe(false);
      await subscriptions.create(feed('owner-2'), new Date());
      await moved();
      expect(await subscriptions.removeByOwner('owner-2')).toBe(1);
      expect(await moved()).toBe(true);
    } finally {
      await store.close();
    }
  });
});
