/**
 * Whose data a comparison reads and with whose token (commands/compare/view.ts): the member's
 * record only when they share it, read with the asker's token and naming the asker (their fair
 * share), never with the member's token; a member who does not share costs no request at all.
 */
import { describe, expect, it } from 'vitest';
import type { Context } from '#src/bot/context.js';
import { LookupCache } from '#src/bot/lookup-cache.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { createTranslator } from '#src/i18n/translator.js';
import type { CallOptions, Page } from '#src/service/index.js';
import { compareWith } from '../../commands/compare/view.js';

const ASKER = '300000000000000001';
const MEMBER = '300000000000000002';
const page = <T>(items: T[]): Page<T> => ({
  items,
  totalCount: items.length,
  nextPage: null,
  prevPage: null,
});
const stored = (token: string, serviceUserId: number, serviceUsername: string) => ({
  token,
  scopes: ['read', 'write'],
  serviceUserId,
  serviceUsername,
  method: 'token' as const,
  linkedAt: '2026-11-01T00:00:00Z',
});

function context(shares: boolean) {
  const calls: Array<{ operation: string; params: Record<string, unknown>; call: CallOptions }> = [];
  const linkedAsked: string[] = [];
  const activity = (userId: number) => ({
    id: userId,
    action: 'create_record',
    created_at: '2026-11-01T00:00:00Z',
    work: { id: 7, title: '作品', season_name: '2026-autumn' },
    episode: { id: 1 },
    record: { id: 1, rating_state: userId === 1 ? 'good' : 'great' },
  });
  const service = {
    activities: async (params: Record<string, unknown>, call: CallOptions) => {
      calls.push({ operation: 'activities', params, call });
      return page([activity(Number(params.filter_user_id))]);
    },
    myWorks: async (params: Record<string, unknown>, call: CallOptions) => {
      calls.push({ operation: 'myWorks', params, call });
      return page([]);
    },
  };
  const ctx = {
    t: createTranslator('en'),
    locale: 'en',
    user: { id: ASKER, username: 'mika' },
    service,
    cache: new LookupCache().forPerson(ASKER),
    preferences: { isDiscoverable: async (id: string) => id === MEMBER && shares },
    accounts: {
      linked: async (id: string) => {
        linkedAsked.push(id);
        return stored('member-token', 2, 'bob');
      },
    },
    linkedAccount: async () => stored('asker-token', 1, 'mika'),
    ownCall: async () => ({ token: 'asker-token', priority: 'interactive', person: ASKER }),
  } as unknown as Context;
  return { ctx, calls, linkedAsked };
}

describe('who a comparison reads, and how', () => {
  it('reads both records with the asker’s token, naming the asker, never the member’s token', async () => {
    const { ctx, calls } = context(true);
    const view = await compareWith(ctx, MEMBER, '2026-autumn');
    expect(view.memberName).toBe('bob');
    expect(view.comparison.both.map((work) => work.id)).toEqual([7]);
    expect([view.comparison.agreed, view.comparison.rated]).toEqual([0, 1]);
    expect(calls.map((c) => [c.operation, c.params.filter_user_id])).toEqual([
      ['activities', 1],
      ['activities', 2],
    ]);
    for (const { call } of calls) expect(call).toMatchObject({ token: 'asker-token', person: ASKER });
  });

  it('asks the asker’s library for the member’s Great works only when there are some', async () => {
    const { ctx, calls } = context(true);
    // The member rated work 7 Great, but the asker recorded it: nothing to offer, nothing to ask.
    await compareWith(ctx, MEMBER, undefined);
    expect(calls.some((c) => c.operation === 'myWorks')).toBe(false);
  });

  it('refuses a member who does not share before reading anything, and the asker themself', async () => {
    const { ctx, calls, linkedAsked } = context(false);
    const refused = compareWith(ctx, MEMBER, undefined);
    await expect(refused).rejects.toBeInstanceOf(UserFacingError);
    await expect(refused).rejects.toMatchObject({ message: 'compare.notShared' });
    await expect(compareWith(ctx, ASKER, undefined)).rejects.toMatchObject({ message: 'compare.self' });
    expect(calls).toEqual([]);
    expect(linkedAsked).toEqual([]);
  });
});
