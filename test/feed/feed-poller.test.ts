import { describe, expect, it } from 'vitest';
import type { ChannelPoster } from '#src/jobs/posting/poster.js';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { dailySchedule, type Harness, harnessPerTest, OWNERS } from '../support/jobs-harness.js';
import { feedHeads, feedPosts } from './feed-posts.js';

const U = DEMO_USERS;
const START = '2025-06-01T12:00:00Z';

const open = harnessPerTest();

function episodeId(h: Harness, workId: number, number: number): number {
  const episode = h.emulator.data.episodesOfWork(workId).find((e) => e.number === number);
  if (!episode) throw new Error(`no episode ${number} of work ${workId}`);
  return episode.id;
}

/** Three activities: a record, a status change and (old data) several records at once. */
function addActivities(h: Harness): void {
  const data = h.emulator.data;
  data.createRecord({
    userId: U.bob.id,
    episodeId: episodeId(h, DEMO_WORKS.soraNote, 4),
    comment: 'The twist at the end! || not a spoiler close',
    rating: 4,
  });
  data.setStatus(U.carol.id, DEMO_WORKS.tsukikage, 'watching');
  data.createMultipleRecords(
    U.alice.id,
    [6, 7].map((n) => episodeId(h, DEMO_WORKS.haganeMelody, n)),
  );
}

/** A review (today's create_review) and a record rated with today's four-level rating. */
function addReviewAndRatedRecord(h: Harness): void {
  h.emulator.data.createReview({
    userId: U.carol.id,
    workId: DEMO_WORKS.soraNote,
    body: 'The best spring show || no spoiler close',
    ratingOverallState: 'great',
    ratingMusicState: 'good',
  });
  h.emulator.data.createRecord({
    userId: U.bob.id,
    episodeId: episodeId(h, DEMO_WORKS.soraNote, 5),
    ratingState: 'good',
  });
}

async function feedSetup(
  h: Harness,
  actions: Array<'create_record' | 'create_multiple_records' | 'create_status'> = [],
) {
  await h.link(OWNERS.alice, 'alice');
  const [first, second] = h.channels as [string, string];
  const a = await h.subscribe({
    kind: 'feed',
    channelId: first,
    ownerId: OWNERS.alice,
    feed: { actions: [] },
  });
  const b = await h.subscribe({ kind: 'feed', channelId: second, ownerId: OWNERS.alice, feed: { actions } });
  return { first, second, a, b };
}

