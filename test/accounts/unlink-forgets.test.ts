/**
 * Unlink deletes everything about the person. The test walks STORE_COLLECTIONS (the
 * one list the app's store accepts names from, so a collection added anywhere must be listed there),
 * seeds a row for the person and one for somebody else wherever the list says a person's rows are,
 * unlinks through the app's own wiring, and proves no row of the person remains while the other's stay.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'discord.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Closers } from '#src/app/closers.js';
import { buildHandlerDeps } from '#src/app/handler-deps.js';
import { openInfrastructure } from '#src/app/infrastructure.js';
import { STORE_COLLECTIONS } from '#src/app/stored-records.js';
import type { HandlerDeps } from '#src/bot/context.js';
import { DEFAULT_INTERACTION_LIMITS } from '#src/bot/interaction-limits.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import type { PersonRows } from '#src/store/collections.js';
import { openStore, type Store, StoreError } from '#src/store/index.js';

const PERSON = '200000000000000002';
const OTHER = '300000000000000003';
const anyValue = z.unknown();

describe('unlink leaves nothing behind', () => {
  let closers: Closers;
  let deps: HandlerDeps;
  let store: Store;

  beforeEach(async () => {
    const logger = createLogger('silent');
    const config = parseConfig({
      DATABASE_URL: 'sqlite://:memory:',
      VAULT_KEY: randomBytes(32).toString('base64'),
    });
    closers = new Closers(logger);
    const now = () => new Date();
    const settings = { config, logger, now };
    const infra = await openInfrastructure(
      { ...settings, interactionLimits: DEFAULT_INTERACTION_LIMITS },
      closers,
    );
    store = infra.store;
    const client = new Client({ intents: [] });
    closers.add('client', () => client.destroy());
    ({ deps } = await buildHandlerDeps({ ...settings, client }, infra, closers));
  });
  afterEach(async () => {
    await closers.closeAll();
  });

  /** Rows for `who` where `rows` says a person's rows are; returns their keys. */
  async function seed(name: string, rows: PersonRows, who: string): Promise<string[]> {
    const collection = store.collection(name, anyValue);
    switch (rows.in) {
      case 'key':
        await collection.set(who, { seeded: true });
        return [who];
      case 'key-segment':
        await collection.set(`scope:${who}:thing`, { seeded: true });
        return [`scope:${who}:thing`];
      case 'field':
        await collection.set(`row-of-${who}`, { [rows.field]: who });
        return [`row-of-${who}`];
      case 'field-or-key-segment':
        await collection.set(`row-of-${who}`, { [rows.field]: who });
        await collection.set(`scope:${who}`, { seeded: true });
        return [`row-of-${who}`, `scope:${who}`];
      case 'subscription-key': {
        const subscription = await deps.subscriptions.create(
          { kind: 'feed', guildId: 'g', channelId: 'c', ownerId: who, feed: { actions: [] } },
          new Date(),
        );
        await collection.set(subscription.id, { seeded: true });
        return [subscription.id];
      }
      case 'nothing':
        return [];
    }
  }

  it('deletes the person’s rows in every listed collection and keeps everyone else’s', async () => {
    await deps.vault.put(PERSON, {
      token: 'personal-token',
      scopes: ['read'],
      serviceUserId: 1,
      serviceUsername: 'one',
      method: 'token',
      linkedAt: new Date().toISOString(),
    });
    const kept = new Map<string, string[]>();
    for (const [name, rows] of Object.entries(STORE_COLLECTIONS)) {
      // The vault row is the real token above; every other collection gets seeded rows.
      if (name !== 'vault') await seed(name, rows, PERSON);
      kept.set(name, await seed(name, rows, OTHER));
    }
    expect((await deps.accounts.unlink(PERSON)).token).toBe('personal-token');

    for (const name of Object.keys(STORE_COLLECTIONS)) {
      const collection = store.collection(name, anyValue);
      for await (const [key, value] of collection.entries()) {
        expect(`${name}/${key}`).not.toContain(PERSON);
        expect(JSON.stringify(value)).not.toContain(PERSON);
      }
      for (const key of kept.get(name) ?? [])
        expect((await collection.read(key)).status, `${name}/${key}`).toBe('ok');
    }
  });

  it('the app’s store refuses a collection that is not listed', async () => {
    expect(() => store.collection('reminders-not-listed', anyValue)).toThrow(StoreError);
    const free = await openStore('sqlite://:memory:');
    expect(free.collection('anything', anyValue).name).toBe('anything');
    await free.close();
  });
});
