/**
 * The feed collapses one person's run of episodes of a work in one poll into one entry:
 * "alice recorded 12 episodes · Work Ep 1–12", linked to the last record, with the ratings.
 * Other items between, other works, other people, gaps in the numbers and comments end a run.
 */
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { packFeedBatches } from '#src/jobs/feed/batch.js';
import { feedItem } from '#src/jobs/feed/message.js';
import type { Activity } from '#src/service/index.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

let nextId = 1;
const record = (
  number: number | null,
  over: { user?: number; work?: number; rating?: string; comment?: string } = {},
): Activity => {
  const id = nextId++;
  const user = over.user ?? 1;
  return {
    id,
    action: 'create_record',
    created_at: '2026-11-25T10:00:00Z',
    user: { id: user, username: user === 1 ? 'alice' : 'bob' },
    work: { id: over.work ?? 100, title: over.work === 200 ? '鋼の旋律' : '空色ノート' },
    episode: { id: 1000 + id, number, number_text: number === null ? '総集編' : null, title: 't' },
    record: { id: 9000 + id, comment: over.comment ?? '', rating_state: over.rating ?? null },
  } as Activity;
};
const status = (): Activity =>
  ({
    id: nextId++,
    action: 'create_status',
    created_at: '2026-11-25T10:00:00Z',
    user: { id: 1, username: 'alice' },
    work: { id: 100, title: '空色ノート' },
    status: { kind: 'watching' },
  }) as Activity;

/** The poll's activities as the channel gets them: each message's embeds, and which ids each holds. */
function post(activities: Activity[], t = en) {
  const items = activities.flatMap((activity) => {
    const item = feedItem(activity, t);
    return item ? [{ id: activity.id, item }] : [];
  });
  const batches = packFeedBatches(items);
  // Every activity is in exactly one message, in order: the outbox claims them all.
  expect(batches.flatMap((batch) => batch.members)).toEqual(items.map((item) => item.id));
  return batches.flatMap((batch) => batch.message.embeds ?? []);
}

describe('feed runs', () => {
  it('collapses twelve consecutive episodes into one entry linked to the last record, with the ratings', () => {
    const run = Array.from({ length: 12 }, (_, i) =>
      record(i + 1, i === 4 ? { rating: 'great' } : i === 11 ? { rating: 'good', comment: 'finale!' } : {}),
    );
    const embeds = post(run);
    expect(embeds).toHaveLength(1);
    expect(embeds[0]).toMatchObject({
      author: { name: 'alice recorded 12 episodes' },
      title: '空色ノート Ep 1–12',
      url: `https://annict.com/@alice/records/${9000 + (run.at(-1)?.id ?? 0)}`,
      description: 'Ep 5 · Great\nEp 12 · Good\n||finale!||',
    });
  });

  it('in Japanese: 第1話〜第3話', () => {
    const embeds = post([record(1), record(2), record(3)], ja);
    expect(embeds).toHaveLength(1);
    expect(embeds[0]?.title).toBe('空色ノート 第1話〜第3話');
    expect(embeds[0]?.author?.name).toContain('3');
  });

  it('another item between splits a run; a lone record keeps its own entry', () => {
    const embeds = post([
      record(1),
      record(2),
      status(),
      record(3),
      record(4),
      record(5),
      status(),
      record(6),
    ]);
    expect(embeds.map((embed) => embed.title ?? embed.description)).toEqual([
      '空色ノート Ep 1–2',
      expect.stringContaining('Watching'),
      '空色ノート Ep 3–5',
      expect.stringContaining('Watching'),
      expect.stringMatching(/^空色ノート Ep 6 /),
    ]);
  });

  it('different works, different people, gaps in the numbers and unnumbered episodes stay apart', () => {
    const embeds = post([
      record(1),
      record(2, { work: 200 }),
      record(3, { user: 2 }),
      record(5),
      record(7),
      record(8),
      record(null),
      record(9),
    ]);
    expect(embeds.map((embed) => embed.title)).toEqual([
      expect.stringMatching(/^空色ノート Ep 1 /),
      expect.stringMatching(/^鋼の旋律 Ep 2 /),
      expect.stringMatching(/^空色ノート Ep 3 /),
      expect.stringMatching(/^空色ノート Ep 5 /),
      '空色ノート Ep 7–8',
      expect.stringMatching(/^空色ノート 総集編 /),
      expect.stringMatching(/^空色ノート Ep 9 /),
    ]);
  });

  it('a comment ends its run: the next episode starts another, and no words are folded away', () => {
    const embeds = post([record(1), record(2, { comment: 'wow' }), record(3), record(4)]);
    expect(embeds.map((embed) => [embed.title, embed.description])).toEqual([
      ['空色ノート Ep 1–2', '||wow||'],
      ['空色ノート Ep 3–4', undefined],
    ]);
  });
});
