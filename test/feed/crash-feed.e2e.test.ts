import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../fakes/emulator/faults.js';
import { DEMO_TOKENS, DEMO_USERS } from '../fakes/emulator/seed.js';
import type { ChildBot } from '../support/faults/child-bot.js';
import { between, checkCrashOutcome, suiteSeed } from '../support/faults/crash-checks.js';
import { type CrashStack, startCrashStack } from '../support/faults/crash-stack.js';
import { activityPosts, countDeliveries, expectEachPostOnce } from '../support/faults/deliveries.js';
import { crashRunFigures, reportFigures } from '../support/faults/figures.js';
import { feedPosts } from './feed-posts.js';

const OWNERS = [
  { discordId: '330000000000000001', who: 'alice' },
  { discordId: '330000000000000002', who: 'bob' },
  { discordId: '330000000000000003', who: 'carol' },
] as const;
/** Under the poller's catch-up limit (3 pages of 50), so that all of them are due in one cycle. */
const ACTIVITIES = 120;
const FEED = { RELIABILITY_JOBS: 'feed' };

const cycles = (bot: ChildBot) =>
  bot.markers('feed-cycle').map((m) => m.report as { owners: number; posted: number });

/** kill -9 of the bot process in the middle of feed cycles, twice, then a clean finish. */
describe('crash during a feed cycle', () => {
  let stack: CrashStack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('posts every activity exactly once per subscribed channel across two kill -9', {
    timeout: 120_000,
  }, async () => {
    const seed = suiteSeed(20250601);
    const random = seededRandom(seed);
    stack = await startCrashStack({ channelsPerGuild: 4 });
    const { emulator, discord } = stack;
    const poster = emulator.data.createUser({ username: 'crash_poster' });
    for (const owner of OWNERS) emulator.data.follow(DEMO_USERS[owner.who].id, poster.id);

    let bot = await stack.startBot(FEED);
    for (const owner of OWNERS) await stack.link(owner.discordId, DEMO_TOKENS[owner.who]);
    const channels = discord.channelIds();
    const [c0 = '', c1 = '', c2 = '', c3 = ''] = channels;
    const [alice, bob, carol] = OWNERS;
    await stack.subscribe(alice.discordId, 'feed', { channel: c0 });
    await stack.subscribe(alice.discordId, 'feed', { channel: c1 });
    await stack.subscribe(bob.discordId, 'feed', { channel: c1 });
    await stack.subscribe(bob.discordId, 'feed', { channel: c2 });
    await stack.subscribe(carol.discordId, 'feed', { channel: c3 });
    // Two whole cycles over the three owners: every cursor is set (a first poll posts nothing).
    const from = cycles(bot).length;
    await bot.waitFor(
      () =>
        cycles(bot)
          .slice(from + 1)
          .filter((r) => r.owners === OWNERS.length).length >= 2,
      'two cycles over every owner',
    );

    const episodes = [...emulator.data.episodes.values()];
    const before = new Set(emulator.data.activities.keys());
    for (let i = 0; i < ACTIVITIES; i++) {
      const episode = episodes[i % episodes.length];
      emulator.data.createRecord({ userId: poster.id, episodeId: episode?.id ?? 0, comment: `crash ${i}` });
    }
    const ids = [...emulator.data.activities.keys()].filter((id) => !before.has(id));
    expect(ids).toHaveLength(ACTIVITIES);
    const expected = activityPosts(channels, ids, emulator.data);
    // Activities shown, not messages: a message carries a poll's batch.
    const posts = () =>
      channels.reduce((n, channel) => n + feedPosts(discord.channelMessages(channel)).length, 0);

    // Slow posts so that a kill lands mid-cycle; kill at seeded points.
    discord.faults.latencyMs = 10;
    const killPoints = [between(random, 30, 160), between(random, 200, 380)];
    const killedAt: number[] = [];
    for (const point of killPoints) {
      await bot.waitFor(() => posts() >= point, `${point} channel posts`);
      await bot.kill();
      killedAt.push(posts());
      bot = await stack.startBot(FEED);
    }
    // Each kill came before the last post: the cycle was in progress.
    for (const at of killedAt) expect(at).toBeLessThan(expected.length);

    discord.faults.latencyMs = 0;
    await bot.waitFor(() => posts() >= expected.length, 'every post', 60_000);
    const settled = cycles(bot).length;
    await bot.waitFor(() => cycles(bot).length >= settled + 2, 'two more cycles');
    await bot.kill();

    const count = countDeliveries(discord, expected);
    expectEachPostOnce(count, `seed ${seed}, killed at ${killedAt.join(', ')}`);
    const tokens = OWNERS.map((owner) => DEMO_TOKENS[owner.who]);
    const outcome = await checkCrashOutcome(stack, [...tokens, ...Object.values(DEMO_TOKENS)]);
    reportFigures('crash-feed', { ...crashRunFigures(seed, killedAt, count), ...outcome });
  });
});
