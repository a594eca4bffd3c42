/**
 * What an operator's Prometheus sees after an end-to-end run: the real composition root with its jobs
 * on their timers, the fake Discord and the emulator. Each series kiroku defines is there
 * with a sane value, /readyz answers, and no label takes a value that grows with the input.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_COLLECTION, outboxEntrySchema } from '#src/jobs/posting/outbox.js';
import { OPERATION_NAMES } from '#src/service/api/operations.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { freePort } from '../support/free-port.js';
import { expectReady } from '../support/readiness.js';
import { REPO_ROOT } from '../support/spawn-bot.js';
import { askWorkInfo, type Stack, startStack, subscribeAliceToFeed, USERS } from '../support/stack.js';
import { find, parseExposition, type Sample, seriesKeys, singleValue } from './exposition.js';

const TIMEOUT = 15_000;

const sum = (samples: Sample[]) => samples.reduce((total, sample) => total + sample.value, 0);

describe('monitoring after an end-to-end run', () => {
  let stack: Stack;
  let base: string;
  let channel: string;

  const scrape = async () => parseExposition(await (await fetch(`${base}/metrics`)).text());
  /** Scrapes until `ready` holds (interactions are counted just after their answer is sent). */
  async function scrapeWhen(ready: (samples: Sample[]) => boolean, what: string): Promise<Sample[]> {
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const samples = await scrape();
      if (ready(samples)) return samples;
      if (Date.now() > deadline) throw new Error(`metrics never showed ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const answered = (samples: Sample[]) => sum(find(samples, 'kiroku_interactions_total'));
  /**
   * Waits until no outbox entry is pending in the store. The post reaches the fake Discord a moment
   * before the bot marks its entry posted, and the store's counts are sampled for 30 s: a scrape in
   * that moment would show the post pending for the rest of the test.
   */
  async function outboxSettled(): Promise<void> {
    const outbox = stack.kiroku.store.collection(OUTBOX_COLLECTION, outboxEntrySchema);
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      let pending = 0;
      for await (const [, entry] of outbox.entries()) if (entry.state === 'pending') pending += 1;
      if (pending === 0) return;
      if (Date.now() > deadline) throw new Error(`${pending} outbox entries stayed pending`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    stack = await startStack({
      startJobs: true,
      heartbeatIntervalMs: 1_000,
      emulatorRateLimit: false,
      // Round robin at the shortest interval: the feed posts within seconds of an activity.
      env: { HTTP_PORT: String(port), POLL_INTERVAL_SECONDS: '5', FEED_POLICY: 'round-robin' },
    });
    channel = stack.discord.channelIds(stack.discord.guildIds[0])[0] ?? '';
    await stack.link(USERS.alice.id, 'alice');
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('is ready with its jobs on their timers, and says so on /readyz', async () => {
    await expectReady(await fetch(`${base}/readyz`));
    expect(stack.kiroku.jobs.scheduled).toBe(true);
  });

  it('shows every new series with sane values', async () => {
    const subscribed = await subscribeAliceToFeed(stack, channel, TIMEOUT);
    expect(subscribed.content).toMatch(/will be posted in/);
    await askWorkInfo(stack, DEMO_WORKS.soraNote, USERS.alice, TIMEOUT);
    await (await stack.discord.slash({ name: 'me', user: USERS.stranger })).reply(TIMEOUT);
    // bob (whom alice follows) records an episode: the feed's timer posts it to the channel.
    const episode = [...stack.emulator.data.episodes.values()][0];
    stack.emulator.data.createRecord({
      userId: DEMO_USERS.bob.id,
      episodeId: episode?.id ?? 0,
      comment: 'hi',
      rating: 4,
    });
    await stack.discord.waitForChannelMessages(channel, 1, 30_000);
    await outboxSettled();

    const samples = await scrapeWhen(
      (s) =>
        answered(s) >= 3 &&
        // Both series are there from the start (ping NaN, posts 0): wait for a heartbeat and a post.
        find(s, 'kiroku_gateway_ping_seconds').some((sample) => !Number.isNaN(sample.value)) &&
        sum(find(s, 'kiroku_channel_post_duration_seconds_count')) > 0,
      'the three interactions, a post and a gateway ping',
    );
    const value = (name: string, labels: Record<string, string> = {}) => singleValue(samples, name, labels);

    // Process and build.
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(value('kiroku_build_info', { version, node: process.version })).toBe(1);
    expect(value('kiroku_process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(value('kiroku_process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(value('kiroku_nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('kiroku_nodejs_heap_size_used_bytes')).toBeGreaterThan(0);

    // Replies: counted per route, and timed to their first answer.
    for (const route of ['subscription feed', 'work info', 'me']) {
      const count = value('kiroku_interaction_first_answer_seconds_count', { route });
      expect(count, route).toBe(1);
      expect(value('kiroku_interaction_first_answer_seconds_bucket', { route, le: '+Inf' })).toBe(count);
      const seconds = value('kiroku_interaction_first_answer_seconds_sum', { route });
      expect(seconds, route).toBeGreaterThan(0);
      expect(seconds, route).toBeLessThan(TIMEOUT / 1000);
    }
    expect(value('kiroku_interactions_total', { route: 'me', outcome: 'user_error' })).toBe(1);

    // Service requests: by operation (from the operations table) and status class.
    const requests = find(samples, 'kiroku_service_request_duration_seconds_count');
    expect(sum(requests.filter((s) => s.labels.status_class === '2xx'))).toBeGreaterThan(0);
    for (const series of requests) expect(OPERATION_NAMES as string[]).toContain(series.labels.operation);
    expect(value('kiroku_service_budget_per_second')).toBe(3);

    // Posts and the outbox: the post went out and nothing is left pending.
    expect(value('kiroku_channel_post_duration_seconds_count', { outcome: 'posted' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(value('kiroku_channel_post_duration_seconds_sum', { outcome: 'posted' })).toBeGreaterThan(0);
    expect(value('kiroku_outbox_pending')).toBe(0);
    expect(value('kiroku_outbox_oldest_pending_seconds')).toBe(0);

    // The store's counts, the feed's backlog, readiness and the gateway.
    expect(value('kiroku_subscriptions', { kind: 'feed', state: 'active' })).toBe(1);
    expect(value('kiroku_subscriptions', { kind: 'schedule', state: 'active' })).toBe(0);
    expect(value('kiroku_linked_users')).toBe(1);
    expect(value('kiroku_feed_due_owners')).toBeGreaterThanOrEqual(0);
    expect(value('kiroku_feed_oldest_overdue_seconds')).toBeGreaterThanOrEqual(0);
    expect(value('kiroku_ready')).toBe(1);
    expect(value('kiroku_gateway_status', { shard: '0', status: 'ready' })).toBe(1);
    expect(sum(find(samples, 'kiroku_gateway_status', { shard: '0' }))).toBe(1);
    const ping = value('kiroku_gateway_ping_seconds', { shard: '0' });
    expect(ping).toBeGreaterThanOrEqual(0);
    expect(ping).toBeLessThan(5);
  });

  it("times a slow reply's first answer at its deferral, not at the final edit", async () => {
    // The service answers slower than the deferral threshold: the command is deferred, then edited.
    stack.emulator.faults.latencyMs = 2_500;
    try {
      const result = await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        // A work no one asked about yet: its lookup is not in the cache.
        options: { work: String(DEMO_WORKS.tsukikage) },
        user: USERS.alice,
      });
      // The router writes the interaction's line once its last answer is sent.
      const line = await interactionLine(result.id);
      expect(result.deferred).toBe(true);
      expect(line).toMatchObject({ route: 'work info', outcome: 'ok' });
      expect(Number(line.firstAnswerMs)).toBeLessThan(Number(line.durationMs));
    } finally {
      stack.emulator.faults.latencyMs = 0;
    }
  });

  async function interactionLine(requestId: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + TIMEOUT;
    for (;;) {
      const line = stack
        .logs()
        .split('\n')
        .filter((text) => text.includes('"msg":"interaction"'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((record) => record.requestId === requestId);
      if (line) return line;
      if (Date.now() > deadline) throw new Error(`no interaction line for ${requestId}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('keeps every label bounded: fresh users, texts and forged ids add no series', async () => {
    // The same routes twice, with nothing in common between the two rounds but their shape.
    const round = async (tag: string, userBase: number) => {
      const user = (n: number) => ({
        id: String(320_000_000_000_000_000n + BigInt(userBase + n)),
        username: `${tag}_${n}`,
      });
      const results = await Promise.all([
        stack.discord.slash({
          name: 'work',
          subcommand: 'search',
          options: { title: `${tag} 銀河 ${userBase}` },
          user: user(1),
        }),
        stack.discord.autocomplete({
          name: 'work',
          subcommand: 'info',
          options: { work: `${tag}銀` },
          focused: 'work',
          user: user(2),
        }),
        stack.discord.slash({ name: 'me', user: user(3) }),
        stack.discord.button({ customId: `${tag}:${tag}-action:${userBase}`, user: user(4) }),
        stack.discord.modal({
          customId: `${tag}x:${tag}:${userBase}`,
          fields: { [tag]: tag },
          user: user(5),
        }),
      ]);
      for (const result of results) await result.reply(TIMEOUT);
      return results.length;
    };
    const before = answered(await scrape());
    const first = await round('alpha', 100);
    const afterFirst = await scrapeWhen((s) => answered(s) >= before + first, 'the first round');
    const second = await round('omega', 900);
    const afterSecond = await scrapeWhen((s) => answered(s) >= before + first + second, 'the second round');

    // prom-client's process metrics are labelled by Node's own fixed sets (GC kinds, resource types).
    const ours = (samples: Sample[]) =>
      samples.filter((s) => !s.name.startsWith('kiroku_nodejs_') && !s.name.startsWith('kiroku_process_'));
    const known = seriesKeys(ours(afterFirst));
    const grown = [...seriesKeys(ours(afterSecond))].filter((key) => !known.has(key));
    expect(grown).toEqual([]);
    // Nor does any label anywhere carry an id or what a user typed.
    for (const sample of afterSecond)
      for (const [label, value] of Object.entries(sample.labels)) {
        expect(value, `${sample.name} ${label}`).not.toMatch(/\d{15,}|alpha|omega|銀/);
      }
  });
});
