import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { UNREADY_REASONS } from '#src/http/server.js';
import { type FakeDiscord, startFakeDiscord } from '../fakes/discord/fake-discord.js';
import { DEMO_TOKENS, DEMO_USERS } from '../fakes/emulator/seed.js';
import { type Emulator, startEmulator } from '../fakes/emulator/server.js';
import { fakesEnv } from '../support/fakes-env.js';
import { freePort } from '../support/free-port.js';
import { expectReady } from '../support/readiness.js';
import { guildOnShard, linkAndSubscribeOnEachShard } from '../support/sharded-feed.js';
import { SOURCE_FLAGS } from '../support/spawn-bot.js';
import { USERS } from '../support/stack.js';
import { stopChild } from '../support/stop-child.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';

const TIMEOUT = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const title = 'two hosts: SHARD_COUNT=2, one shard each, one Redis';

interface Host {
  process: ChildProcess;
  port: number;
  output(): string;
  dataDir: string;
}

/** `npm start` as one host would run it: a supervisor of its SHARD_IDS out of SHARD_COUNT. */
async function startHost(env: Record<string, string>, shardIds: string): Promise<Host> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-host-'));
  const child = spawn(process.execPath, [...SOURCE_FLAGS, 'src/main.ts'], {
    env: {
      ...process.env,
      ...env,
      DATA_DIR: dataDir,
      SHARD_COUNT: '2',
      SHARD_IDS: shardIds,
      HTTP_PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: unknown) => {
    output += String(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  for (let i = 0; i < 600 && !output.includes('all shards ready'); i++) await sleep(100);
  if (!output.includes('all shards ready'))
    throw new Error(`host ${shardIds} did not start:\n${output.slice(-3000)}`);
  return { process: child, port, output: () => output, dataDir };
}

async function stopHost(host: Host | undefined): Promise<void> {
  if (!host) return;
  await stopChild(host.process, { graceMs: 12_000 });
  await rm(host.dataDir, { recursive: true, force: true });
}

const READINESS_REASONS: readonly string[] = Object.values(UNREADY_REASONS);

describeWithRedis(title, () => {
  let discord: FakeDiscord;
  let emulator: Emulator;
  const redis = useRedis();
  const hosts: Host[] = [];
  const polls: string[] = [];

  beforeAll(async () => {
    discord = await startFakeDiscord({ guilds: 6, shards: 2 });
    emulator = await startEmulator({
      seed: 'demo',
      rateLimit: false,
      onRequest: (request) => {
        if (request.path.endsWith('/following_activities') && request.token) polls.push(request.token);
      },
    });
    const env = {
      ...fakesEnv(discord, emulator),
      SERVICE_TOKEN: DEMO_TOKENS.carol,
      DATABASE_URL: redis().url,
      VAULT_KEY: randomBytes(32).toString('base64'),
      POLL_INTERVAL_SECONDS: '5',
      LOG_LEVEL: 'info',
    };
    hosts.push(await startHost(env, '0'), await startHost(env, '1'));
  }, 120_000);

  afterAll(async () => {
    for (const host of hosts) await stopHost(host);
    await discord?.close();
    await emulator?.close();
  });

  const _guildOn = (shard: number) => guildOnShard(discord, shard);

  it('each host runs its own shard and answers its own health check', async () => {
    expect(
      discord
        .sessions()
        .map((s) => JSON.stringify(s.shard))
        .sort(),
    ).toEqual(['[0,2]', '[1,2]']);
    // Readiness includes the owner queue's worker, which opens its Redis connections just after the
    // gateway is ready: each host becomes ready within moments, and says why until then. On a busy
    // machine a host may still be waiting for its gateway or its first store answer, so any of the
    // readiness reasons may show while it starts; what matters is that it names one.
    for (const host of hosts) {
      const url = `http://127.0.0.1:${host.port}/healthz`;
      let response = await fetch(url);
      for (let i = 0; i < 100 && response.status !== 200; i++) {
        const body = (await response.json()) as { reasons: string[] };
        expect(body.reasons.length).toBeGreaterThan(0);
        expect(body.reasons.every((reason) => READINESS_REASONS.includes(reason))).toBe(true);
        await sleep(100);
        response = await fetch(url);
      }
      await expectReady(response);
    }
  });

  it('posts each activity once in each host’s guild, and the owner’s notice once', async () => {
    const channels = await linkAndSubscribeOnEachShard(discord, TIMEOUT);
    const episode = [...emulator.data.episodes.values()][0];
    emulator.data.createRecord({
      userId: DEMO_USERS.bob.id,
      episodeId: episode?.id ?? 0,
      comment: 'from two hosts',
    });
    for (const channel of channels) await discord.waitForChannelMessages(channel, 1, TIMEOUT);

    // One owner, one poll per interval across both hosts: 3 intervals fit in 15 s, 6 if both polled.
    const from = polls.length;
    await sleep(15_000);
    expect(polls.slice(from).filter((token) => token === DEMO_TOKENS.alice).length).toBeLessThanOrEqual(4);
    for (const channel of channels) {
      const attempts = discord.restCalls.filter(
        (call) => call.method === 'POST' && call.path === `/channels/${channel}/messages`,
      );
      expect(attempts).toHaveLength(1);
    }

    emulator.data.revokeToken(DEMO_TOKENS.alice);
    for (let i = 0; i < 200 && discord.directMessages(USERS.alice.id).length === 0; i++) await sleep(100);
    await sleep(11_000); // two more intervals: no second notice from the other host
    expect(discord.directMessages(USERS.alice.id)).toHaveLength(1);
  }, 90_000);
});
