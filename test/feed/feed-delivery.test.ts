import { afterEach, describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { ChannelFeed, type FeedPostEvent, type RenderedActivity } from '#src/jobs/feed/channel-batches.js';
import { feedItem } from '#src/jobs/feed/message.js';
import { minimalFeedMessage } from '#src/jobs/feed/minimal.js';
import { nonceFor, Outbox } from '#src/jobs/posting/outbox.js';
import type { ChannelPoster, NoncedMessage, PostOutcome } from '#src/jobs/posting/poster.js';
import { createLogger } from '#src/logger.js';
import type { Activity } from '#src/service/index.js';
import { openStore, type Store } from '#src/store/index.js';

const t = createTranslator('en');
const CHANNEL = '900';

function record(id: number): Activity {
  return {
    id,
    action: 'create_record',
    created_at: '2026-11-25T10:00:00Z',
    user: { username: 'friend_a' },
    work: { id: 5001, title: `Work ${id}` },
    episode: { id, number: 1, number_text: null, title: null },
    record: { id: 9000 + id, comment: `comment ${id}` },
  } as Activity;
}

function rendered(ids: number[]): RenderedActivity[] {
  return ids.map((id) => {
    const activity = record(id);
    const item = feedItem(activity, t);
    const minimal = minimalFeedMessage(activity, t);
    if (!item || !minimal) throw new Error('unrenderable');
    return { activity, item, minimal: () => minimal };
  });
}

/** Answers each post with the next scripted outcome (then success), recording what was sent. */
function scriptedPoster(script: Array<PostOutcome | ((m: NoncedMessage) => PostOutcome)>) {
  const sent: NoncedMessage[] = [];
  const poster: ChannelPoster = {
    async post(_channel, message) {
      sent.push(message);
      const next = script.shift();
      const outcome = typeof next === 'function' ? next(message) : next;
      return outcome ?? { ok: true, messageId: `m${sent.length}` };
    },
    async notifyUser() {},
  };
  return { poster, sent };
}

const stores: Store[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

async function setup(script: Parameters<typeof scriptedPoster>[0], ownerId = 'owner1') {
  const store = await openStore('sqlite://:memory:');
  stores.push(store);
  const { poster, sent } = scriptedPoster(script);
  const logger = createLogger('silent');
  const outbox = new Outbox(store, { poster, now: () => new Date(), logger, maxAttempts: 3 });
  const events: FeedPostEvent[] = [];
  const feed = new ChannelFeed({ outbox, logger, onEvent: (e) => events.push(e) }, CHANNEL, ownerId);
  return { store, outbox, poster, sent, feed, events, logger };
}

const refused: PostOutcome = { ok: false, reason: 'invalid', detail: 'code 50035' };
const failed: PostOutcome = { ok: false, reason: 'failed' };

describe('channel feed delivery', () => {
  it('posts a refused batch again as one minimal line per activity, then goes on', async () => {
    const { feed, sent, events, outbox } = await setup([refused]);
    const result = await feed.deliver(rendered([1, 2, 3]));
    expect(result).toMatchObject({ messages: 3, degraded: 3, duplicates: 0 });
    expect(result.posted.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(sent[0]?.embeds).toHaveLength(3);
    expect(sent.slice(1).map((m) => m.content)).toEqual([
      expect.stringContaining('records/9001>'),
      expect.stringContaining('records/9002>'),
      expect.stringContaining('records/9003>'),
    ]);
    // Each minimal post under the activity's own key and nonce.
    expect(sent[1]?.nonce).toBe(nonceFor(CHANNEL, 'activity:1'));
    expect(events).toEqual(['batch_refused', 'degraded', 'degraded', 'degraded']);
    expect((await outbox.entries(CHANNEL, ['activity:1', 'activity:3'])).map((e) => e?.state)).toEqual([
      'posted',
      'posted',
    ]);
    // Everything is done: a second delivery posts nothing.
    expect(await feed.deliver(rendered([1, 2, 3]))).toMatchObject({ messages: 0, duplicates: 3 });
    expect(sent).toHaveLength(4);
  });

  it('after a failure for now, posts the same batch under the same key, and nothing twice', async () => {
    const { feed, sent } = await setup([failed]);
    expect(await feed.deliver(rendered([1, 2]))).toMatchObject({ stoppedAt: 1, messages: 0 });
    // The next poll has one more activity: the claimed batch goes first, exactly as it was.
    const again = await feed.deliver(rendered([1, 2, 3]));
    expect(again.posted.map((a) => a.id)).toEqual([1, 2, 3]);
    expect(again.messages).toBe(2);
    expect(sent.map((m) => m.embeds?.length)).toEqual([2, 2, 1]);
    expect(sent[0]?.nonce).toBe(nonceFor(CHANNEL, 'feed:owner1:1'));
    expect(sent[1]?.nonce).toBe(sent[0]?.nonce);
    expect(sent[2]?.nonce).toBe(nonceFor(CHANNEL, 'feed:owner1:3'));
  });

  it('a batch that keeps failing goes out in the minimal form instead of holding the channel', async () => {
    const { feed, sent } = await setup([failed, failed, failed]);
    for (let i = 0; i < 2; i++) expect(await feed.deliver(rendered([1, 2]))).toMatchObject({ stoppedAt: 1 });
    const third = await feed.deliver(rendered([1, 2]));
    expect(third).toMatchObject({ degraded: 2, messages: 2 });
    expect(sent.slice(3).every((m) => m.content && !m.embeds)).toBe(true);
  });

  it('finishes a batch whose claim was cut off half-way with the same members, key and nonce', async () => {
    const { store, feed, sent } = await setup([]);
    // A crash (or a backup taken) after the first of two members was claimed for feed:owner1:1.
    const before = new Outbox(store, {
      poster: scriptedPoster([]).poster,
      now: () => new Date(),
      logger: createLogger('silent'),
    });
    expect(await before.claim(CHANNEL, 'activity:1', 'feed:owner1:1', 'activity:2')).toBe(true);
    const result = await feed.deliver(rendered([1, 2, 3]));
    expect(result.posted.map((a) => a.id)).toEqual([1, 2, 3]);
    // The first message is the batch as it was meant (1 and 2, its nonce); 3 comes after it.
    expect(sent.map((m) => m.embeds?.length)).toEqual([2, 1]);
    expect(sent[0]?.nonce).toBe(nonceFor(CHANNEL, 'feed:owner1:1'));
  });

  it('leaves an activity another owner’s batch claimed in this channel to that batch', async () => {
    const { store, feed, sent, logger } = await setup([]);
    const other = new Outbox(store, { poster: scriptedPoster([]).poster, now: () => new Date(), logger });
    expect(await other.claim(CHANNEL, 'activity:2', 'feed:owner2:2')).toBe(true);
    const result = await feed.deliver(rendered([1, 2, 3]));
    expect(result.posted.map((a) => a.id)).toEqual([1, 3]);
    expect(result.duplicates).toBe(1);
    expect(sent.map((m) => m.embeds?.length)).toEqual([1, 1]);
  });

  it('finishes a single post interrupted before batches existed under its old key', async () => {
    const { outbox, feed, sent } = await setup([{ ok: false, reason: 'failed' }]);
    // An attempt from before the upgrade: pending, no batch.
    expect(await outbox.deliver(CHANNEL, 'activity:1', () => ({ content: 'old form' }))).toMatchObject({
      status: 'failed',
    });
    const result = await feed.deliver(rendered([1, 2]));
    expect(result.posted.map((a) => a.id)).toEqual([1, 2]);
    expect(sent[1]?.nonce).toBe(nonceFor(CHANNEL, 'activity:1'));
    expect(sent[2]?.nonce).toBe(nonceFor(CHANNEL, 'feed:owner1:2'));
  });

  it('gives up on an activity whose minimal form is refused too, and goes on', async () => {
    const { feed, events } = await setup([refused, refused]);
    const result = await feed.deliver(rendered([1, 2]));
    expect(result.posted.map((a) => a.id)).toEqual([2]);
    expect(result.stoppedAt).toBeUndefined();
    expect(events).toEqual(['batch_refused', 'minimal_refused', 'degraded']);
  });
});
