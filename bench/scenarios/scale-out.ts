/**
 * Scenario: scale-out. The same feed owners polled by one kiroku process, then by two and by three
 * processes sharing them through Redis (BullMQ per-owner jobs), each bound to its own loopback source
 * address (SERVICE_LOCAL_ADDRESS 127.0.0.1, 127.0.0.2, 127.0.0.3) against the emulator's per-address
 * limit, so each has its own budget. Each phase runs two cycles: the first after the start, then
 * the measured one, in which every owner has one new activity to post. The store is seeded as a
 * restart within the hour finds it: each owner's membership check made (a check holds an hour), so
 * the first cycle asks Discord nothing (at Discord's 50 calls/s, 4,000 first checks took 80 s of
 * the one-process phase; digest-burst measures those checks). Measured: the measured cycle's length
 * (every owner polled once, its post made), duplicate polls in either cycle, duplicate posts, 429s.
 *
 * Time is compressed: the emulator's per-address limit (4/s) and kiroku's budget (3/s) are both
 * multiplied by SCALE, so a cycle takes 1/SCALE of the production time; the ratio is unchanged.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FeedCursors } from '#src/jobs/feed/cursors.js';
import {
  CHECK_FRESH_MS,
  checkKey,
  MEMBERSHIP_CHECK_COLLECTION,
  membershipCheckSchema,
} from '#src/jobs/posting/membership.js';
import { enqueueOwnerJobs } from '#src/jobs/run/owner-queue.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import { type FakeDiscord, startFakeDiscord } from '../../test/fakes/discord/fake-discord.js';
import type { EmulatorData } from '../../test/fakes/emulator/data.js';
import { type Emulator, startEmulator } from '../../test/fakes/emulator/server.js';
import { startRedisServer } from '../../test/support/redis-server.js';
import { allChannels, feedSubscription, inBatches, ownerDiscordId } from '../population.js';
import { type SpawnedChild, spawnScript } from '../spawn.js';
import { round, sleep } from '../stats.js';
import { row, type Scenario } from '../types.js';

const NAME = 'scale-out';
/** As fast as kiroku's configuration allows: SERVICE_RATE_PER_SECOND is at most 50 (3 × 16 = 48). */
const SCALE = 16;
const SERVICE_LIMIT_PER_ADDRESS = 4 * SCALE;
const BUDGET_PER_SECOND = 3 * SCALE;
const ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3'] as const;
const CHANNELS_PER_GUILD = 50;

interface Owner {
  discordId: string;
  token: string;
  serviceUserId: number;
  username: string;
}

interface Phase {
  processes: number;
  cycleS: number;
  /** The first cycle after the start (the processes joining the queue), not measured. */
  firstCycleS: number;
  polls: number;
  /** Owners polled more than once in a cycle, over both cycles. */
  duplicatePolls: number;
  posts: number;
  duplicatePosts: number;
  http429: number;
  pollsByAddress: Record<string, number>;
}

/** What the emulator saw: following_activities requests by token and by source address. */
class PollLog {
  readonly byToken = new Map<string, number>();
  readonly byAddress: Record<string, number> = {};
  lastAt = 0;
  observe(path: string, token: string | undefined, address: string): void {
    if (!path.endsWith('/following_activities') || !token) return;
    this.byToken.set(token, (this.byToken.get(token) ?? 0) + 1);
    this.byAddress[address] = (this.byAddress[address] ?? 0) + 1;
    this.lastAt = performance.now();
  }
  reset(): void {
    this.byToken.clear();
    for (const key of Object.keys(this.byAddress)) delete this.byAddress[key];
  }
}

function createServiceOwners(data: EmulatorData, count: number, posterId: number): Owner[] {
  return Array.from({ length: count }, (_, i) => {
    const username = `bench_scale_owner${i}`;
    const user = data.createUser({ username });
    data.follow(user.id, posterId);
    return {
      discordId: ownerDiscordId(i),
      token: data.issueToken(user.id),
      serviceUserId: user.id,
      username,
    };
  });
}

