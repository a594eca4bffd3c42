import { once } from 'node:events';
import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '#src/config.js';
import { ownerShard, servesOwner } from '#src/jobs/owners/partition.js';
import { nextRunAt } from '#src/jobs/run/owner-queue.js';
import { createLogger } from '#src/logger.js';
import { HttpTransport } from '#src/service/wire/http.js';
import { budgetKeyPrefix } from '#src/service/wire/shared-budget.js';
import { readMaxConcurrency, spawnDelayMs } from '#src/supervisor/identify-pacing.js';
import { supervisesShards } from '#src/supervisor/shard-supervisor.js';
import { startFakeDiscord } from '../fakes/discord/fake-discord.js';

describe('several hosts: SHARD_IDS and SHARD_COUNT', () => {
  it('reads ids and ranges out of the total', () => {
    expect(
      parseConfig({ SHARD_IDS: '0,2-3', SHARD_COUNT: '4', DATABASE_URL: 'redis://r:6379/0' }).shardRange,
    ).toEqual({
      ids: [0, 2, 3],
      total: 4,
    });
    expect(parseConfig({}).shardRange).toEqual({ ids: undefined, total: undefined });
  });

  it.each([
    [{ SHARD_IDS: '0-1' }, /^SHARD_COUNT: /],
    [{ SHARD_IDS: '0-4', SHARD_COUNT: '4' }, /^SHARD_IDS: /],
    [{ SHARD_IDS: '3-1', SHARD_COUNT: '4' }, /^SHARD_IDS: /],
    [{ SHARD_IDS: 'one', SHARD_COUNT: '4' }, /^SHARD_IDS: /],
    // Part of the shards on this host: the rest are elsewhere, and only Redis connects them.
    [{ SHARD_IDS: '0-1', SHARD_COUNT: '4' }, /^SHARD_IDS: .*redis/],
    [{ SHARD_COUNT: '0' }, /^SHARD_COUNT: /],
  ])('refuses %o with one message naming the variable', (env, message) => {
    expect(() => parseConfig(env)).toThrow(message);
  });

  it('runs the supervisor for SHARDS or SHARD_COUNT, never inside a shard process', () => {
    expect(supervisesShards(parseConfig({}), {})).toBe(false);
    expect(supervisesShards(parseConfig({ SHARDS: '2' }), {})).toBe(true);
    const twoOfFour = { SHARD_COUNT: '4', SHARD_IDS: '2-3', DATABASE_URL: 'redis://r:6379/0' };
    expect(supervisesShards(parseConfig(twoOfFour), {})).toBe(true);
    expect(supervisesShards(parseConfig(twoOfFour), { SHARDING_MANAGER: 'true' })).toBe(false);
    expect(parseConfig({ SHARD_COUNT: '2', SHARD_IDS: '0-1' }).shardRange.ids).toEqual([0, 1]);
  });

  it('spaces shard starts by session_start_limit.max_concurrency (one identify bucket per 5 s)', () => {
    expect(spawnDelayMs(1)).toBe(5_500);
    expect(spawnDelayMs(16)).toBe(344);
    // No more than max_concurrency starts in any 5 s.
    for (const concurrency of [1, 2, 7, 16])
      expect(5_000 / spawnDelayMs(concurrency)).toBeLessThanOrEqual(concurrency);
  });
});

describe('owners partitioned over one host’s shard processes (no Redis)', () => {
  const owners = Array.from({ length: 1_000 }, (_, i) => String(330_000_000_000_000_000n + BigInt(i * 7919)));

  it('gives every owner to exactly one process, and each process a fair share', () => {
    const processes = [[0], [1], [2]];
    const shares = processes.map((shards) => owners.filter((owner) => servesOwner(owner, shards, 3)).length);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(owners.length);
    for (const owner of owners)
      expect(processes.filter((shards) => servesOwner(owner, shards, 3))).toHaveLength(1);
    for (const share of shares) expect(share).toBeGreaterThan(250);
  });

  it('is the same owner -> shard in every process (no state)', () => {
    expect(owners.map((o) => ownerShard(o, 4))).toEqual(owners.map((o) => ownerShard(o, 4)));
    expect(ownerShard('1', 1)).toBe(0);
  });
});

describe('per-owner job timing', () => {
  it('runs at the next feed poll or the next :00/:30 schedule step, whichever is first', () => {
    const now = Date.parse('2026-01-01T08:00:10Z');
    expect(nextRunAt(now, now + 60_000, undefined)).toBe(now + 60_000);
    expect(nextRunAt(now, now + 60_000, 30_000)).toBe(Date.parse('2026-01-01T08:00:30Z'));
    expect(nextRunAt(now, now + 5_000, 30_000)).toBe(now + 5_000);
    expect(nextRunAt(now, undefined, undefined)).toBeUndefined();
  });
});

describe('SERVICE_LOCAL_ADDRESS', () => {
  it('is checked as an IP address', () => {
    expect(parseConfig({ SERVICE_LOCAL_ADDRESS: '127.0.0.2' }).serviceLocalAddress).toBe('127.0.0.2');
    expect(() => parseConfig({ SERVICE_LOCAL_ADDRESS: 'eth0' })).toThrow(/^SERVICE_LOCAL_ADDRESS: /);
  });

  it('binds the connections to the service to that address', async () => {
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.socket.remoteAddress ?? '');
      response.end('{}');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const bound = new HttpTransport({ localAddress: '127.0.0.2' });
    const unbound = new HttpTransport();
    try {
      const request = {
        operation: 'me',
        method: 'GET',
        url: new URL(`http://127.0.0.1:${port}/`),
        timeoutMs: 5_000,
      };
      await bound.send(request);
      await unbound.send(request);
      expect(seen).toEqual(['127.0.0.2', '127.0.0.1']);
    } finally {
      await bound.close();
      await unbound.close();
      server.close();
    }
  });

  it('gives each egress address its own shared budget key', () => {
    expect(budgetKeyPrefix(undefined)).toBe('kiroku-budget');
    expect(budgetKeyPrefix('127.0.0.2')).toBe('kiroku-budget:127.0.0.2');
    expect(budgetKeyPrefix('127.0.0.2')).not.toBe(budgetKeyPrefix('127.0.0.3'));
  });
});

describe('identify pacing from Discord', () => {
  it('reads session_start_limit.max_concurrency through DISCORD_REST_URL', async () => {
    const discord = await startFakeDiscord({ maxConcurrency: 4 });
    try {
      expect(await readMaxConcurrency(discord.restUrl, discord.botToken, createLogger('silent'))).toBe(4);
      // An unreadable answer (a refused token) falls back to the strictest pace.
      expect(await readMaxConcurrency(discord.restUrl, 'not-the-token', createLogger('silent'))).toBe(1);
    } finally {
      await discord.close();
    }
  });
});
