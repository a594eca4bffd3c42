import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { OAUTH_STATE_TTL_MS } from '#src/accounts/oauth-state.js';
import { sweepStore } from '#src/jobs/declared/store-sweep.js';
import { DEFAULT_OUTBOX_TTL_MS } from '#src/jobs/posting/outbox.js';
import { createLogger } from '#src/logger.js';
import { openStore, type Store } from '#src/store/index.js';
import { describeWithPostgres, usePostgres } from '../support/use-servers.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PAGER_TTL_MS = DAY;
const START = Date.UTC(2026, 0, 1);
/** Writes per simulated hour: outbox rows, paging states, OAuth states. */
const PER_HOUR = { outbox: 3, pager: 2, oauth: 1 };

/**
 * Every row physically in the table: with the clock set back to the start, no record written since
 * has expired yet, so keys() sees (and deletes) nothing but counts every row.
 */
async function physicalRows(store: Store, collections: readonly string[]): Promise<number> {
  vi.setSystemTime(START);
  let rows = 0;
  for (const name of collections) for await (const _ of store.collection(name, z.unknown()).keys()) rows += 1;
  return rows;
}

/** 30 days of hourly traffic with the sweep ticking every hour; returns the rows left. */
async function simulate30Days(store: Store): Promise<number> {
  const outbox = store.collection('outbox', z.string());
  const pager = store.collection('pager', z.string());
  const states = store.collection('oauth-state', z.string());
  const logger = createLogger('silent');
  for (let hour = 0; hour < 30 * 24; hour++) {
    vi.setSystemTime(START + hour * HOUR);
    const writes: Array<Promise<void>> = [];
    for (let i = 0; i < PER_HOUR.outbox; i++)
      writes.push(outbox.set(`${hour}-${i}`, 'posted', DEFAULT_OUTBOX_TTL_MS));
    for (let i = 0; i < PER_HOUR.pager; i++) writes.push(pager.set(`${hour}-${i}`, 'page', PAGER_TTL_MS));
    for (let i = 0; i < PER_HOUR.oauth; i++)
      writes.push(states.set(`${hour}-${i}`, 'user', OAUTH_STATE_TTL_MS));
    await Promise.all(writes);
    await sweepStore(store, logger);
  }
  return physicalRows(store, ['outbox', 'pager', 'oauth-state']);
}

/** What is still live at the end (written within each TTL), plus one hour of writes the sweep has not seen. */
const liveBound =
  (DEFAULT_OUTBOX_TTL_MS / HOUR + 1) * PER_HOUR.outbox +
  (PAGER_TTL_MS / HOUR + 1) * PER_HOUR.pager +
  2 * PER_HOUR.oauth;
const written = 30 * 24 * (PER_HOUR.outbox + PER_HOUR.pager + PER_HOUR.oauth);

function expectBounded(rows: number): void {
  expect(written).toBeGreaterThan(4 * liveBound);
  expect(rows).toBeLessThanOrEqual(liveBound);
  // The live ones are all still there.
  expect(rows).toBeGreaterThanOrEqual((DEFAULT_OUTBOX_TTL_MS / HOUR) * PER_HOUR.outbox);
}

describe('store sweep: 30 days of operation keep the row count bounded', () => {
  describe('on SQLite', () => {
    let directory: string;
    beforeAll(async () => {
      directory = await mkdtemp(path.join(tmpdir(), 'kiroku-sweep-'));
    });
    afterAll(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    it('on SQLite', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: START });
      const store = await openStore(`sqlite://${path.join(directory, 'sweep.sqlite')}`);
      try {
        expectBounded(await simulate30Days(store));
      } finally {
        vi.useRealTimers();
        await store.close();
      }
    }, 120_000);
  });

  describeWithPostgres('on PostgreSQL', () => {
    const server = usePostgres();

    it('on PostgreSQL', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: START });
      const store = await openStore(server().url);
      try {
        expectBounded(await simulate30Days(store));
      } finally {
        vi.useRealTimers();
        await store.close();
      }
    }, 180_000);
  });
});