/** A fresh Redis store as `/account link` and `/subscription feed` leave it, each cursor at `cursor`. */
async function seedStore(
  redisUrl: string,
  vaultKey: Buffer,
  owners: Owner[],
  discord: FakeDiscord,
  cursor: number,
) {
  const logger = createLogger('silent');
  const store = await openStore(redisUrl, { logger });
  const vault = new TokenVault(store, KeyRing.fromKeys([{ key: vaultKey }]), { logger });
  const subscriptions = new Subscriptions(store);
  const cursors = new FeedCursors(store);
  const checks = store.collection(MEMBERSHIP_CHECK_COLLECTION, membershipCheckSchema);
  const channels = allChannels(discord);
  const now = new Date();
  await inBatches(owners, 50, async (owner, i) => {
    const channel = channels[i];
    if (!channel) throw new Error('fewer channels than owners');
    await vault.put(owner.discordId, {
      token: owner.token,
      scopes: ['read', 'write'],
      serviceUserId: owner.serviceUserId,
      serviceUsername: owner.username,
      method: 'token',
      linkedAt: now.toISOString(),
    });
    await subscriptions.create(feedSubscription(owner.discordId, channel.guildId, channel.channelId), now);
    await cursors.set(owner.discordId, owner.serviceUserId, cursor, now);
    const check = checkKey(channel.guildId, channel.channelId, owner.discordId);
    await checks.set(check, { checkedAt: now.toISOString() }, 2 * CHECK_FRESH_MS);
  });
  await store.close();
}

/** What both phases share: the service, Discord, the owners and what the emulator saw. */
interface World {
  emulator: Emulator;
  discord: FakeDiscord;
  polls: PollLog;
  poster: { id: number };
  owners: Owner[];
  episodes: Array<{ id: number }>;
  quick: boolean;
  log: (line: string) => void;
}

export const scaleOut: Scenario = {
  name: NAME,
  title: 'Scale-out: 2,000 feed owners, one process vs two and three on their own source addresses (Redis)',
  resultsKey: 'scale_out',
  quickDiffers: '100 owners (not 2,000), 1 s (not 3) after each cycle for a late duplicate to show',
  async run(options) {
    const ownersCount = options.quick ? 100 : 2_000;
    const world = await startWorld(ownersCount, options.quick, options.log);
    try {
      options.log(
        `  ${ownersCount} owners; limits ×${SCALE}: ${SERVICE_LIMIT_PER_ADDRESS}/s per address, budget ${BUDGET_PER_SECOND}/s`,
      );
      const phases: Phase[] = [];
      for (const processes of [1, 2, 3]) phases.push(await runPhase(world, processes));
      return scaleOutResult(ownersCount, phases);
    } finally {
      await world.discord.close();
      await world.emulator.close();
    }
  },
};

async function startWorld(ownersCount: number, quick: boolean, log: (line: string) => void): Promise<World> {
  const polls = new PollLog();
  const emulator = await startEmulator({
    seed: 'demo',
    rateLimit: true,
    perIpLimit: SERVICE_LIMIT_PER_ADDRESS,
    onRequest: (request) => polls.observe(request.path, request.token, request.remoteAddress),
  });
  const discord = await startFakeDiscord({
    guilds: Math.ceil(ownersCount / CHANNELS_PER_GUILD),
    channelsPerGuild: CHANNELS_PER_GUILD,
  });
  const poster = emulator.data.createUser({ username: 'bench_scale_poster' });
  const owners = createServiceOwners(emulator.data, ownersCount, poster.id);
  const episodes = [...emulator.data.episodes.values()];
  return { emulator, discord, polls, poster, owners, episodes, quick, log };
}