describe('feed poller', () => {
  it('posts each new activity once to each of 2 channels, with one request per owner per cycle, across a restart', async () => {
    const h = await open({ start: START });
    const { first, second } = await feedSetup(h);

    // The first cycle only remembers where the feed is: no history is posted.
    h.emulator.resetStats();
    const initial = await h.jobs.feed.runCycle();
    expect(initial).toMatchObject({ owners: 1, requests: 1, posted: 0 });
    expect(h.emulator.stats.requests).toBe(1);
    expect(h.discord.channelMessages(first)).toHaveLength(0);

    addActivities(h);
    addReviewAndRatedRecord(h);
    h.emulator.resetStats();
    const report = await h.jobs.feed.runCycle();
    // Five new activities fill the small first request (5 items), so one full page follows.
    expect(report).toMatchObject({
      owners: 1,
      requests: 2,
      posted: 10,
      skippedUnknown: 0,
      skippedDuplicates: 0,
    });
    expect(h.emulator.stats.requests).toBe(2);
    for (const channel of [first, second]) {
      // One poll's five activities for a channel: one message, one embed or line each.
      expect(h.discord.channelMessages(channel)).toHaveLength(1);
      const posts = feedPosts(h.discord.channelMessages(channel));
      expect(feedHeads(h.discord.channelMessages(channel))).toEqual([
        'bob recorded',
        `carol marked [Swordsman of the Moonshadow](https://annict.com/works/${DEMO_WORKS.tsukikage}) as **Watching**`,
        'alice recorded 2 episodes',
        'carol wrote a review',
        'bob recorded',
      ]);
      const record = posts[0]?.embed;
      // No rating_state (an older app): the deprecated numeric rating is shown.
      expect(record?.description).toContain('★★★★☆ 4.0');
      // The comment is a spoiler, and a `||` inside cannot end it early.
      expect(record?.description).toContain(
        '||The twist at the end! \\|\u200b\\|\u200b not a spoiler close||',
      );
      // Every post links to its page on the service.
      expect(record?.url).toMatch(/^https:\/\/annict\.com\/@bob\/records\/\d+$/);
      // The review: work, overall and part ratings, the body behind a spoiler, a link to the review.
      const review = posts[3]?.embed;
      expect(review?.title).toBe('Sky Blue Notebook');
      expect(review?.url).toMatch(/^https:\/\/annict\.com\/@carol\/reviews\/\d+$/);
      expect(review?.description).toBe(
        'Overall: Great\nMusic: Good\n||The best spring show \\|\u200b\\|\u200b no spoiler close||',
      );
      // Today's record: the four-level rating, never a numeric one.
      expect(posts[4]?.embed?.description).toBe('Good');
    }
    // Posts never ping anyone.
    const posts = h.discord.restCalls.filter(
      (c) => c.method === 'POST' && c.path === `/channels/${first}/messages`,
    );
    expect(posts[0]?.body).toMatchObject({ allowed_mentions: { parse: [] }, enforce_nonce: true });

    // Nothing new: one request, no posts.
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 0, skippedDuplicates: 0 });

    // A restart picks up from the persisted cursor: no repost, and nothing skipped.
    await h.restart();
    h.emulator.data.setStatus(U.dave.id, DEMO_WORKS.cafeLumina, 'watched');
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 2, skippedDuplicates: 0 });
    expect(feedPosts(h.discord.channelMessages(first))).toHaveLength(6);
    expect(feedHeads(h.discord.channelMessages(second))[5]).toMatch(
      /^dave marked \[.+\]\(.+\) as \*\*Completed\*\*$/,
    );
  });

  it('applies each subscription’s action filter', async () => {
    const h = await open({ start: START });
    const { first, second } = await feedSetup(h, ['create_status']);
    await h.jobs.feed.runCycle();
    addActivities(h);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 4 });
    expect(feedPosts(h.discord.channelMessages(first))).toHaveLength(3);
    expect(feedHeads(h.discord.channelMessages(second))).toEqual([
      `carol marked [Swordsman of the Moonshadow](https://annict.com/works/${DEMO_WORKS.tsukikage}) as **Watching**`,
    ]);
  });

  it('catches up after an outage: a busy owner loses nothing, older than the window is summed up', async () => {
    const h = await open({
      start: START,
      jobs: { feed: { pageSize: 20, catchUpMs: 6 * 3600_000 } },
    });
    await h.link(OWNERS.alice, 'alice');
    const [channel] = h.channels as [string];
    await h.subscribe({
      kind: 'feed',
      channelId: channel,
      ownerId: OWNERS.alice,
      feed: { actions: ['create_status'] },
    });
    await h.jobs.feed.runCycle();
    const works = Object.values(DEMO_WORKS);
    const outage = (count: number, stepMs = 60_000) => {
      for (let i = 0; i < count; i++) {
        h.clock.advance(stepMs);
        h.emulator.data.setStatus(
          U.bob.id,
          works[i % works.length] ?? 1,
          i % 2 === 0 ? 'watching' : 'watched',
        );
      }
    };
    const lines = () => feedPosts(h.discord.channelMessages(channel)).filter((p) => p.line);

    // 45 new activities: the small first request is all new, then pages of 20, the third one reaches the cursor.
    outage(45);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 4, posted: 45, truncated: 0 });
    // Status lines share messages: 45 lines in as few messages as fit.
    expect(lines()).toHaveLength(45);
    expect(h.discord.channelMessages(channel).length).toBeLessThanOrEqual(2);

    // 170 new activities, more than one poll's worth before (3 pages): the walk goes on to the cursor.
    outage(170);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 10, posted: 170, truncated: 0 });
    expect(lines()).toHaveLength(215);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 0 });

    // A long outage: 100 activities an hour apart, then 30 within the last 6 h. The walk stops at the
    // first page entirely older than the window; those are summed up in one line, the rest posted.
    outage(100, 3600_000);
    outage(30, 10 * 60_000);
    const report = await h.jobs.feed.runCycle();
    // The last 30, and the last two hourly ones (at the window's edge and after it).
    expect(report.posted).toBe(32);
    expect(report.summarized).toBeGreaterThan(0);
    const summary = feedPosts(h.discord.channelMessages(channel)).filter((p) => p.content);
    expect(summary).toHaveLength(1);
    expect(summary[0]?.content).toMatch(
      /^While the feed was behind, at least \d+ activities from <t:\d+:f> to <t:\d+:f> \(older than 6 h\) were not posted one by one\.$/,
    );
    expect(lines()).toHaveLength(247);
    // Nothing newer than the window was skipped: the last 30 are the newest, in order.
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 0 });
  });

  it('does not repost after a crash between the Discord post and the outbox write', async () => {
    let crashAfter = 1;
    const crashing = (real: ChannelPoster): ChannelPoster => ({
      notifyUser: (userId, content) => real.notifyUser(userId, content),
      async post(channelId, message) {
        const outcome = await real.post(channelId, message);
        crashAfter -= 1;
        if (crashAfter === 0) throw new Error('simulated crash after the post');
        return outcome;
      },
    });
    const h = await open({ start: START, wrapPoster: crashing });
    await h.link(OWNERS.alice, 'alice');
    const [channel] = h.channels as [string];
    await h.subscribe({ kind: 'feed', channelId: channel, ownerId: OWNERS.alice, feed: { actions: [] } });
    await h.jobs.feed.runCycle();
    addActivities(h);

    // The batch of three reached Discord, then the process "crashed" before the outbox knew.
    expect(await h.jobs.feed.runCycle()).toMatchObject({ posted: 0, retryLater: 1 });
    expect(h.discord.channelMessages(channel)).toHaveLength(1);

    await h.restart();
    h.emulator.data.setStatus(U.dave.id, DEMO_WORKS.cafeLumina, 'watched');
    // The same batch again (same key, same nonce: Discord returns the message it has), then the new one.
    expect(await h.jobs.feed.runCycle()).toMatchObject({ posted: 4, messages: 2 });
    const messages = h.discord.channelMessages(channel);
    expect(messages).toHaveLength(2);
    expect(feedHeads(messages).map((head) => head.split(' ')[0])).toEqual(['bob', 'carol', 'alice', 'dave']);
    const posts = h.discord.restCalls.filter(
      (c) => c.method === 'POST' && c.path === `/channels/${channel}/messages`,
    );
    const nonces = posts.map((c) => (c.body as { nonce: string }).nonce);
    expect(nonces).toHaveLength(3);
    expect(nonces[0]).toBe(nonces[1]);
    expect(new Set(nonces).size).toBe(2);
    expect(nonces.every((n) => n.length <= 25)).toBe(true);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ posted: 0 });
  });

  it('disables the subscription of a channel that answers 403 and tells its owner once', async () => {
    const h = await open({ start: START });
    const { first, second, b } = await feedSetup(h);
    await h.jobs.feed.runCycle();
    h.discord.faults.channelStatus.set(second, 403);
    addActivities(h);

    const report = await h.jobs.feed.runCycle();
    expect(report).toMatchObject({ posted: 3, disabled: 1 });
    expect(feedPosts(h.discord.channelMessages(first))).toHaveLength(3);
    expect(await h.subscriptions.get(b.id)).toMatchObject({
      state: 'disabled',
      stateReason: 'channel-forbidden',
    });
    const dms = h.discord.directMessages(OWNERS.alice);
    expect(dms).toHaveLength(1);
    expect(dms[0]?.content).toContain(`<#${second}>`);
    expect(dms[0]?.content).toContain(b.id);

    h.emulator.data.setStatus(U.bob.id, DEMO_WORKS.koshoten, 'watched');
    expect(await h.jobs.feed.runCycle()).toMatchObject({ posted: 1, disabled: 0 });
    expect(h.discord.directMessages(OWNERS.alice)).toHaveLength(1);
  });

  it('pauses every subscription of an owner whose token is revoked, with one notice', async () => {
    const h = await open({ start: START });
    const { a, b } = await feedSetup(h);
    await h.link(OWNERS.bob, 'bob');
    const bobs = await h.subscribe({
      kind: 'feed',
      channelId: h.channels[2] ?? '',
      ownerId: OWNERS.bob,
      feed: { actions: [] },
    });
    const schedule = await h.subscribe(dailySchedule(OWNERS.alice, h.channels[3] ?? ''));
    await h.jobs.feed.runCycle();

    h.emulator.faults.unauthorizedTokens.add(DEMO_TOKENS.alice);
    addActivities(h);
    const report = await h.jobs.feed.runCycle();
    expect(report).toMatchObject({ owners: 2, requests: 2 });
    for (const id of [a.id, b.id, schedule.id]) {
      expect(await h.subscriptions.get(id)).toMatchObject({ state: 'paused', stateReason: 'token-refused' });
    }
    expect(await h.subscriptions.get(bobs.id)).toMatchObject({ state: 'active' });
    expect(h.discord.channelMessages(h.channels[2] ?? '').length).toBeGreaterThan(0);
    expect(h.discord.directMessages(OWNERS.alice)).toHaveLength(1);
    expect(h.discord.directMessages(OWNERS.alice)[0]?.content).toContain(
      '3 of your channel subscriptions are paused',
    );

    // Paused owners are not polled any more; no second notice.
    expect(await h.jobs.feed.runCycle()).toMatchObject({ owners: 1, requests: 1 });
    expect(h.discord.directMessages(OWNERS.alice)).toHaveLength(1);
    expect(h.logs()).not.toContain(DEMO_TOKENS.alice);
  });
});
