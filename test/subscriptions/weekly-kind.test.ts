/**
 * The `weekly` subscription kind is additive: the records stored before it (version 2,
 * the last shape) still parse unchanged, so no migration moves them; a weekly record round-trips.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { openStore } from '#src/store/index.js';
import { SUBSCRIPTION_SCHEMA_VERSION } from '#src/subscriptions/migrations.js';
import { Subscriptions, subscriptionSchema } from '#src/subscriptions/model.js';

const fixture = new URL('../fixtures/subscriptions/stored-before-weekly.json', import.meta.url);

describe('subscription kind weekly', () => {
  it('parses the records stored before it, unchanged', async () => {
    const stored: unknown[] = JSON.parse(await readFile(fixture, 'utf8'));
    expect(SUBSCRIPTION_SCHEMA_VERSION).toBe(2);
    expect(stored.map((record) => subscriptionSchema.parse(record))).toEqual(stored);
  });

  it('stores the day, time and zone, and refuses a day that is not one', async () => {
    const store = await openStore('sqlite://:memory:');
    try {
      const subscriptions = new Subscriptions(store);
      const created = await subscriptions.create(
        {
          kind: 'weekly',
          guildId: '100000000000000001',
          channelId: '200000000000000001',
          ownerId: '310000000000000001',
          weekly: { day: 'sunday', time: '21:00', timezone: 'Europe/Paris' },
          language: 'ja',
        },
        new Date('2026-11-01T00:00:00Z'),
      );
      expect(await subscriptions.get(created.id)).toMatchObject({
        kind: 'weekly',
        weekly: { day: 'sunday', time: '21:00', timezone: 'Europe/Paris' },
      });
      const odd = { ...created, weekly: { day: 'someday', time: '21:00', timezone: 'UTC' } };
      expect(subscriptionSchema.safeParse(odd).success).toBe(false);
    } finally {
      await store.close();
    }
  });
});
