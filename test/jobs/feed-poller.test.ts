import { describe, expect, it } from 'vitest';
import type { ChannelPoster } from '../../src/jobs/poster.js';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../emulator/seed.js';
import { type Harness, harnessPerTest, OWNERS } from './harness.js';

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
      const messages = h.discord.channelMessages(channel);
      expect(messages.map((m) => m.embeds[0]?.author?.name)).toEqual([
        'bob recorded',
        'carol changed a status',
        'alice recorded 2 episodes',
        'carol wrote a review',
        'bob recorded',
      ]);
      const record = messages[0]?.embeds[0];
      // No rating_state (an older app): the deprecated numeric rating is shown.
      expect(record?.description).toContain('★★★★☆ 4.0');
      // The comment is a spoiler, and a `||` inside cannot end it early.
      expect(record?.description).toContain(
        '||The twist at the end! \\|\u200b\\|\u200b not a spoiler close||',
      );
      expect(messages[1]?.embeds[0]?.description).toBe('**Watching**');
      // The review: work, overall and part ratings, the body behind a spoiler, a link to the reviews.
      const review = messages[3]?.embeds[0];
      expect(review?.title).toBe('空色ノート');
      expect(review?.url).toBe(`https://annict.com/works/${DEMO_WORKS.soraNote}/records`);
      expect(review?.description).toBe(
        'Overall: Great\nMusic: Good\n||The best spring show \\|\u200b\\|\u200b no spoiler close||',
      );
      // Today's record: the four-level rating, never a numeric one.
      expect(messages[4]?.embeds[0]?.description).toBe('Good');
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
    expect(h.discord.channelMessages(first)).toHaveLength(6);
    expect(h.discord.channelMessages(second)).toHaveLength(6);
    expect(h.discord.channelMessages(second)[5]?.embeds[0]?.author?.name).toBe('dave changed a status');
  });

  it('applies each subscription’s action filter', async () => {
    const h = await open({ start: START });
    const { first, second } = await feedSetup(h, ['create_status']);
    await h.jobs.feed.runCycle();
    addActivities(h);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 4 });
    expect(h.discord.channelMessages(first)).toHaveLength(3);
    expect(h.discord.channelMessages(second).map((m) => m.embeds[0]?.author?.name)).toEqual([
      'carol changed a status',
    ]);
  });

  it('catches up after an outage with a bounded walk over older pages', async () => {
    const h = await open({
      start: START,
      jobs: { feed: { pageSize: 20, maxCatchUpPages: 2 } },
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
    const outage = (count: number) => {
      for (let i = 0; i < count; i++) {
        h.clock.advance(60_000);
        h.emulator.data.setStatus(
          U.bob.id,
          works[i % works.length] ?? 1,
          i % 2 === 0 ? 'watching' : 'watched',
        );
      }
    };

    // 45 new activities: the small first request is all new, then pages of 20, the third one reaches the cursor.
    outage(45);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 4, posted: 45, truncated: 0 });
    const ids = h.discord.channelMessages(channel).map((m) => Date.parse(m.embeds[0]?.timestamp ?? ''));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));

    // 70 new activities: the walk stops after 2 extra pages and posts the newest 60.
    outage(70);
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 4, posted: 60, truncated: 1 });
    expect(h.discord.channelMessages(channel)).toHaveLength(105);
    // The cursor moved past the gap.
    expect(await h.jobs.feed.runCycle()).toMatchObject({ requests: 1, posted: 0 });
  });

  it('does not repost after a crash between the Discord post and the outbox write', async () => {
    let crashAfter = 2;
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

    expect(await h.jobs.feed.runCycle()).toMatchObject({ posted: 1, retryLater: 1 });
    expect(h.discord.channelMessages(channel)).toHaveLength(2);

    await h.restart();
    expect(await h.jobs.feed.runCycle()).toMatchObject({ posted: 2, skippedDuplicates: 1 });
    const messages = h.discord.channelMessages(channel);
    expect(messages.map((m) => m.embeds[0]?.author?.name)).toEqual([
      'bob recorded',
      'carol changed a status',
      'alice recorded 2 episodes',
    ]);
    // The interrupted post was sent again with the same nonce, and Discord returned the first message.
    const posts = h.discord.restCalls.filter(
      (c) => c.method === 'POST' && c.path === `/channels/${channel}/messages`,
    );
    const nonces = posts.map((c) => (c.body as { nonce: string }).nonce);
    expect(nonces).toHaveLength(4);
    expect(nonces[1]).toBe(nonces[2]);
    expect(new Set(nonces).size).toBe(3);
    expect(nonces.every((n) => n.length <= 25)).toBe(true);
  });

  it('disables the subscription of a channel that answers 403 and tells its owner once', async () => {
    const h = await open({ start: START });
    const { first, second, b } = await feedSetup(h);
    await h.jobs.feed.runCycle();
    h.discord.faults.channelStatus.set(second, 403);
    addActivities(h);

    const report = await h.jobs.feed.runCycle();
    expect(report).toMatchObject({ posted: 3, disabled: 1 });
    expect(h.discord.channelMessages(first)).toHaveLength(3);
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
    const schedule = await h.subscribe({
      kind: 'schedule',
      channelId: h.channels[3] ?? '',
      ownerId: OWNERS.alice,
      schedule: {
        time: '08:00',
        timezone: 'Asia/Tokyo',
        unwatched: false,
        rebroadcast: false,
        alertMinutes: 0,
      },
    });
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
