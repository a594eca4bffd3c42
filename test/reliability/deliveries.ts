/**
 * Exactly-once accounting of channel posts: every post the jobs make carries the nonce
 * `nonceFor(channel, source)`, so the fake Discord's stored messages can be counted per source
 * (an activity id, a digest) and per channel.
 */
import { nonceFor } from '../../src/jobs/outbox.js';
import type { FakeDiscord } from '../discord/fake-discord.js';

/** One post that must exist exactly once: `source` is the outbox key, e.g. `activity:42`. */
export interface ExpectedPost {
  channelId: string;
  source: string;
}

export interface DeliveryCount {
  expected: number;
  /** Expected posts found at least once. */
  delivered: number;
  /** Expected posts found nowhere. */
  lost: number;
  /** Extra copies: of expected posts, and of any other nonce in the channels looked at. */
  duplicated: number;
  /** Channel messages (in the channels looked at) that match no expected post. */
  unexpected: number;
  /** Up to 10 sources that were lost or duplicated, for assertion messages. */
  examples: string[];
}

export function countDeliveries(discord: FakeDiscord, expected: readonly ExpectedPost[]): DeliveryCount {
  const channels = new Set(expected.map((post) => post.channelId));
  const byNonce = new Map<string, number>();
  for (const channelId of channels) {
    for (const message of discord.channelMessages(channelId)) {
      const key = `${channelId}|${String(message.nonce ?? `id:${message.id}`)}`;
      byNonce.set(key, (byNonce.get(key) ?? 0) + 1);
    }
  }
  const wanted = new Set<string>();
  const examples: string[] = [];
  let delivered = 0;
  let lost = 0;
  for (const post of expected) {
    const key = `${post.channelId}|${nonceFor(post.channelId, post.source)}`;
    wanted.add(key);
    if ((byNonce.get(key) ?? 0) > 0) delivered += 1;
    else {
      lost += 1;
      if (examples.length < 10) examples.push(`lost ${post.source} in ${post.channelId}`);
    }
  }
  let duplicated = 0;
  let unexpected = 0;
  for (const [key, count] of byNonce) {
    if (count > 1) {
      duplicated += count - 1;
      if (examples.length < 10) examples.push(`${count} copies of ${key}`);
    }
    if (!wanted.has(key)) unexpected += count;
  }
  return { expected: expected.length, delivered, lost, duplicated, unexpected, examples };
}

/** Every activity id in every channel. */
export function activityPosts(channelIds: readonly string[], activityIds: readonly number[]): ExpectedPost[] {
  return channelIds.flatMap((channelId) =>
    activityIds.map((id) => ({ channelId, source: `activity:${id}` })),
  );
}
