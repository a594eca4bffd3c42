/**
 * Scenario: the weekly server summary. 1,000 weekly subscriptions (100 servers × 10
 * channels, half in English, half in Japanese) all due at Monday 09:00 in Tokyo, each server with
 * three linked members who used kiroku there and recorded episodes in the week. The due tick reads
 * every member's week (one request each, at the real budget's pace), draws one picture per server
 * and language, and posts every channel's picture through discord.js to the fake Discord.
 * Baseline, same run and population: the week before, posted as the text alternative alone (the
 * same requests and posts, no picture drawn), so the difference is what the pictures cost. Each job
 * first ticks in the ten minutes before its fire, as in production, which makes the owners' checks:
 * the timed tick at the fire then makes the same Discord calls in both runs (posts).
 *
 * Time is compressed: the emulator's per-address limit (4/s) and kiroku's budget (3/s) are both
 * multiplied by SCALE, as scale-out and feed-freshness do. At the real pace the 300 members' reads
 * alone take 100 s per run; compressed, the drawing is a larger part of the run, so the difference
 * between the two runs shows more plainly what the pictures cost.
 */

import { createWeeklySummaries, type WeeklyTickReport } from '#src/jobs/index.js';
import {
  WEEKLY_CHECK_AHEAD_MS,
  type WeeklyPainter,
  type WeeklySummaries,
} from '#src/jobs/weekly/weekly-summaries.js';
import { createLogger } from '#src/logger.js';
import { weeklySummaryText } from '#src/pictures/text-alternative.js';
import { DEMO_WORKS } from '../../test/fakes/emulator/seed.js';
import { type BenchClock, createBenchClock } from '../clock.js';
import { allChannels, createOwners, inBatches, subscribeAll } from '../population.js';
import { type BenchStack, startBenchStack } from '../stack.js';
import { round } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'weekly-summary';
const DAY = 86_400_000;
/** Monday 2026-11-16 09:00 in Tokyo (the baseline's fire), and the next Monday (the pictures'). */
const TEXT_FIRE = Date.parse('2026-11-16T00:00:00Z');
const PICTURE_FIRE = TEXT_FIRE + 7 * DAY;
const MEMBERS_PER_SERVER = 3;
const CHANNELS_PER_SERVER = 10;
/** How much faster than production the service's limit and the budget run. */
const SCALE = 10;
/** The first tick inside the weekly job's ten minutes of checks ahead of the fire. */
const CHECK_LEAD_MS = WEEKLY_CHECK_AHEAD_MS - 1000;
const WORKS = [DEMO_WORKS.soraNote, DEMO_WORKS.haganeMelody, DEMO_WORKS.cafeLumina, DEMO_WORKS.koshoten];

/** Posts the text alternative alone: what a run costs without drawing. */
const textOnly: WeeklyPainter = async (input, t) => ({
  kind: 'text',
  reason: 'text-only baseline',
  ...weeklySummaryText(input, t),
});

interface Run {
  report: WeeklyTickReport;
  ms: number;
  requests: number;
  posts: number;
  withFile: number;
  /** Discord REST calls the run made, by method and route. */
  discordCalls: Record<string, number>;
}

export const weeklySummary: Scenario = {
  name: NAME,
  title: 'Weekly summary: 1,000 weekly subscriptions due at one minute',
  quickDiffers: '30 subscriptions on 3 servers (not 1,000 on 100)',
  async run(options) {
    const servers = options.quick ? 3 : 100;
    const subscriptionCount = servers * CHANNELS_PER_SERVER;
    const clock = createBenchClock(TEXT_FIRE - 8 * DAY);
    const stack = await startBenchStack({
      emulator: { rateLimit: true, perIpLimit: 4 * SCALE, now: clock.now },
      ratePerSecond: 3 * SCALE,
      discord: { guilds: servers, channelsPerGuild: CHANNELS_PER_SERVER },
      now: clock.now,
    });
    try {
      const members = await populate(stack, clock.now(), servers);
      // The text-only job over the same parts as the bot's own (outbox, checks, languages, store).
      const { jobs, deps, store } = stack.kiroku;
      const baselineJob = createWeeklySummaries(
        {
          ...jobs,
          subscriptions: deps.subscriptions,
          vault: deps.vault,
          service: deps.service,
          logger: createLogger('info', stack.logs.stream),
          now: clock.now,
          store,
        },
        {
          paint: textOnly,
          servers: () => deps.preferences.servers(),
          shares: (id) => deps.preferences.isDiscoverable(id),
        },
      );
      await checksAhead(clock, baselineJob, TEXT_FIRE);
      clock.set(TEXT_FIRE + 1000);
      const baseline = await timed(stack, () => baselineJob.tick());
      options.log(
        `  text only: ${JSON.stringify(baseline.report)} in ${(baseline.ms / 1000).toFixed(1)} s; Discord calls ${JSON.stringify(baseline.discordCalls)}`,
      );
      await checksAhead(clock, jobs.weekly, PICTURE_FIRE);
      clock.set(PICTURE_FIRE + 1000);
      const pictures = await timed(stack, () => jobs.weekly.tick());
      options.log(
        `  pictures: ${JSON.stringify(pictures.report)} in ${(pictures.ms / 1000).toFixed(1)} s; Discord calls ${JSON.stringify(pictures.discordCalls)}`,
      );
      return outcome(
        subscriptionCount,
        servers,
        members,
        baseline,
        pictures,
        stack.config.service.ratePerSecond,
      );
    } finally {
      await stack.close();
    }
  },
};

