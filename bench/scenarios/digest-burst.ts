/**
 * Scenario 4: 2,000 schedule subscriptions due at the same minute (08:00 Asia/Tokyo). With an
 * injected clock running at real speed: the digest's tick 599 s before the fire starts the
 * prefetches (the real service budget paces them); the clock then moves to the fire (or to when the
 * prefetch finished, if later) and the due tick posts through discord.js (50 requests/s global).
 * Lateness = how long after the fire each digest message reached Discord.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { DEMO_WORKS } from '../../test/emulator/seed.js';
import { createBenchClock } from '../clock.js';
import { allChannels, createOwners, scheduleSubscription, subscribeAll } from '../population.js';
import { startBenchStack } from '../stack.js';
import { percentile, round } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'digest-burst';
const FIRE = Date.parse('2025-06-01T23:00:00Z'); // 08:00 in Asia/Tokyo on 2025-06-02
const PREFETCH_LEAD_MS = 599_000; // the first tick inside the 10-minute prefetch window
const DISCORD_POSTS_PER_SECOND = 50;
const WATCHED = [DEMO_WORKS.soraNote, DEMO_WORKS.haganeMelody, DEMO_WORKS.cafeLumina, DEMO_WORKS.koshoten];

export const digestBurst: Scenario = {
  name: NAME,
  title: 'Digest burst: schedule subscriptions all due at one minute',
  async run(options) {
    const subscriptionCount = options.quick ? 500 : 2000;
    const ownerCount = options.quick ? 25 : 100;
    const clock = createBenchClock(FIRE - PREFETCH_LEAD_MS - 60_000);
    const stack = await startBenchStack({
      emulator: { rateLimit: true, now: clock.now },
      discord: { guilds: Math.ceil(subscriptionCount / 50), channelsPerGuild: 50 },
      now: clock.now,
    });
    const { kiroku, emulator, discord } = stack;
    try {
      const rate = stack.config.service.ratePerSecond;
      const owners = await createOwners(kiroku, emulator.data, ownerCount, {
        prefix: 'bench_digest_owner',
        prepare: (userId, i) => {
          for (const workId of WATCHED.slice(0, 1 + (i % WATCHED.length)))
            emulator.data.setStatus(userId, workId, 'watching');
        },
      });
      const channels = allChannels(discord);
      const settings = {
        time: '08:00',
        timezone: 'Asia/Tokyo',
        unwatched: false,
        rebroadcast: false,
        alertMinutes: 0,
      };
      await subscribeAll(
        kiroku,
        Array.from({ length: subscriptionCount }, (_, i) => {
          const channel = channels[i % channels.length];
          const owner = owners[i % owners.length];
          if (!channel || !owner) throw new Error('population');
          return scheduleSubscription(owner.discordId, channel.guildId, channel.channelId, settings);
        }),
        clock.now(),
      );
      const digest = kiroku.jobs.digest;

      // Phase A: the tick inside the prefetch window starts one walk per owner; they run at the budget's pace.
      clock.set(FIRE - PREFETCH_LEAD_MS);
      const requestsBefore = emulator.stats.requests;
      const rateLimitedBefore = emulator.stats.rateLimited;
      // How long the bot's event loop (which interactions share) is held up by the two big ticks.
      const stalls = monitorEventLoopDelay({ resolution: 5 });
      stalls.enable();
      const prefetchBegan = performance.now();
      const first = await digest.tick();
      await digest.drain();
      const prefetchMs = performance.now() - prefetchBegan;
      const prefetchRequests = emulator.stats.requests - requestsBefore;
      const prefetch429 = emulator.stats.rateLimited - rateLimitedBefore;
      options.log(
        `  prefetch: ${first.prefetchStarted} started, ${prefetchRequests} requests (${prefetch429} × 429) in ${(prefetchMs / 1000).toFixed(1)} s`,
      );

      // Phase B: the due tick, at the fire or when the prefetch would have finished if that is later.
      const startLateMs = Math.max(0, prefetchMs - PREFETCH_LEAD_MS);
      clock.set(FIRE + startLateMs);
      const messagesBefore = discord.allChannelMessages().length;
      const postBegan = Date.now();
      const requestsAtFire = emulator.stats.requests;
      const due = await digest.tick();
      const postMs = Date.now() - postBegan;
      stalls.disable();
      const longestStallMs = stalls.max / 1e6;
      const fireRequests = emulator.stats.requests - requestsAtFire;
      const posted = discord.allChannelMessages().slice(messagesBefore);
      const lateness = posted.map((m) => (startLateMs + Date.parse(m.timestamp) - postBegan) / 1000);
      options.log(`  due tick: ${JSON.stringify(due)} in ${(postMs / 1000).toFixed(1)} s`);

      // Later ticks the same day post nothing more.
      clock.set(FIRE + startLateMs + postMs + 30_000);
      const again = await digest.tick();
      const perChannel = new Map<string, number>();
      for (const m of discord.allChannelMessages())
        perChannel.set(m.channel_id, (perChannel.get(m.channel_id) ?? 0) + 1);
      const duplicates = [...perChannel.values()].reduce((sum, n) => sum + Math.max(0, n - 1), 0);
      const total = discord.allChannelMessages().length;

      const floorS = Math.max(subscriptionCount / DISCORD_POSTS_PER_SECOND, owners.length / rate);
      const lastS = lateness.length > 0 ? Math.max(...lateness) : null;
      const rows = [
        row(NAME, `last of ${subscriptionCount} digests (${owners.length} owners) late by`, {
          value: lastS === null ? null : round(lastS / 60, 2),
          unit: 'min',
          baseline: round(floorS / 60, 2),
          baselineLabel: `floor max(${subscriptionCount}/50, ${owners.length}/${rate}) s`,
          note: `p50 ${round((percentile(lateness, 50) ?? 0) / 60, 2)} min; posted ${due.posted}/${subscriptionCount} in ${(postMs / 1000).toFixed(1)} s; prefetch ${(prefetchMs / 1000).toFixed(1)} s for ${prefetchRequests} requests (finished ${startLateMs > 0 ? `${(startLateMs / 1000).toFixed(1)} s after` : 'before'} the fire); ${fireRequests} requests at the fire; excludes the ≤ 30 s phase of the 30 s digest ticker`,
        }),
        row(NAME, 'duplicate digest messages', {
          value: duplicates,
          unit: 'count',
          baseline: 0,
          baselineLabel: 'target',
          target: '= 0',
          met: duplicates === 0 && total === subscriptionCount,
          note: `${total} messages for ${subscriptionCount} subscriptions; a later tick posted ${again.posted}`,
        }),
        row(NAME, 'service requests to prefetch', {
          value: prefetchRequests,
          unit: 'requests',
          baseline: owners.length,
          baselineLabel: 'distinct owners',
          target: '= owners',
          met: prefetchRequests === owners.length,
          note: `${prefetch429} answered 429`,
        }),
        row(NAME, 'longest event-loop stall during the prefetch and due ticks', {
          value: round(longestStallMs, 1),
          unit: 'ms',
          note: `p99 ${round(stalls.percentile(99) / 1e6, 1)} ms (sampled every 5 ms); interactions wait this long`,
        }),
      ];
      return {
        rows,
        details: {
          subscriptions: subscriptionCount,
          owners: owners.length,
          ratePerSecond: rate,
          prefetchMs,
          prefetchRequests,
          longestStallMs,
          prefetchTick: first,
          startLateMs,
          dueTick: due,
          postMs,
          requestsAtFire: fireRequests,
          latenessS: {
            p50: round(percentile(lateness, 50)),
            p95: round(percentile(lateness, 95)),
            max: round(lastS),
          },
          floorS,
          duplicates,
          totalMessages: total,
          laterTick: again,
        },
      };
    } finally {
      await stack.close();
    }
  },
};
