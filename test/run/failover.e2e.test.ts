/**
 * Two kiroku processes on one Redis share the owners' jobs (BullMQ per-owner jobs). One is killed
 * with kill -9 in the middle of a feed cycle; the other picks up its owners within three lock
 * durations (15 s here), and every post and owner notice happens exactly once.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { defaultLockMs } from '#src/jobs/run/owner-queue.js';
import { createLogger } from '#src/logger.js';
import { openStore } from '#src/store/index.js';
import { Subscriptions } from '#src/subscriptions/model.js';
import { KeyRing, TokenVault } from '#src/vault/index.js';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';
import { feedPosts } from '../feed/feed-posts.js';
import { fakesEnv } from '../support/fakes-env.js';
import { type ChildBot, startChildBot } from '../support/faults/child-bot.js';
import { activityPosts, countDeliveries } from '../support/faults/deliveries.js';
import { reportFigures } from '../support/faults/figures.js';
import { type RedisServer, startRedisServer } from '../support/redis-server.js';
import { describeWithRedis } from '../support/use-servers.js';

const title = 'failover between two processes on one Redis';
const POLL_SECONDS = 5;
const OWNERS = 8;
const ACTIVITIES = 40;
/**
 * A killed process's running jobs: the lock expires (at most one lock duration after the kill), and
 * a stalled-job check finds them. Checks run every lock duration, but one just made by the dead
 * process keeps the survivor's next check from running, so the finding one may come a duration later.
 */
const TAKEOVER_MS = 3 * defaultLockMs(POLL_SECONDS * 1000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface World {
  redis: RedisServer;
  emulator: Emulator;
  discord: FakeDiscord;
  bots: ChildBot[];
}

/** Owners, each with its own service account following one poster, subscribed in its own channel. */
async function seed(world: World, vaultKey: Buffer) {
  const { emulator, discord, redis } = world;
  const logger = createLogger('silent');
  const store = await openStore(redis.url, { logger });
  const vault = new TokenVault(store, KeyRing.fromKeys([{ key: vaultKey }]), { logger });
  const subscriptions = new Subscriptions(store);
  const poster = emulator.data.createUser({ username: 'failover_poster' });
  const channels = discord.channelIds();
  const owners: Array<{ discordId: string; token: string; channel: string }> = [];
  for (let i = 0; i < OWNERS; i++) {
    const user = emulator.data.createUser({ username: `failover_owner_${i}` });
    emulator.data.follow(user.id, poster.id);
    const token = emulator.data.issueToken(user.id);
    const discordId = `3500000000000000${String(i).padStart(2, '0')}`;
    const channel = channels[i] ?? '';
    await vault.put(discordId, {
      token,
      scopes: ['read', 'write'],
      serviceUserId: user.id,
      serviceUsername: user.username,
      method: 'token',
      linkedAt: new Date().toISOString(),
    });
    await subscriptions.create(
      {
        kind: 'feed',
        guildId: discord.guildIds[0] ?? '',
        channelId: channel,
        ownerId: discordId,
        feed: { actions: [] },
      },
      new Date(),
    );
    owners.push({ discordId, token, channel });
  }
  await store.close();
  return { poster, owners };
}

describeWithRedis(title, () => {
  let world: World | undefined;
  afterEach(async () => {
    for (const bot of world?.bots ?? []) await bot.kill();
    await world?.discord.close();
    await world?.emulator.close();
    await world?.redis.stop();
    world = undefined;
  });

  it('the survivor takes over the killed process’s owners within three lock durations; every post and notice once', {
    timeout: 120_000,
  }, async () => {
    const polled: string[] = [];
    world = {
      redis: await startRedisServer(),
      emulator: await startEmulator({
        seed: 'demo',
        rateLimit: false,
        onRequest: (request) => {
          if (request.path.endsWith('/following_activities') && request.token) polled.push(request.token);
        },
      }),
      discord: await startFakeDiscord({ guilds: 1, channelsPerGuild: OWNERS }),
      bots: [],
    };
    const { emulator, discord, redis } = world;
    const vaultKey = randomBytes(32);
    const { poster, owners } = await seed(world, vaultKey);
    const env = {
      ...fakesEnv(discord, emulator),
      DATABASE_URL: redis.url,
      VAULT_KEY: vaultKey.toString('base64'),
      POLL_INTERVAL_SECONDS: String(POLL_SECONDS),
      SERVICE_RATE_PER_SECOND: '50',
      LOG_LEVEL: 'info',
      RELIABILITY_JOBS: 'started',
    };
    const [a, b] = [
      await startChildBot({ ...env, DATA_DIR: '/nonexistent-a' }),
      await startChildBot({ ...env, DATA_DIR: '/nonexistent-b' }),
    ];
    world.bots.push(a, b);
    const polls = (token: string) => polled.filter((t) => t === token).length;
    // Every owner polled once: its cursor is set.
    await b.waitFor(() => owners.every((o) => polls(o.token) >= 1), 'a first poll of every owner');

    const episodes = [...emulator.data.episodes.values()];
    const before = new Set(emulator.data.activities.keys());
    for (let i = 0; i < ACTIVITIES; i++) {
      const episode = episodes[i % episodes.length];
      emulator.data.createRecord({
        userId: poster.id,
        episodeId: episode?.id ?? 0,
        comment: `failover ${i}`,
      });
    }
    const ids = [...emulator.data.activities.keys()].filter((id) => !before.has(id));
    const channels = owners.map((o) => o.channel);
    const expected = activityPosts(channels, ids, emulator.data);
    // Activities shown, not messages: a message carries a poll's batch.
    const postsIn = (among: readonly string[]) =>
      among.reduce((n, channel) => n + feedPosts(discord.channelMessages(channel)).length, 0);
    const posts = () => postsIn(channels);
    // Slow posts, so that the kill lands while both processes are posting.
    discord.faults.latencyMs = 20;
    await a.waitFor(() => posts() >= expected.length / 4, 'a quarter of the posts');
    await a.kill();
    const killedAt = Date.now();
    const postsAtKill = posts();
    expect(postsAtKill).toBeLessThan(expected.length);
    discord.faults.latencyMs = 0;

    // A revoked token: its owner gets one notice, from whichever process polls it next.
    const revoked = owners[0];
    emulator.data.revokeToken(revoked?.token ?? '');
    // The revoked owner's posts may or may not have been made before the revocation: count the others.
    const live = expected.filter((post) => post.channelId !== revoked?.channel);
    const liveChannels = channels.filter((channel) => channel !== revoked?.channel);
    await b.waitFor(() => postsIn(liveChannels) >= live.length, 'every post of the live owners', 60_000);
    const tookMs = Date.now() - killedAt;
    await b.waitFor(
      () => discord.directMessages(revoked?.discordId ?? '').length >= 1,
      'the owner notice',
      30_000,
    );
    await sleep(2 * POLL_SECONDS * 1000); // two more intervals: nothing more is posted or sent

    const count = countDeliveries(discord, live);
    expect(count.examples).toEqual([]);
    expect({ lost: count.lost, duplicated: count.duplicated }).toEqual({ lost: 0, duplicated: 0 });
    expect(discord.directMessages(revoked?.discordId ?? '')).toHaveLength(1);
    // The survivor did the killed process's share within the takeover bound, plus the posting itself.
    expect(tookMs).toBeLessThan(TAKEOVER_MS + 5_000);
    expect(b.crashed).toBe(false);
    reportFigures('failover', {
      owners: OWNERS,
      postsExpected: live.length,
      postsAtKill,
      takeoverMs: tookMs,
    });
  });
});
