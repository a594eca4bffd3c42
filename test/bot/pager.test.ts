import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Context } from '#src/bot/context.js';
import { Pager, type PagerState, pagedList } from '#src/bot/paging.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { createTranslator } from '#src/i18n/translator.js';
import type { Collection, ReadResult } from '#src/store/index.js';
import { captureLogger } from '../support/log-capture.js';

/** An in-memory collection whose writes land only when the test lets them (or fail when told). */
class GatedStates implements Collection<PagerState> {
  readonly name = 'pager';
  readonly values = new Map<string, PagerState>();
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;
  failWrites = false;

  hold(): void {
    this.gate = new Promise((resolve) => {
      this.open = resolve;
    });
  }
  release(): void {
    this.open();
  }

  async set(key: string, value: PagerState): Promise<void> {
    await this.gate;
    if (this.failWrites) throw new Error('disk full');
    this.values.set(key, value);
  }
  async get(key: string): Promise<PagerState | undefined> {
    return this.values.get(key);
  }
  async read(key: string): Promise<ReadResult<PagerState>> {
    const value = this.values.get(key);
    return value ? { status: 'ok', value } : { status: 'absent' };
  }
  async getMany(keys: readonly string[]): Promise<Array<PagerState | undefined>> {
    return keys.map((key) => this.values.get(key));
  }
  async delete(key: string): Promise<boolean> {
    return this.values.delete(key);
  }
  async setIfAbsent(key: string, value: PagerState): Promise<boolean> {
    if (this.values.has(key)) return false;
    await this.set(key, value);
    return true;
  }
  async update(
    key: string,
    change: (current: PagerState | undefined) => PagerState | undefined,
  ): Promise<PagerState | undefined> {
    const next = change(this.values.get(key));
    if (next !== undefined) await this.set(key, next);
    return next ?? this.values.get(key);
  }
  async take(key: string): Promise<PagerState | undefined> {
    const value = this.values.get(key);
    this.values.delete(key);
    return value;
  }
  async *entries(): AsyncIterable<[string, PagerState]> {
    yield* this.values.entries();
  }
  async *keys(): AsyncIterable<string> {
    yield* this.values.keys();
  }
}

const TOTAL = 25;
const PER_PAGE = 10;
const numbers = pagedList({
  query: z.object({ from: z.number() }),
  async fetchPage(_ctx, query, page) {
    const first = query.from + (page - 1) * PER_PAGE;
    const last = Math.min(query.from + TOTAL - 1, first + PER_PAGE - 1);
    return {
      embed: { description: `${first}..${last}` },
      page,
      perPage: PER_PAGE,
      totalCount: TOTAL,
      hasNext: page * PER_PAGE < TOTAL,
    };
  },
});
const single = pagedList({
  query: z.object({}),
  async fetchPage(_ctx, _query, page) {
    return { embed: { description: 'one' }, page, perPage: PER_PAGE, totalCount: 1, hasNext: false };
  },
});

function setup() {
  const states = new GatedStates();
  const pager = new Pager(states);
  pager.register('numbers', numbers);
  pager.register('single', single);
  const logs = captureLogger('warn');
  const ctxFor = (userId: string) =>
    ({ user: { id: userId, username: userId }, t: createTranslator('en'), logger: logs.logger }) as Context;
  return { states, pager, logs, ctxFor };
}

function keyOf(reply: { components?: unknown }): string {
  const id = /"custom_id":"pg:([^:"]+):2"/.exec(JSON.stringify(reply.components))?.[1];
  if (!id) throw new Error('no Next button');
  return id;
}

