/**
 * Exactly-once accounting of channel posts: every post the jobs make carries the nonce
 * `nonceFor(channel, source)`, so the fake Discord's stored messages can be counted per source
 * (a digest, an alert) and per channel. Feed activities share batch messages, so each is found by
 * its link to the service instead (an embed's url, or the `<url>` of its minimal line).
 */
import type { APIMessage } from 'discord-api-types/v10';
import { expect } from 'vitest';
import { nonceFor } from '#src/jobs/posting/outbox.js';
import type { FakeDiscord } from '../../fakes/discord/fake-discord.js';
import type { EmulatorData } from '../../fakes/emulator/data.js';

/** One post that must exist exactly once: `source` is the outbox key, e.g. `activity:42`. */
export interface ExpectedPost {
  channelId: string;
  source: string;
  /** The activity's page on the service: the post is found by it rather than by nonce. */
  link?: string;
}

/** Every link to the service a message carries, once per activity it shows. */
export function messageLinks(message: APIMessage): string[] {
  const fromEmbeds = message.embeds.flatMap((embed) => (embed.author && embed.url ? [embed.url] : []));
  const fromContent = [...(message.content ?? '').matchAll(/<(https:\/\/[^>\s]+)>/g)].map((m) => m[1] ?? '');
  return [...fromEmbeds, ...fromContent];
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
  const byLink = new Map<string, number>();
  const wantedLinks = new Set(
    expected.flatMap((post) => (post.link ? [`${post.channelId}|${post.link}`] : [])),
  );
  for (const channelId of channels) {
    for (const message of discord.channelMessages(channelId)) {
      const links = messageLinks(message).map((link) => `${channelId}|${link}`);
      for (const link of links) byLink.set(link, (byLink.get(link) ?? 0) + 1);
      // A message carrying expected activities is accounted for by them, whatever its nonce.
      if (links.some((link) => wantedLinks.has(link))) continue;
      const key = `${channelId}|${String(message.nonce ?? `id:${message.id}`)}`;
      byNonce.set(key, (byNonce.get(key) ?? 0) + 1);
    }
  }
  const wanted = new Set<string>(wantedLinks);
  const examples: string[] = [];
  let delivered = 0;
  let lost = 0;
  for (const post of expected) {
    if (post.link) {
      if ((byLink.get(`${post.channelId}|${post.link}`) ?? 0) > 0) delivered += 1;
      else {
        lost += 1;
        if (examples.length < 10) examples.push(`lost ${post.source} in ${post.channelId}`);
      }
      continue;
    }
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
  for (const [key, count] of byLink) {
    if (!wantedLinks.has(key)) continue;
    if (count > 1) {
      duplicated += count - 1;
      if (examples.length < 10) examples.push(`${count} copies of ${key}`);
    }
  }
  return { expected: expected.length, delivered, lost, duplicated, unexpected, examples };
}

/** The page of an emulator record activity on the service (what its post links to). */
export function recordActivityLink(data: EmulatorData, activityId: number): string | undefined {
  const row = data.activities.get(activityId);
  if (row?.action !== 'create_record') return undefined;
  const username = data.users.get(row.userId)?.username;
  return username ? `https://annict.com/@${username}/records/${row.recordId}` : undefined;
}

/** Every activity id in every channel (found by its link when `data` is given: feed posts are batched). */
export function activityPosts(
  channelIds: readonly string[],
  activityIds: readonly number[],
  data?: EmulatorData,
): ExpectedPost[] {
  return channelIds.flatMap((channelId) =>
    activityIds.map((id) => {
      const link = data ? recordActivityLink(data, id) : undefined;
      return { channelId, source: `activity:${id}`, ...(link ? { link } : {}) };
    }),
  );
}

/** Every expected post exactly once, nothing else in its channels; `context` names the run in a failure. */
export function expectEachPostOnce(count: DeliveryCount, context?: string): void {
  expect(count.examples, context).toEqual([]);
  expect({ lost: count.lost, duplicated: count.duplicated, unexpected: count.unexpected }).toEqual({
    lost: 0,
    duplicated: 0,
    unexpected: 0,
  });
}
