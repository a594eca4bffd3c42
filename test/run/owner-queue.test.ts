import { afterEach, expect, it } from 'vitest';
import { emptyAlertReport } from '#src/jobs/broadcasts/alerts.js';
import { emptyDigestReport } from '#src/jobs/broadcasts/digest.js';
import { type CycleReport, emptyCycleReport } from '#src/jobs/feed/poller.js';
import { ofKind } from '#src/jobs/job.js';
import { enqueueOwnerJobs, OwnerQueue } from '#src/jobs/run/owner-queue.js';
import type { Subscription } from '#src/subscriptions/model.js';
import { captureLogger } from '../support/log-capture.js';
import { feedSubscription as feedFixture } from '../support/subscriptions.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';

const title = 'per-owner jobs over a real redis-server';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const feedSubscription = (ownerId: string, index: number): Subscription =>
  feedFixture({ ownerId, id: `sub${String(index).padStart(4, '0')}`, channelId: `c${index}` });

const cycleReport = (): CycleReport => ({ ...emptyCycleReport(), owners: 1, requests: 1 });
const digestReport = emptyDigestReport;
const alertReport = emptyAlertReport;

/** Several "processes" (OwnerQueues) over one Redis, with a feed poller that records who polled whom. */
function world(redisUrl: string, subscriptions: Subscription[], feedDelayMs?: () => number) {
  const polls: Array<{ process: number; ownerId: string }> = [];
  const running = new Set<string>();
  const overlaps: string[] = [];
  const queues: OwnerQueue[] = [];
  const { logger } = captureLogger('warn');
  const open = (process: number) => {
    const queue = new OwnerQueue({
      redisUrl,
      subscriptions: {
        all: async (filter = () => true) => subscriptions.filter(filter),
        // A new mark at every look: the tests change this array behind the snapshot's back.
        version: async () => String(Math.random()),
      },
      feed: {
        async pollOwned(ownerId) {
          if (running.has(ownerId)) overlaps.push(ownerId);
          running.add(ownerId);
          polls.push({ process, ownerId });
          await sleep(30);
          running.delete(ownerId);
          return cycleReport();
        },
      },
      steps: [
        { select: ofKind('schedule'), step: async () => digestReport() },
        { select: ofKind('schedule'), step: async () => alertReport() },
      ],
      logger,
      feedMs: 500,
      lockMs: 1_000,
      ...(feedDelayMs ? { feedDelayMs } : {}),
    });
    queues.push(queue);
    return queue;
  };
  return { polls, overlaps, queues, open };
}

