import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';
import { feedHeads, feedPosts } from './feed-posts.js';

const TIMEOUT = 15_000;
const REFUSE = 'REFUSE-ME';

/**
 * Feed delivery through the real composition root, the real discord.js client, the fake Discord and
 * the emulator: batches, the minimal form of a refused batch, a busy owner, exactly-once across a
 * restart, and the default (records and reviews) against a channel that asked for everything.
 */
describe('feed delivery end to end', () => {
  /** English, default actions (records and reviews); Japanese, every action. */
  let english: string;
  let japanese: string;

  const stack = useStack();
  beforeAll(async () => {
    [english = '', japanese = ''] = stack.discord.channelIds(stack.discord.guildIds[0]);
    await stack.link(USERS.alice.id, 'alice');
    const subscribe = async (options: Record<string, string>) =>
      (
        await stack.discord.slash({ name: 'subscription', subcommand: 'feed', options, user: USERS.alice })
      ).reply(TIMEOUT);
    expect((await subscribe({ channel: english })).content).toMatch(/records and reviews/);
    await subscribe({ channel: japanese, language: 'ja', actions: 'all' });
    // The first cycle only sets the cursor.
    await stack.kiroku.jobs.feed.runCycle();
  });

  const episodes = () => [...stack.emulator.data.episodes.values()];
  function bobRecords(count: number, comment = (i: number) => `comment ${i}`) {
    const list = episodes();
    return Array.from({ length: count }, (_, i) =>
      stack.emulator.data.createRecord({
        userId: DEMO_USERS.bob.id,
        episodeId: list[i % list.length]?.id ?? 0,
        comment: comment(i),
      }),
    );
  }
  const newMessages = (channel: string, before: number) =>
    stack.discord.channelMessages(channel).slice(before);

  it('posts a poll in one message per channel: records as embeds, status changes as one line, only where asked', async () => {
    const before = [english, japanese].map((c) => stack.discord.channelMessages(c).length);
    bobRecords(2);
    stack.emulator.data.setStatus(DEMO_USERS.carol.id, DEMO_WORKS.tsukikage, 'watching');
    const report = await stack.kiroku.jobs.feed.runCycle();
    expect(report.requests).toBe(1);
    const en = newMessages(english, before[0] ?? 0);
    const ja = newMessages(japanese, before[1] ?? 0);
    expect(en).toHaveLength(1);
    expect(ja).toHaveLength(1);
    // The status change is opt-in: only the channel that asked for every action shows it.
    expect(feedHeads(en)).toEqual(['bob recorded', 'bob recorded']);
    expect(feedHeads(ja)).toEqual([
      'bobが記録しました',
      'bobが記録しました',
      `carolが[月影の剣士](https://annict.com/works/${DEMO_WORKS.tsukikage})を「**見てる**」にしました`,
    ]);
    for (const post of feedPosts(en))
      expect(post.embed?.url).toMatch(/^https:\/\/annict\.com\/@bob\/records\/\d+$/);
  });

  it('a refused batch degrades to one minimal line per activity, and later posts are not held back', async () => {
    const before = [english, japanese].map((c) => stack.discord.channelMessages(c).length);
    stack.discord.faults.refusedBodies = {
      match: (call, body) => call.path.startsWith('/channels/') && JSON.stringify(body).includes(REFUSE),
    };
    try {
      // Twelve records: the first batch (ten, one of them refused by Discord) and a second one of two.
      const records = bobRecords(12, (i) =>
        i === 0 ? `${REFUSE} 😭🔥 an essay Discord will not take` : `fine ${i}`,
      );
      const report = await stack.kiroku.jobs.feed.runCycle();
      expect(report).toMatchObject({ posted: 24, degraded: 20, retryLater: 0 });
      for (const [i, channel] of [english, japanese].entries()) {
        const messages = newMessages(channel, before[i] ?? 0);
        // Ten minimal lines, then the second batch as one message of two embeds.
        expect(messages).toHaveLength(11);
        const minimal = messages.slice(0, 10).map((m) => m.content);
        for (const [k, line] of minimal.entries()) {
          expect(line).toContain(`<https://annict.com/@bob/records/${records[k]?.id}>`);
          expect(line).not.toContain(REFUSE);
        }
        expect(messages[10]?.embeds).toHaveLength(2);
      }
      expect(newMessages(english, before[0] ?? 0)[0]?.content).toMatch(
        /^bob recorded .+ · <https:\/\/annict\.com\//,
      );
      expect(newMessages(japanese, before[1] ?? 0)[0]?.content).toMatch(/^bobが.+を記録しました · <https:/);
    } finally {
      stack.discord.faults.refusedBodies = null;
    }
    const metric = await stack.kiroku.metrics.registry.getSingleMetricAsString(
      'kiroku_feed_post_fallbacks_total',
    );
    expect(metric).toContain('kiroku_feed_post_fallbacks_total{event="batch_refused"} 2');
    expect(metric).toContain('kiroku_feed_post_fallbacks_total{event="degraded"} 20');
    // Logged with Discord's reason, never with the content.
    expect(stack.logs()).toContain('BASE_TYPE_MAX_LENGTH');
    expect(stack.logs()).not.toContain(REFUSE);

    // The next poll posts as usual.
    bobRecords(1);
    expect(await stack.kiroku.jobs.feed.runCycle()).toMatchObject({ posted: 2, degraded: 0 });
  });

  it('a busy owner loses nothing: more than one poll’s worth is posted in full, in order', async () => {
    const before = stack.discord.channelMessages(english).length;
    const records = bobRecords(230);
    const report = await stack.kiroku.jobs.feed.runCycle();
    expect(report).toMatchObject({ posted: 460, truncated: 0, retryLater: 0 });
    const posts = feedPosts(newMessages(english, before));
    expect(posts.map((p) => p.embed?.url)).toEqual(
      records.map((r) => `https://annict.com/@bob/records/${r.id}`),
    );
    // As few messages as fit: ten embeds each.
    expect(newMessages(english, before)).toHaveLength(23);
    expect(await stack.kiroku.jobs.feed.runCycle()).toMatchObject({ posted: 0 });
  });

  it('a batch keeps exactly-once across a restart when Discord’s answer was lost', async () => {
    const before = [english, japanese].map((c) => stack.discord.channelMessages(c).length);
    bobRecords(5);
    // Discord creates the English batch, but every answer (first try and the client's retries) is lost.
    stack.discord.faults.lostResponses = {
      count: 4,
      match: (call) => call.method === 'POST' && call.path === `/channels/${english}/messages`,
    };
    const first = await stack.kiroku.jobs.feed.runCycle();
    expect(first).toMatchObject({ retryLater: 1 });
    stack.discord.faults.lostResponses = null;
    expect(newMessages(english, before[0] ?? 0)).toHaveLength(1);
    expect(newMessages(japanese, before[1] ?? 0)).toHaveLength(1);

    await stack.restart();
    const again = await stack.kiroku.jobs.feed.runCycle();
    expect(again).toMatchObject({ retryLater: 0 });
    for (const [i, channel] of [english, japanese].entries()) {
      const messages = newMessages(channel, before[i] ?? 0);
      expect(messages).toHaveLength(1);
      expect(feedPosts(messages)).toHaveLength(5);
    }
    expect(await stack.kiroku.jobs.feed.runCycle()).toMatchObject({ posted: 0 });
  });
});