/** Servers with three members each (who used kiroku there), records in both weeks, and the subscriptions. */
async function populate({ kiroku, emulator, discord }: BenchStack, now: Date, servers: number) {
  const memberCount = servers * MEMBERS_PER_SERVER;
  const members = await createOwners(kiroku, emulator.data, memberCount, { prefix: 'bench_weekly_member' });
  const guildIds = discord.guildIds;
  await inBatches(members, 50, async (member, i) => {
    const guildId = guildIds[Math.floor(i / MEMBERS_PER_SERVER)] ?? '';
    await kiroku.deps.preferences.rememberServer(member.discordId, guildId, async () => true);
    if (i % 2 === 0) await kiroku.deps.preferences.setDiscoverable(member.discordId, true);
  });
  // Five to nine records per member and week, in id order (the service's ids follow time).
  for (const fire of [TEXT_FIRE, PICTURE_FIRE])
    members.forEach((member, i) => {
      const episodes = emulator.data.episodesOfWork(WORKS[i % WORKS.length] ?? DEMO_WORKS.soraNote);
      for (let k = 0; k < 5 + (i % 5); k++)
        emulator.data.createRecord({
          userId: member.serviceUserId,
          episodeId: episodes[k % episodes.length]?.id ?? 0,
          createdAt: new Date(fire - 6 * DAY + k * 3_600_000 + i * 1000),
          ratingState: (['great', 'good', 'average', 'bad'] as const)[(i + k) % 4],
          ...(k % 3 === 0 ? { comment: 'よかった' } : {}),
        });
    });
  const inputs = allChannels(discord).map(({ guildId, channelId }, i) => {
    const owners = members.slice(guildIds.indexOf(guildId) * MEMBERS_PER_SERVER);
    return {
      kind: 'weekly' as const,
      guildId,
      channelId,
      ownerId: owners[i % MEMBERS_PER_SERVER]?.discordId ?? '',
      language: i % 2 === 0 ? ('en' as const) : ('ja' as const),
      weekly: { day: 'monday' as const, time: '09:00', timezone: 'Asia/Tokyo' },
    };
  });
  await subscribeAll(kiroku, inputs, now);
  return memberCount;
}

/**
 * The job's tick in the ten minutes before the fire, which makes the owners' checks (as in
 * production), waited for: the timed tick at the fire then makes the same Discord calls in both runs.
 */
async function checksAhead(clock: BenchClock, job: WeeklySummaries, fire: number): Promise<void> {
  clock.set(fire - CHECK_LEAD_MS);
  await job.tick();
  await job.drain();
}

async function timed({ emulator, discord }: BenchStack, tick: () => Promise<WeeklyTickReport>): Promise<Run> {
  const requestsBefore = emulator.stats.requests;
  const callsBefore = discord.restCalls.length;
  const before = new Set(discord.allChannelMessages().map((message) => message.id));
  const began = performance.now();
  const report = await tick();
  const ms = performance.now() - began;
  // By id: the fake lists messages channel by channel, not in the order they were posted.
  const posted = discord.allChannelMessages().filter((message) => !before.has(message.id));
  const withFile = posted.filter((message) => discord.attachments(message.id).length > 0).length;
  const discordCalls: Record<string, number> = {};
  for (const call of discord.restCalls.slice(callsBefore)) {
    const kind = `${call.method} ${call.path.replace(/\d{5,}/g, ':id')}`;
    discordCalls[kind] = (discordCalls[kind] ?? 0) + 1;
  }
  return {
    report,
    ms,
    requests: emulator.stats.requests - requestsBefore,
    posts: posted.length,
    withFile,
    discordCalls,
  };
}

function outcome(
  subscriptions: number,
  servers: number,
  members: number,
  text: Run,
  pictures: Run,
  rate: number,
) {
  const seconds = (run: Run) => round(run.ms / 1000, 1);
  const rows = [
    row(
      NAME,
      `weekly run, ${subscriptions} subscriptions (${servers} servers × ${CHANNELS_PER_SERVER} channels)`,
      {
        value: seconds(pictures),
        unit: 's',
        baseline: seconds(text),
        baselineLabel: 'same run, text only',
        note: `${pictures.withFile}/${pictures.posts} posts with the picture; ${servers * 2} pictures drawn (one per server and language); ${pictures.requests} service requests for ${members} members at ${rate}/s, time compressed ×${SCALE} (floor ${round(members / rate, 1)} s; at the real ${round(rate / SCALE, 1)}/s ${round((members * SCALE) / rate, 0)} s)`,
      },
    ),
    row(NAME, 'service requests per member and week', {
      value: round(pictures.requests / members, 2),
      unit: 'requests',
      baseline: 1,
      baselineLabel: 'one page of 50 records',
      target: '≤ 1',
      met: pictures.requests <= members,
      note: `text-only run: ${text.requests} requests`,
    }),
    row(NAME, 'summaries posted', {
      value: pictures.report.posted,
      unit: 'count',
      baseline: subscriptions,
      baselineLabel: 'subscriptions',
      target: '= subscriptions',
      met: pictures.report.posted === subscriptions && text.report.posted === subscriptions,
      note: `text-only run posted ${text.report.posted}; pictures that fell back to text: ${pictures.report.textOnly}`,
    }),
  ];
  return { rows, details: { subscriptions, servers, members, rate, text, pictures } };
}