/** A fresh Redis, `processes` bots on their own source addresses, a first cycle and the measured one. */
async function runPhase(world: World, processes: number): Promise<Phase> {
  const { emulator, discord, owners } = world;
  const redis = await startRedisServer();
  const vaultKey = randomBytes(32);
  const children: SpawnedChild[] = [];
  const readies: Array<Promise<unknown>> = [];
  const dirs: string[] = [];
  try {
    const cursor = Math.max(0, ...emulator.data.activities.keys());
    await seedStore(redis.url, vaultKey, owners, discord, cursor);
    for (const address of ADDRESSES.slice(0, processes)) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-bench-scale-'));
      dirs.push(dataDir);
      const child = spawnBot(world, { redisUrl: redis.url, vaultKey, dataDir, address });
      children.push(child);
      // Listening from the spawn on: a line printed before the wait began would be missed.
      readies.push(child.waitForLine(/kiroku is ready/, 60_000));
    }
    await Promise.all(readies);
    const first = await runCycle(world, redis.url, processes, false);
    const measured = await runCycle(world, redis.url, processes, true);
    const phase = {
      ...measured,
      firstCycleS: first.cycleS,
      duplicatePolls: first.duplicatePolls + measured.duplicatePolls,
    };
    world.log(
      `  ${processes} process(es): first cycle ${phase.firstCycleS.toFixed(1)} s, measured cycle ${phase.cycleS.toFixed(1)} s, ${phase.polls} polls of ${owners.length} owners, ${phase.duplicatePolls} duplicate polls over both, ${phase.posts} posts, 429s ${phase.http429}, by address ${JSON.stringify(phase.pollsByAddress)}`,
    );
    return phase;
  } finally {
    for (const child of children) await child.stop();
    await redis.stop();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }
}

function spawnBot(
  { emulator, discord }: World,
  bot: { redisUrl: string; vaultKey: Buffer; dataDir: string; address: string },
): SpawnedChild {
  return spawnScript({
    runner: 'node',
    script: 'src/main.ts',
    nodeFlags: ['--disable-warning=UnsupportedCacheOverwriteWarning'],
    env: {
      DISCORD_TOKEN: discord.botToken,
      DISCORD_REST_URL: discord.restUrl,
      SERVICE_URL: emulator.url,
      DATABASE_URL: bot.redisUrl,
      VAULT_KEY: bot.vaultKey.toString('base64'),
      DATA_DIR: bot.dataDir,
      SERVICE_LOCAL_ADDRESS: bot.address,
      SERVICE_RATE_PER_SECOND: String(BUDGET_PER_SECOND),
      // Two cycles are run, each started by the bench: no owner is due twice within them.
      POLL_INTERVAL_SECONDS: '3600',
      LOG_LEVEL: 'info',
    },
  });
}

/**
 * Every owner's job made due at one instant; waits until every owner is polled (and, in the measured
 * cycle, one new activity in every owner's feed is posted). Owners' jobs then wait out the hour.
 */
async function runCycle(world: World, redisUrl: string, processes: number, measured: boolean) {
  const { emulator, discord, polls, owners } = world;
  if (measured)
    emulator.data.createRecord({
      userId: world.poster.id,
      episodeId: world.episodes[0]?.id ?? 0,
      comment: `scale ${processes}`,
    });
  polls.reset();
  discord.resetRecords();
  const limitedBefore = emulator.stats.rateLimited;
  const started = performance.now();
  await enqueueOwnerJobs(
    redisUrl,
    owners.map((owner) => owner.discordId),
  );
  const deadline = started + (world.quick ? 120_000 : 600_000);
  const done = () =>
    polls.byToken.size >= owners.length && (!measured || channelPosts(discord).length >= owners.length);
  while (!done() && performance.now() < deadline) await sleep(20);
  const lastPoll = polls.lastAt;
  // Anything extra would show now, and every job is back to waiting when the next cycle starts.
  await sleep(world.quick ? 1_000 : 3_000);
  if (polls.byToken.size < owners.length)
    throw new Error(`${processes} process(es): only ${polls.byToken.size} owners polled`);
  return phaseFigures(world, processes, (lastPoll - started) / 1000, limitedBefore);
}

