import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { BATCH_LIMITS, embedChars, packFeedBatches } from '#src/jobs/feed/batch.js';
import { activityUrl } from '#src/jobs/feed/links.js';
import type { FeedItem } from '#src/jobs/feed/message.js';
import { feedItem } from '#src/jobs/feed/message.js';
import { minimalFeedMessage, wellFormed } from '#src/jobs/feed/minimal.js';
import { refusalDetail } from '#src/jobs/posting/poster.js';
import type { Activity } from '#src/service/index.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

const embed = (chars: number): FeedItem => ({
  kind: 'embed',
  embed: { author: { name: 'a' }, title: 't', description: 'x'.repeat(Math.max(0, chars - 2)) },
});
const line = (chars: number): FeedItem => ({ kind: 'line', line: 'l'.repeat(chars), color: 1 });

/** A deterministic stream of numbers in [0, 1). */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function checkLimits(batches: ReturnType<typeof packFeedBatches<number>>): void {
  for (const batch of batches) {
    const embeds = batch.message.embeds ?? [];
    expect(embeds.length).toBeGreaterThan(0);
    expect(embeds.length).toBeLessThanOrEqual(BATCH_LIMITS.embeds);
    expect(embeds.reduce((sum, e) => sum + embedChars(e), 0)).toBeLessThanOrEqual(BATCH_LIMITS.totalChars);
    for (const e of embeds)
      expect((e.description ?? '').length).toBeLessThanOrEqual(BATCH_LIMITS.description);
  }
}

describe('feed batches', () => {
  it('puts ten embeds in a message at most, in order, each activity exactly once', () => {
    const items = Array.from({ length: 25 }, (_, id) => ({ id, item: embed(100) }));
    const batches = packFeedBatches(items);
    expect(batches.map((b) => b.members.length)).toEqual([10, 10, 5]);
    expect(batches.flatMap((b) => b.members)).toEqual(items.map((i) => i.id));
    checkLimits(batches);
  });

  it('keeps each message within 6,000 characters of embed text', () => {
    const items = Array.from({ length: 7 }, (_, id) => ({ id, item: embed(1_800) }));
    const batches = packFeedBatches(items);
    expect(batches.map((b) => b.members.length)).toEqual([3, 3, 1]);
    checkLimits(batches);
  });

  it('lets consecutive status lines share one embed up to 4,096 characters, then opens another', () => {
    const items = [
      { id: 0, item: embed(50) },
      ...Array.from({ length: 30 }, (_, i) => ({ id: i + 1, item: line(300) })),
      { id: 31, item: embed(50) },
      { id: 32, item: line(10) },
    ];
    const batches = packFeedBatches(items);
    const embeds = batches.flatMap((b) => b.message.embeds ?? []);
    // 13 lines of 300 fit 4,096 (with their line breaks); the next ones open a second line embed.
    expect(embeds[1]?.description?.split('\n')).toHaveLength(13);
    expect(embeds.at(-1)?.description).toBe('l'.repeat(10));
    expect(batches.flatMap((b) => b.members)).toEqual(items.map((i) => i.id));
    checkLimits(batches);
  });

  it('never breaks a limit and never loses or reorders an item, for any mix', () => {
    const random = seeded(25);
    for (let round = 0; round < 200; round++) {
      const count = 1 + Math.floor(random() * 40);
      const items = Array.from({ length: count }, (_, id) => ({
        id,
        item: random() < 0.5 ? embed(1 + Math.floor(random() * 4_097)) : line(1 + Math.floor(random() * 400)),
      }));
      const batches = packFeedBatches(items);
      expect(batches.flatMap((b) => b.members)).toEqual(items.map((i) => i.id));
      checkLimits(batches);
    }
  });
});

const record = (over: Partial<Record<string, unknown>> = {}): Activity =>
  ({
    id: 11,
    action: 'create_record',
    created_at: '2026-11-25T10:00:00Z',
    user: { username: 'friend_a' },
    work: { id: 5001, title: 'ぼっち・ざ・ろっく！' },
    episode: { id: 7, number: 3, number_text: null, title: 'x' },
    record: { id: 9001, comment: 'secret ||| [Free Nitro](https://evil.example)' },
    ...over,
  }) as Activity;

describe('feed links and the minimal form', () => {
  it('links each action to its page on the service', () => {
    expect(activityUrl(record())).toBe('https://annict.com/@friend_a/records/9001');
    expect(
      activityUrl({
        id: 1,
        action: 'create_review',
        user: { username: 'b_2' },
        review: { id: 44 },
      } as Activity),
    ).toBe('https://annict.com/@b_2/reviews/44');
    expect(
      activityUrl(
        { id: 1, action: 'create_status', work: { id: 12 }, status: { kind: 'watching' } } as Activity,
        'https://example.org/',
      ),
    ).toBe('https://example.org/works/12');
    // A username the service would not put in a URL: the work's page instead of a broken link.
    expect(activityUrl(record({ user: { username: 'no/such' } }))).toBe('https://annict.com/works/5001');
  });

  it('writes one short, well-formed line with the link and without the comment', () => {
    const broken = '💥'.repeat(300).slice(0, 301); // ends in half an emoji
    const message = minimalFeedMessage(record({ work: { id: 5001, title: broken } }), en);
    const content = message?.content ?? '';
    expect(message?.embeds).toBeUndefined();
    expect(content.length).toBeLessThan(2_000);
    expect(content).toBe(wellFormed(content));
    expect(content).not.toContain('secret');
    expect(content).toMatch(
      /^friend\\_a recorded .+ Ep 3 · <https:\/\/annict\.com\/@friend_a\/records\/9001>$/,
    );
    expect(minimalFeedMessage(record(), ja)?.content).toMatch(
      /^friend\\_aがぼっち・ざ・ろっく！ 第3話を記録しました · </,
    );
  });

  it('renders a status change as one line, linked to the work', () => {
    const item = feedItem(
      {
        id: 2,
        action: 'create_status',
        user: { username: 'friend_a' },
        work: { id: 12, title: 'A [B]' },
        status: { kind: 'watching' },
      } as Activity,
      en,
    );
    expect(item).toEqual({
      kind: 'line',
      line: 'friend\\_a marked [A \\[B\\]](https://annict.com/works/12) as **Watching**',
      color: expect.any(Number),
    });
  });

  it('logs why Discord refused a body by codes and field paths only', () => {
    const error = new DiscordAPIError(
      {
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          embeds: {
            '0': { description: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'the text' }] } },
          },
        },
      },
      50035,
      400,
      'POST',
      '/channels/1/messages',
      {},
    );
    expect(refusalDetail(error)).toBe('code 50035; embeds[0].description: BASE_TYPE_MAX_LENGTH');
  });
});
