import { describe, expect, it } from 'vitest';
import { nonceFor, Outbox } from '#src/jobs/posting/outbox.js';
import type { ChannelPoster, NoncedMessage, PostOutcome } from '#src/jobs/posting/poster.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';

function scriptedPoster(outcomes: PostOutcome[]): ChannelPoster & { sent: NoncedMessage[] } {
  const sent: NoncedMessage[] = [];
  return {
    sent,
    async post(_channelId, message) {
      sent.push(message);
      return outcomes.shift() ?? { ok: true, messageId: String(sent.length) };
    },
    async notifyUser() {},
  };
}

describe('outbox', () => {
  it('derives a stable nonce of at most 25 characters per channel and source', () => {
    expect(nonceFor('1', 'activity:1')).toBe(nonceFor('1', 'activity:1'));
    expect(nonceFor('1', 'activity:1')).not.toBe(nonceFor('2', 'activity:1'));
    expect(nonceFor('1', 'activity:1')).toHaveLength(25);
  });

  it('posts once, retries a failed post with the same nonce, and gives up after the attempt limit', async () => {
    const store = await openStore('sqlite://:memory:');
    const poster = scriptedPoster([{ ok: false, reason: 'failed' }]);
    const outbox = new Outbox(store, {
      poster,
      now: () => new Date(),
      logger: createLogger('silent'),
      maxAttempts: 2,
    });
    const build = () => ({ content: 'hi' });
    expect(await outbox.deliver('c', 's', build)).toEqual({ status: 'failed', reason: 'failed' });
    expect(await outbox.deliver('c', 's', build)).toMatchObject({ status: 'posted' });
    expect(await outbox.deliver('c', 's', build)).toEqual({ status: 'duplicate' });
    expect(poster.sent.map((m) => m.nonce)).toEqual([nonceFor('c', 's'), nonceFor('c', 's')]);

    const failing = scriptedPoster([
      { ok: false, reason: 'failed' },
      { ok: false, reason: 'failed' },
    ]);
    const stubborn = new Outbox(store, {
      poster: failing,
      now: () => new Date(),
      logger: createLogger('silent'),
      maxAttempts: 2,
    });
    expect(await stubborn.deliver('c', 'bad', build)).toMatchObject({ status: 'failed' });
    expect(await stubborn.deliver('c', 'bad', build)).toEqual({ status: 'abandoned' });
    expect(await stubborn.deliver('c', 'bad', build)).toEqual({ status: 'duplicate' });
    expect(failing.sent).toHaveLength(2);
    await store.close();
  });

  it('posts once when the same source is delivered to one channel twice at the same time', async () => {
    const store = await openStore('sqlite://:memory:');
    const poster = scriptedPoster([]);
    const outbox = new Outbox(store, { poster, now: () => new Date(), logger: createLogger('silent') });
    const build = () => ({ content: 'same activity, two owners' });
    const results = await Promise.all([
      outbox.deliver('c', 'activity:7', build),
      outbox.deliver('c', 'activity:7', build),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['duplicate', 'posted']);
    expect(poster.sent).toHaveLength(1);
    await store.close();
  });
});