function channelPosts(discord: FakeDiscord) {
  return discord.restCalls.filter((call) => call.method === 'POST' && call.path.startsWith('/channels/'));
}

function phaseFigures(world: World, processes: number, cycleS: number, limitedBefore: number) {
  const { polls } = world;
  const made = channelPosts(world.discord);
  const distinctPosts = new Set(
    made.map((call) => `${call.path}|${JSON.stringify((call.body as { nonce?: unknown })?.nonce)}`),
  );
  const total = [...polls.byToken.values()].reduce((a, b) => a + b, 0);
  return {
    processes,
    cycleS,
    polls: total,
    duplicatePolls: total - polls.byToken.size,
    posts: distinctPosts.size,
    duplicatePosts: made.length - distinctPosts.size,
    http429: world.emulator.stats.rateLimited - limitedBefore,
    pollsByAddress: { ...polls.byAddress },
  };
}

function scaleOutResult(ownersCount: number, phases: Phase[]) {
  const [one, two, three] = phases as [Phase, Phase, Phase];
  const sum = (pick: (phase: Phase) => number) => phases.reduce((total, phase) => total + pick(phase), 0);
  const duplicatePolls = sum((p) => p.duplicatePolls);
  const duplicatePosts = sum((p) => p.duplicatePosts);
  const http429 = sum((p) => p.http429);
  const compressed = `time compressed ×${SCALE}: limit ${SERVICE_LIMIT_PER_ADDRESS}/s per address, budget ${BUDGET_PER_SECOND}/s per process`;
  const zero = { unit: 'count', baseline: 0, baselineLabel: 'target', target: '= 0' } as const;
  const cycleRow = (phase: Phase, words: string, limit: number) =>
    row(
      NAME,
      `one full feed cycle over ${ownersCount} owners, ${words} processes on ${words} source addresses`,
      {
        value: round(phase.cycleS, 1),
        unit: 's',
        baseline: round(one.cycleS, 1),
        baselineLabel: 'one process',
        target: `≤ ${limit}×`,
        met: phase.cycleS / one.cycleS <= limit,
        note: `${compressed}; the cycle after the first (${round(phase.firstCycleS, 1)} s, the processes joining the queue; owners' checks seeded as a restart within the hour finds them); polls by source address ${JSON.stringify(phase.pollsByAddress)}`,
      },
    );
  const rows = [
    cycleRow(two, 'two', 0.55),
    cycleRow(three, 'three', 0.36),
    row(NAME, 'duplicate polls (an owner polled twice in one cycle)', {
      value: duplicatePolls,
      ...zero,
      met: duplicatePolls === 0,
      note: 'both cycles of each phase',
    }),
    row(NAME, 'duplicate posts (a channel post attempted twice)', {
      value: duplicatePosts,
      ...zero,
      met: duplicatePosts === 0,
      note: `${phases.map((p) => p.posts).join(' + ')} posts, expected ${phases.length * ownersCount}`,
    }),
    row(NAME, '429 responses from the service', { value: http429, ...zero, met: http429 === 0 }),
  ];
  return {
    rows,
    details: { owners: ownersCount, scale: SCALE, phases, compressed },
    summary: {
      cycle_ratio_two_vs_one: round(two.cycleS / one.cycleS, 3),
      cycle_ratio_three_vs_one: round(three.cycleS / one.cycleS, 3),
      duplicate_polls: duplicatePolls,
      duplicate_posts: duplicatePosts,
      http_429: http429,
      owners: ownersCount,
      cycle_one_process_s: round(one.cycleS, 1),
      cycle_two_processes_s: round(two.cycleS, 1),
      cycle_three_processes_s: round(three.cycleS, 1),
      time_compression: SCALE,
    },
  };
}