describe('Pager', () => {
  it('answers before the list state is stored; a button pressed meanwhile waits for the write', async () => {
    const { states, pager, ctxFor } = setup();
    states.hold();
    const first = await pager.open(ctxFor('alice'), 'numbers', { from: 1 });
    expect(first.embeds?.[0]?.description).toBe('1..10');
    const key = keyOf(first);
    expect(states.values.has(key)).toBe(false);

    const turning = pager.turn(ctxFor('alice'), key, 2);
    states.release();
    const second = await turning;
    expect(second.embeds?.[0]?.description).toBe('11..20');
    expect(states.values.get(key)).toEqual({ list: 'numbers', invoker: 'alice', query: { from: 1 } });
  });

  it('settled() waits for every write in flight, so the store can close after it', async () => {
    const { states, pager, ctxFor } = setup();
    states.hold();
    await pager.open(ctxFor('alice'), 'numbers', { from: 1 });
    await pager.open(ctxFor('bob'), 'numbers', { from: 100 });
    let settled = false;
    const waiting = pager.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    states.release();
    await waiting;
    expect(states.values.size).toBe(2);
  });

  it('logs a failed write (without the query) and its buttons then say the list expired', async () => {
    const { states, pager, logs, ctxFor } = setup();
    states.failWrites = true;
    const first = await pager.open(ctxFor('alice'), 'numbers', { from: 4242 });
    await pager.settled();
    const error = await pager.turn(ctxFor('alice'), keyOf(first), 2).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UserFacingError);
    expect((error as UserFacingError).message).toBe('error.expired');
    expect(logs.text()).toContain('could not store a list state');
    expect(logs.text()).not.toContain('4242');
  });

  it('stores nothing for a list that fits on one page', async () => {
    const { states, pager, ctxFor } = setup();
    const reply = await pager.open(ctxFor('alice'), 'single', {});
    await pager.settled();
    expect(reply.components).toEqual([]);
    expect(states.values.size).toBe(0);
  });

  it('serves a page already shown from memory (no fetch), and says so for the press limit', async () => {
    const { pager, ctxFor } = setup();
    let fetches = 0;
    pager.register(
      'counted',
      pagedList({
        query: z.object({}),
        async fetchPage(ctx, query, page) {
          fetches += 1;
          return numbers.fetchPage(ctx, { from: 1, ...query }, page);
        },
      }),
    );
    const first = await pager.open(ctxFor('alice'), 'counted', {});
    const key = keyOf(first);
    expect(pager.hasShownPage(key, 1)).toBe(true);
    expect(pager.hasShownPage(key, 2)).toBe(false);
    await pager.turn(ctxFor('alice'), key, 2);
    const back = await pager.turn(ctxFor('alice'), key, 1);
    expect(back.embeds?.[0]?.description).toBe('1..10');
    expect(fetches).toBe(2);
    expect(pager.hasShownPage(key, 2)).toBe(true);
    // Someone else's press is still refused, shown page or not.
    await expect(pager.turn(ctxFor('bob'), key, 1)).rejects.toThrow('error.notYourComponent');
    await pager.forget('alice');
    expect(pager.hasShownPage(key, 1)).toBe(false);
  });

  it('forget() also drops others’ lists that name the user as their member, with the pages shown', async () => {
    const { states, pager, ctxFor } = setup();
    pager.register(
      'compared',
      pagedList({
        query: z.object({ member: z.string() }),
        fetchPage: (ctx, _query, page) => numbers.fetchPage(ctx, { from: 1 }, page),
      }),
    );
    const withCarol = keyOf(await pager.open(ctxFor('bob'), 'compared', { member: 'carol' }));
    const withDave = keyOf(await pager.open(ctxFor('bob'), 'compared', { member: 'dave' }));
    await pager.forget('carol');
    expect(await states.get(withCarol)).toBeUndefined();
    expect(pager.hasShownPage(withCarol, 1)).toBe(false);
    await expect(pager.turn(ctxFor('bob'), withCarol, 1)).rejects.toThrow('error.expired');
    expect(pager.hasShownPage(withDave, 1)).toBe(true);
    expect((await states.get(withDave))?.invoker).toBe('bob');
  });

  it('forget() waits for pending writes, so an unlinked user leaves no state behind', async () => {
    const { states, pager, ctxFor } = setup();
    states.hold();
    await pager.open(ctxFor('alice'), 'numbers', { from: 1 });
    await pager.open(ctxFor('bob'), 'numbers', { from: 1 });
    const forgetting = pager.forget('alice');
    states.release();
    await forgetting;
    expect([...states.values.values()].map((state) => state.invoker)).toEqual(['bob']);
  });
});
