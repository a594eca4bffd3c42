import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../fakes/emulator/faults.js';
import { DEMO_TOKENS } from '../fakes/emulator/seed.js';
import type { ChildBot } from '../support/faults/child-bot.js';
import { between, checkCrashOutcome, suiteSeed } from '../support/faults/crash-checks.js';
import { type CrashStack, startCrashStack } from '../support/faults/crash-stack.js';
import { countDeliveries, type ExpectedPost, expectEachPostOnce } from '../support/faults/deliveries.js';
import { crashRunFigures, reportFigures } from '../support/faults/figures.js';

/** 07:50 in Tokyo on 2025-06-02: ten minutes before every digest is due. */
const BEFORE_FIRE = '2025-06-01T22:50:00Z';
/** 08:00:01 in Tokyo: every digest is due. */
const AFTER_FIRE = '2025-06-01T23:00:01Z';
const LOCAL_DATE = '2025-06-02';
const VIEWERS = 10;
/** 6 channels over 3 servers: each server then holds 20 subscriptions, under the cap of 25. */
const GUILDS = 3;
const CHANNELS_PER_GUILD = 2;
const CHANNELS = GUILDS * CHANNELS_PER_GUILD;
const DIGEST = { RELIABILITY_JOBS: 'digest' };

type TickReport = { subscriptions: number; due: number; posted: number };
const ticks = (bot: ChildBot) => bot.markers('digest-tick').map((m) => m.report as TickReport);

/** kill -9 of the bot process while 60 digests due at the same minute are being posted. */
describe('crash during the daily digest', () => {
  let stack: CrashStack | undefined;
  afterEach(async () => {
    await stack?.close();
    stack = undefined;
  });

  it('posts every digest exactly once across two kill -9', { timeout: 150_000 }, async () => {
    const seed = suiteSeed(20250602);
    const random = seededRandom(seed);
    // One clock for the service and the bot processes, moved forward by hand between processes.
    let offset = Date.parse(BEFORE_FIRE) - Date.now();
    const serviceNow = () => new Date(Date.now() + offset);
    stack = await startCrashStack({ guilds: GUILDS, channelsPerGuild: CHANNELS_PER_GUILD, now: serviceNow });
    const { emulator, discord } = stack;
    const clockEnv = () => ({ ...DIGEST, RELIABILITY_NOW: serviceNow().toISOString() });

    let bot = await stack.startBot(clockEnv());
    const viewers = Array.from({ length: VIEWERS }, (_, i) => {
      const user = emulator.data.createUser({ username: `crash_viewer_${i}` });
      return {
        discordId: `34000000000000000${i}`,
        token: emulator.data.issueToken(user.id, ['read', 'write']),
      };
    });
    const places = discord.guildIds.flatMap((guildId) =>
      discord.channelIds(guildId).map((channel) => ({ guildId, channel })),
    );
    const channels = places.map((place) => place.channel);
    const expected: ExpectedPost[] = [];
    await Promise.all(
      viewers.map(async (viewer) => {
        await stack?.link(viewer.discordId, viewer.token);
        for (const { guildId, channel } of places) {
          const id = await stack?.subscribe(
            viewer.discordId,
            'schedule',
            { channel, time: '08:00', timezone: 'Asia/Tokyo' },
            guildId,
          );
          expected.push({ channelId: channel, source: `digest:${id}:${LOCAL_DATE}` });
        }
      }),
    );
    expect(expected).toHaveLength(VIEWERS * CHANNELS);
    const from = ticks(bot).length;
    await bot.waitFor(
      () =>
        ticks(bot)
          .slice(from + 1)
          .some((r) => r.subscriptions === expected.length && r.due === 0),
      'a tick that sees every subscription with nothing due yet',
    );
    await bot.kill();

    // 08:00 has passed: every digest is due. Slow posts, and kill at seeded points.
    offset = Date.parse(AFTER_FIRE) - Date.now();
    discord.faults.latencyMs = 20;
    const posts = () => channels.reduce((n, channel) => n + discord.channelMessages(channel).length, 0);
    const killPoints = [between(random, 5, 25), between(random, 30, 50)];
    const killedAt: number[] = [];
    for (const point of killPoints) {
      bot = await stack.startBot(clockEnv());
      await bot.waitFor(() => posts() >= point, `${point} digests posted`);
      await bot.kill();
      killedAt.push(posts());
    }
    for (const at of killedAt) expect(at).toBeLessThan(expected.length);

    discord.faults.latencyMs = 0;
    bot = await stack.startBot(clockEnv());
    await bot.waitFor(() => posts() >= expected.length, 'every digest', 60_000);
    const settled = ticks(bot).length;
    await bot.waitFor(() => ticks(bot).length >= settled + 2, 'two more ticks');
    expect(ticks(bot).at(-1)?.due).toBe(0);
    await bot.kill();

    const count = countDeliveries(discord, expected);
    expectEachPostOnce(count, `seed ${seed}, killed at ${killedAt.join(', ')}`);
    const outcome = await checkCrashOutcome(stack, [
      ...viewers.map((v) => v.token),
      ...Object.values(DEMO_TOKENS),
    ]);
    reportFigures('crash-digest', { ...crashRunFigures(seed, killedAt, count), ...outcome });
  });
});
