import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { find, parseExposition, singleValue } from '../monitoring/exposition.js';
import { fakesEnv } from '../support/fakes-env.js';
import { freePort } from '../support/free-port.js';
import { expectReady } from '../support/readiness.js';
import { guildOnShard, linkAndSubscribeOnEachShard } from '../support/sharded-feed.js';
import { SOURCE_FLAGS } from '../support/spawn-bot.js';
import { USERS } from '../support/stack.js';
import { stopChild } from '../support/stop-child.js';
import { useFakes } from '../support/use-fakes.js';

const TIMEOUT = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** SHARDS=2: the real `npm start` entry under discord.js's ShardingManager, against the fake gateway. */
describe('two shards', () => {
  const { discord, emulator } = useFakes({
    discord: { guilds: 6, shards: 2 },
    emulator: {
      seed: 'demo',
      onRequest: (request) => {
        if (request.path.endsWith('/following_activities') && request.token) polls.push(request.token);
      },
    },
  });
  let dataDir: string;
  let bot: ChildProcess;
  let output = '';
  let httpPort = 0;
  /** following_activities requests, by token. */
  const polls: string[] = [];

  beforeAll(async () => {
    httpPort = await freePort();
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-shards-'));
    bot = spawn(process.execPath, [...SOURCE_FLAGS, 'src/main.ts'], {
      env: {
        ...process.env,
        ...fakesEnv(discord, emulator),
        SERVICE_TOKEN: DEMO_TOKENS.carol,
        DATA_DIR: dataDir,
        SHARDS: '2',
        POLL_INTERVAL_SECONDS: '5',
        // Every shard process used to bind it too (EADDRINUSE): only the supervisor listens now.
        HTTP_PORT: String(httpPort),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: unknown) => {
      output += String(chunk);
    };
    bot.stdout?.on('data', collect);
    bot.stderr?.on('data', collect);
    for (let i = 0; i < 600 && !output.includes('all shards ready'); i++) await sleep(100);
    expect(output).toContain('all shards ready');
  }, 90_000);

  afterAll(async () => {
    if (bot) await stopChild(bot, { graceMs: 12_000 });
    await rm(dataDir, { recursive: true, force: true });
  });

  const guildOn = (shard: number) => guildOnShard(discord, shard);

  it('identifies one session per shard and answers commands in both shards’ guilds', async () => {
    expect(new Set(discord.sessions().map((s) => JSON.stringify(s.shard))).size).toBe(2);
    for (const shard of [0, 1]) {
      const reply = await (
        await discord.slash({
          name: 'work',
          subcommand: 'info',
          options: { work: String(DEMO_WORKS.soraNote) },
          user: USERS.alice,
          guildId: guildOn(shard),
        })
      ).reply(TIMEOUT);
      expect(reply.embeds[0]?.title).toBeTruthy();
    }
  });

  it('posts each feed item once to a channel in each shard’s guild', async () => {
    const channels = await linkAndSubscribeOnEachShard(discord, TIMEOUT);
    // Let each shard's poller run once to set its cursor, then bob records something.
    await sleep(7_000);
    const episode = [...emulator.data.episodes.values()][0];
    emulator.data.createRecord({
      userId: DEMO_USERS.bob.id,
      episodeId: episode?.id ?? 0,
      comment: 'from the shards test',
    });
    for (const channel of channels) await discord.waitForChannelMessages(channel, 1, TIMEOUT);
    await sleep(6_000); // one more cycle: nothing is posted twice
    for (const channel of channels) {
      const posted = discord
        .channelMessages(channel)
        .filter((m) => JSON.stringify(m.embeds).includes('from the shards test'));
      expect(posted).toHaveLength(1);
      // Not even attempted twice (Discord's nonce would hide a second attempt only for minutes).
      const attempts = discord.restCalls.filter(
        (call) => call.method === 'POST' && call.path === `/channels/${channel}/messages`,
      );
      expect(attempts).toHaveLength(1);
    }
  }, 60_000);

  it('polls each owner in one shard process only', async () => {
    // alice's owner is polled by one process every 5 s: 4 cycles fit in 16 s, 8 polls if both polled.
    const from = polls.length;
    await sleep(16_000);
    const alicePolls = polls.slice(from).filter((token) => token === DEMO_TOKENS.alice).length;
    expect(alicePolls).toBeGreaterThanOrEqual(2);
    expect(alicePolls).toBeLessThanOrEqual(5);
    expect(output).not.toContain('EADDRINUSE');
  }, 30_000);

  it('serves health and metrics from the supervisor alone, over both shards', async () => {
    const health = await fetch(`http://127.0.0.1:${httpPort}/healthz`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`http://127.0.0.1:${httpPort}/metrics`)).text();
    // Interactions of both shards' processes, summed: shard 0's guild had at most 4 of the tests'
    // interactions and shard 1's 2, so more than 4 counts both.
    const answered = [...metrics.matchAll(/^kiroku_interactions_total\{[^}]*\} (\d+)/gm)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(answered).toBeGreaterThan(4);
    expect(output.match(/http server listening/g)).toHaveLength(1);
  });

  it('combines each metric as it should be across the shard processes, and answers /livez and /readyz', async () => {
    expect((await fetch(`http://127.0.0.1:${httpPort}/livez`)).status).toBe(200);
    await expectReady(await fetch(`http://127.0.0.1:${httpPort}/readyz`));
    const samples = parseExposition(await (await fetch(`http://127.0.0.1:${httpPort}/metrics`)).text());
    // One build, not one per process; the store's counts once, not summed over the processes.
    expect(find(samples, 'kiroku_build_info').map((s) => s.value)).toEqual([1]);
    // alice linked once and subscribed in each shard's guild (the test above): summed, these would double.
    expect(singleValue(samples, 'kiroku_linked_users')).toBe(1);
    expect(singleValue(samples, 'kiroku_subscriptions', { kind: 'feed', state: 'active' })).toBe(2);
    expect(singleValue(samples, 'kiroku_ready')).toBe(1);
    // Each process reports its own shard: both appear, each ready.
    for (const shard of ['0', '1'])
      expect(singleValue(samples, 'kiroku_gateway_status', { shard, status: 'ready' })).toBe(1);
    expect(singleValue(samples, 'kiroku_process_resident_memory_bytes')).toBeGreaterThan(20_000_000);
  });
});
