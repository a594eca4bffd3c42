/**
 * Contract: walking lists page by page against the emulator — fixed per_page and sort_id,
 * every item exactly once, stopping on next_page null or on an empty page.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CallOptions } from '#src/service/index.js';
import { DEMO_GINGA, DEMO_TOKENS, DEMO_USERS } from '../../fakes/emulator/seed.js';
import { type ContractRig, collect, ids, startRig } from './helpers.js';

const alice: CallOptions = { token: DEMO_TOKENS.alice, priority: 'poll' };
const GINGA_IDS = Array.from({ length: DEMO_GINGA.count }, (_, i) => DEMO_GINGA.firstId + i);

let rig: ContractRig;
let sentBefore = 0;
/** Requests the client sent since the test began. */
const sentSince = () => rig.transport.sent.slice(sentBefore);

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});
beforeEach(() => {
  sentBefore = rig.transport.sent.length;
});

describe('client.walk', () => {
  it('walks the 120 銀河 works with per_page 7: every item exactly once, 18 pages', async () => {
    const items = await collect(
      rig.client.walk('works', { filter_title: DEMO_GINGA.fragment }, alice, { perPage: 7 }),
    );
    expect(items).toHaveLength(DEMO_GINGA.count);
    expect(new Set(ids(items)).size).toBe(DEMO_GINGA.count);
    expect(ids(items)).toEqual(GINGA_IDS);
    for (const work of items) expect(work.title).toContain(DEMO_GINGA.fragment);

    const sent = sentSince();
    // ceil(120 / 7) = 18 pages; the last one says next_page null, so no 19th request.
    expect(sent).toHaveLength(18);
    sent.forEach((request, i) => {
      expect(request.params.get('page')).toBe(String(i + 1));
      expect(request.params.get('per_page')).toBe('7');
      expect(request.params.get('sort_id')).toBe('asc');
      expect(request.params.get('filter_title')).toBe(DEMO_GINGA.fragment);
    });
  });

  it('walks with sort_id desc and a per_page that divides the total (15 pages of 8)', async () => {
    const items = await collect(
      rig.client.walk('works', { filter_title: DEMO_GINGA.fragment, sort_id: 'desc' }, alice, { perPage: 8 }),
    );
    expect(ids(items)).toEqual([...GINGA_IDS].reverse());
    expect(sentSince()).toHaveLength(15);
    expect(sentSince().every((r) => r.params.get('sort_id') === 'desc')).toBe(true);
  });

  it('with another sort, sort_id is left out and still every item comes once', async () => {
    const items = await collect(
      rig.client.walk('works', { filter_title: DEMO_GINGA.fragment, sort_watchers_count: 'desc' }, alice, {
        perPage: 9,
      }),
    );
    expect([...ids(items)].sort((a, b) => a - b)).toEqual(GINGA_IDS);
    const counts = items.map((w) => w.watchers_count ?? 0);
    expect(counts.every((c, i) => i === 0 || counts[i - 1]! >= c)).toBe(true);
    expect(
      sentSince().every((r) => !r.params.has('sort_id') && r.params.get('sort_watchers_count') === 'desc'),
    ).toBe(true);
  });

  it('stops on an empty page past the end (the service still says next_page = page + 1 there)', async () => {
    const items = await collect(
      rig.client.walk('works', { filter_title: DEMO_GINGA.fragment }, alice, { perPage: 7, startPage: 19 }),
    );
    expect(items).toEqual([]);
    expect(sentSince()).toHaveLength(1);
  });

  it('walks with the camelCase aliases and with narrowing fields', async () => {
    const mine = await collect(rig.client.walk('myWorks', { fields: ['title'] }, alice, { perPage: 3 }));
    const expected = [...(rig.emulator.data.statuses.get(DEMO_USERS.alice.id)?.keys() ?? [])].sort(
      (a, b) => a - b,
    );
    expect(ids(mine)).toEqual(expected);
    expect(sentSince()).toHaveLength(Math.ceil(expected.length / 3));
    expect(sentSince()[0]?.operation).toBe('my_works');

    const feed = await collect(
      rig.client.walk('followingActivities', { filter_muted: false }, alice, { perPage: 5 }),
    );
    const single = await rig.client.followingActivities({ filter_muted: false, per_page: 50 }, alice);
    expect(ids(feed)).toEqual(ids(single.items));
    expect(new Set(ids(feed)).size).toBe(feed.length);
  });

  it('walks a list shorter than one page with a single request', async () => {
    const users = await collect(rig.client.walk('searchUsers', {}, alice));
    expect(ids(users)).toEqual(Object.values(DEMO_USERS).map((u) => u.id));
    expect(sentSince()).toHaveLength(1);
    expect(sentSince()[0]?.params.get('per_page')).toBe('50');
  });
});
