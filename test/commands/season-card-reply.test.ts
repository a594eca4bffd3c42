/**
 * The season card's reply (commands/me/card.ts) from a narrow context: the picture and its text, the
 * text alone (logged) when the picture cannot be drawn, and the link panel before any service call.
 */
import { describe, expect, it } from 'vitest';
import type { Context } from '#src/bot/context.js';
import { createTranslator } from '#src/i18n/translator.js';
import type { Page, Work } from '#src/service/index.js';
import { seasonCardReply } from '../../commands/me/card.js';
import { captureLogger } from '../support/log-capture.js';

const page = <T>(items: T[]): Page<T> => ({
  items,
  totalCount: items.length,
  nextPage: null,
  prevPage: null,
});
const work = {
  id: 1,
  title: '葬送のフリーレン',
  status: { kind: 'watched' },
  images: { recommended_url: 'https://images.example/1.jpg' },
} as Work;

function context(options: { linked: boolean; coverFails?: boolean }) {
  const log = captureLogger();
  const calls: string[] = [];
  const answer =
    <T>(name: string, value: T) =>
    async () => {
      calls.push(name);
      return value;
    };
  const service = {
    me: answer('me', { id: 42, username: 'mika', name: 'Mika' }),
    myWorks: answer('myWorks', page([work])),
    activities: answer(
      'activities',
      page([
        {
          id: 1,
          action: 'create_record',
          created_at: '2026-11-20T10:00:00Z',
          work,
          episode: { id: 11 },
          record: { id: 5, rating_state: 'great' },
        },
      ]),
    ),
  };
  const ctx = {
    t: createTranslator('en'),
    user: { id: '300000000000000001', username: 'mika' },
    oauth: undefined,
    now: () => new Date('2026-11-27T00:00:00Z'),
    logger: log.logger,
    service,
    covers: {
      fetch: async () => {
        if (options.coverFails) throw new Error('canvas out of memory');
        return undefined;
      },
    },
    linkedAccount: async () => (options.linked ? { token: 'tok' } : undefined),
    ownCall: async () => ({ token: 'tok', priority: 'interactive', person: '300000000000000001' }),
  } as unknown as Context;
  return { ctx, log, calls };
}

describe('the season card reply', () => {
  it('is the PNG with its text alternative and a Share button', async () => {
    const { ctx, calls } = context({ linked: true });
    const reply = await seasonCardReply(ctx, undefined);
    expect(calls).toEqual(['me', 'myWorks', 'activities']);
    expect(reply.content).toBe(
      'Fall 2026 season card of Mika.\n1 episode recorded; 1 of 1 works finished (100%).\nTop rated: 葬送のフリーレン (Great).',
    );
    expect(reply.files).toHaveLength(1);
    expect(reply.files?.[0]?.data.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(reply.files?.[0]?.description).toContain('Fall 2026 season card of Mika.');
    expect(JSON.stringify(reply.components)).toContain(
      '"custom_id":"me:share:300000000000000001:2026-autumn"',
    );
  });

  it('is the text alone, with a log line, when the picture cannot be drawn', async () => {
    const { ctx, log } = context({ linked: true, coverFails: true });
    const reply = await seasonCardReply(ctx, '2026-autumn');
    expect(reply.files).toEqual([]);
    expect(reply.content).toMatch(/^Fall 2026 season card of Mika\./);
    expect(reply.components).toHaveLength(1);
    expect(log.records()).toContainEqual(
      expect.objectContaining({ picture: 'season-card', reason: 'Error: canvas out of memory' }),
    );
  });

  it('is the link panel for someone not linked, before any request', async () => {
    const { ctx, calls } = context({ linked: false });
    const reply = await seasonCardReply(ctx, undefined);
    expect(calls).toEqual([]);
    expect(reply.files).toBeUndefined();
    expect(JSON.stringify(reply.components)).toContain('"custom_id":"account:');
  });
});
