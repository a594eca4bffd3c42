/**
 * `/record post … through:N` when the person's share runs out part-way (others are waiting): kiroku
 * sends no more, and the reply lists exactly what was and was not recorded, with the share's reason
 * and when to try again, in the person's language. The share only binds while
 * others wait, so it is driven here by a service that refuses as the budget does.
 */
import { describe, expect, it } from 'vitest';
import type { Context } from '#src/bot/context.js';
import { createTranslator } from '#src/i18n/translator.js';
import { BudgetBusy, type Episode, type Work } from '#src/service/index.js';
import { recordThrough } from '../../commands/record/through.js';
import { captureLogger } from '../support/log-capture.js';

const NOW = new Date('2026-11-27T00:00:00Z');
const work = { id: 7, title: '空色ノート' } as Work;
const episodes = Array.from(
  { length: 12 },
  (_, i) => ({ id: 100 + i, number: i + 1, number_text: null, title: `t${i + 1}` }) as Episode,
);

/** A context whose share allows `allowed` records, then refuses the way the budget does. */
function context(locale: 'en' | 'ja', allowed: number) {
  const created: Array<{ episode_id: number; rating_state?: string }> = [];
  const service = {
    walk: (operation: string) =>
      (async function* () {
        // Alice's recent activity: she recorded episode 1.
        if (operation === 'activities')
          yield { id: 1, action: 'create_record', work: { id: 7 }, episode: { id: 100 } };
        if (operation === 'episodes') yield* episodes;
      })(),
    createRecord: async (params: { episode_id: number; rating_state?: string }) => {
      if (created.length >= allowed) throw new BudgetBusy('create_record', 'share', 2000, 30_000);
      created.push(params);
      return { id: 9000 + params.episode_id, episode: episodes.find((e) => e.id === params.episode_id) };
    },
  };
  const ctx = {
    t: createTranslator(locale),
    now: () => NOW,
    logger: captureLogger().logger,
    service,
    cache: { getOrLoad: (_key: string, load: () => Promise<unknown>) => load() },
    catalogueCall: async () => ({ token: 'tok', priority: 'interactive', person: 'p' }),
    linkedAccount: async () => ({ token: 'tok', serviceUserId: 1, serviceUsername: 'alice' }),
  } as unknown as Context;
  return { ctx, created };
}

const request = (start: number, through: number) => ({
  work,
  start: episodes[start - 1] as Episode,
  through,
  extras: { rating_state: 'great' as const, share_microblog: false, share_network: false },
  call: { token: 'tok', priority: 'write' as const, person: 'p' },
});

describe('/record post through:N beyond the share', () => {
  it('lists what was recorded, what was not and why, with when to try again (English)', async () => {
    const { ctx, created } = context('en', 3);
    const reply = await recordThrough(ctx, request(1, 8));
    expect(created.map((p) => p.episode_id)).toEqual([101, 102, 103]);
    expect(created.some((p) => p.rating_state)).toBe(false);
    expect(reply.content).toBe(
      [
        'Recorded 3 episodes on Annict: **Ep 2–4**.',
        'Already on your record, so left out: Ep 1.',
        '**Not recorded: Ep 5–8.**',
        `Other people are waiting for Annict too, and you have had more than your share of its requests for now, so this one was not sent. Try again <t:${NOW.getTime() / 1000 + 30}:R>.`,
        'Your rating, comment and shares were for the last episode, which was not recorded: they were not saved.',
      ].join('\n'),
    );
    expect(reply.embeds?.[0]?.title).toMatch(/Ep 4 /);
  });

  it('in Japanese', async () => {
    const { ctx } = context('ja', 1);
    const reply = await recordThrough(ctx, request(2, 3));
    expect(reply.content?.split('\n').slice(0, 2)).toEqual([
      '**第2話**（1話）をAnnictに記録しました。',
      '**記録されなかった話：第3話**',
    ]);
    expect(reply.content).toContain(`<t:${NOW.getTime() / 1000 + 30}:R>`);
  });

  it('refused at the first episode: the share’s own error, nothing recorded', async () => {
    const { ctx, created } = context('en', 0);
    await expect(recordThrough(ctx, request(2, 5))).rejects.toBeInstanceOf(BudgetBusy);
    expect(created).toEqual([]);
  });
});