describeWithRedis(title, () => {
  const redis = useRedis();
  let queues: OwnerQueue[] = [];

  afterEach(async () => {
    for (const queue of queues) await queue.stop();
    queues = [];
  });

  it('runs each owner’s poll in one process at a time, the owners shared between processes', async () => {
    const owners = Array.from({ length: 12 }, (_, i) => `4000000000000000${String(i).padStart(2, '0')}`);
    const subscriptions = owners.flatMap((owner, i) => [
      feedSubscription(owner, 2 * i),
      feedSubscription(owner, 2 * i + 1),
    ]);
    const w = world(redis().url, subscriptions);
    queues = w.queues;
    const [a, b] = [w.open(0), w.open(1)];
    await a.start(() => true);
    await b.start(() => true);
    // Both reconcile (as every process does): one job per owner all the same.
    expect(await a.reconcile()).toBe(owners.length);
    expect(await b.reconcile()).toBe(owners.length);
    const pollsOf = (owner: string) => w.polls.filter((p) => p.ownerId === owner).length;
    for (let i = 0; i < 200 && owners.some((owner) => pollsOf(owner) < 3); i++) await sleep(50);
    for (const owner of owners) expect(pollsOf(owner)).toBeGreaterThanOrEqual(3);
    // One poll per owner however many subscriptions it has, never two at once.
    expect(w.overlaps).toEqual([]);
    expect(new Set(w.polls.map((p) => p.process))).toEqual(new Set([0, 1]));
  }, 30_000);

  it('drops an owner’s job when it has no subscription left, and a new one brings it back', async () => {
    const subscriptions: Subscription[] = [];
    const w = world(redis().url, subscriptions);
    queues = w.queues;
    const queue = w.open(0);
    await queue.start(() => true);
    const owner = '400000000000000099';
    await queue.enqueue(owner);
    await sleep(300);
    expect(w.polls).toEqual([]);
    subscriptions.push(feedSubscription(owner, 99));
    await queue.enqueue(owner);
    for (let i = 0; i < 100 && w.polls.length === 0; i++) await sleep(20);
    expect(w.polls).toEqual([{ process: 0, ownerId: owner }]);
  }, 15_000);

  it('polls an owner soon after a new subscription, even when its job waits out a long interval', async () => {
    const owner = '400000000000000055';
    const subscriptions = [feedSubscription(owner, 55)];
    // A quiet owner's pace: a minute between polls.
    const w = world(redis().url, subscriptions, () => 60_000);
    queues = w.queues;
    const queue = w.open(0);
    await queue.start(() => true);
    await queue.enqueue(owner);
    for (let i = 0; i < 100 && w.polls.length === 0; i++) await sleep(20);
    expect(w.polls).toHaveLength(1);
    await sleep(300);
    expect(w.polls).toHaveLength(1);
    subscriptions.push(feedSubscription(owner, 56));
    await queue.enqueue(owner);
    for (let i = 0; i < 100 && w.polls.length === 1; i++) await sleep(20);
    expect(w.polls).toHaveLength(2);
  }, 15_000);

  it('makes owners due now from outside any worker, bringing waiting jobs forward (the bench’s cycles)', async () => {
    const owner = '400000000000000066';
    const w = world(redis().url, [feedSubscription(owner, 66)], () => 60_000);
    queues = w.queues;
    const queue = w.open(0);
    await queue.start(() => true);
    await enqueueOwnerJobs(redis().url, [owner]);
    for (let i = 0; i < 100 && w.polls.length === 0; i++) await sleep(20);
    expect(w.polls).toHaveLength(1);
    // Done and waiting out its minute.
    await sleep(300);
    await enqueueOwnerJobs(redis().url, [owner]);
    for (let i = 0; i < 100 && w.polls.length === 1; i++) await sleep(20);
    expect(w.polls).toHaveLength(2);
  }, 15_000);

  it('counts the owner jobs due and waiting for a worker (the backlog gauge)', async () => {
    const owners = Array.from({ length: 5 }, (_, i) => `40000000000000011${i}`);
    const subscriptions = owners.map((owner, i) => feedSubscription(owner, 110 + i));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let polled = 0;
    const queue = new OwnerQueue({
      // A database of its own: the other tests' owners fall due in the shared queue meanwhile.
      redisUrl: `${redis().url}/7`,
      subscriptions: {
        all: async (filter = () => true) => subscriptions.filter(filter),
        version: async () => '1',
      },
      feed: {
        async pollOwned() {
          await gate;
          polled += 1;
          return cycleReport();
        },
      },
      steps: [
        { select: ofKind('schedule'), step: async () => digestReport() },
        { select: ofKind('schedule'), step: async () => alertReport() },
      ],
      logger: captureLogger('warn').logger,
      feedMs: 60_000,
      lockMs: 5_000,
      concurrency: 1,
    });
    queues = [queue];
    expect(await queue.waitingJobs()).toBe(0);
    await queue.start(() => true);
    await queue.reconcile();
    // One worker slot, held by the first owner: the other four wait.
    let waiting = -1;
    try {
      for (let i = 0; i < 100 && waiting !== owners.length - 1; i++) {
        waiting = await queue.waitingJobs();
        if (waiting !== owners.length - 1) await sleep(20);
      }
    } finally {
      release();
    }
    expect(waiting).toBe(owners.length - 1);
    for (let i = 0; i < 150 && polled < owners.length; i++) await sleep(20);
    expect(polled).toBe(owners.length);
    // Polled and put back to wait out their interval: delayed, not waiting.
    expect(await queue.waitingJobs()).toBe(0);
  }, 15_000);

  it('waits while the gateway is down and polls once it is back', async () => {
    const owner = '400000000000000077';
    const w = world(redis().url, [feedSubscription(owner, 77)]);
    queues = w.queues;
    const queue = w.open(0);
    let ready = false;
    await queue.start(() => ready);
    await queue.reconcile();
    await sleep(400);
    expect(w.polls).toEqual([]);
    ready = true;
    for (let i = 0; i < 150 && w.polls.length === 0; i++) await sleep(20);
    expect(w.polls.map((p) => p.ownerId)).toEqual([owner]);
  }, 15_000);
});
