/**
 * With Redis, the weekly summaries run inside each owner's BullMQ job (as the digests do): an owner
 * with only weekly subscriptions has its job, its summaries are stepped with exactly its weekly
 * subscriptions, and never by two processes at once.
 */
import { afterEach, expect, it } from 'vitest';
import { ofKind } from '#src/jobs/job.js';
import { OwnerQueue } from '#src/jobs/run/owner-queue.js';
import { emptyWeeklyReport } from '#src/jobs/weekly/weekly-summaries.js';
import type { Subscription } from '#src/subscriptions/model.js';
import { captureLogger } from '../support/log-capture.js';
import { weeklySubscription } from '../support/subscriptions.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const weekly = (ownerId: string, index: number): Subscription =>
  weeklySubscription({ ownerId, id: `wk${String(index).padStart(4, '0')}`, channelId: `c${index}` });

describeWithRedis('weekly summaries in the owner queue over a real redis-server', () => {
  const redis = useRedis();
  let queues: OwnerQueue[] = [];
  afterEach(async () => {
    for (const queue of queues) await queue.stop();
    queues = [];
  });

  it('steps each owner’s weekly subscriptions in one process at a time', async () => {
    const owners = Array.from({ length: 6 }, (_, i) => `4100000000000000${String(i).padStart(2, '0')}`);
    const subscriptions = owners.flatMap((owner, i) => [weekly(owner, 2 * i), weekly(owner, 2 * i + 1)]);
    const steps: Array<{ process: number; ids: string[] }> = [];
    const running = new Set<string>();
    const overlaps: string[] = [];
    const { logger } = captureLogger('warn');
    const open = (process: number) =>
      new OwnerQueue({
        redisUrl: redis().url,
        subscriptions: {
          all: async (filter = () => true) => subscriptions.filter(filter),
          version: async () => 'one',
        },
        feed: { pollOwned: async () => Promise.reject(new Error('no feed subscriptions here')) },
        steps: [
          {
            select: ofKind('schedule'),
            step: async () => Promise.reject(new Error('no schedule subscriptions here')),
          },
          {
            select: ofKind('weekly'),
            async step(only) {
              const owner = only[0]?.ownerId ?? '';
              if (running.has(owner)) overlaps.push(owner);
              running.add(owner);
              steps.push({ process, ids: only.map((s) => s.id) });
              await sleep(20);
              running.delete(owner);
              return emptyWeeklyReport();
            },
          },
        ],
        logger,
        feedMs: 500,
        scheduleMs: 200,
        lockMs: 1_000,
      });
    queues = [open(0), open(1)];
    for (const queue of queues) await queue.start(() => true);
    expect(await queues[0]?.reconcile()).toBe(owners.length);
    const stepsOf = (owner: string) =>
      steps.filter(
        (s) => s.ids[0]?.startsWith('wk') && subscriptions.find((x) => x.id === s.ids[0])?.ownerId === owner,
      ).length;
    for (let i = 0; i < 200 && owners.some((owner) => stepsOf(owner) < 2); i++) await sleep(50);
    for (const owner of owners) expect(stepsOf(owner)).toBeGreaterThanOrEqual(2);
    // Each step sees exactly one owner's two weekly subscriptions.
    for (const step of steps) expect(step.ids).toHaveLength(2);
    expect(overlaps).toEqual([]);
  }, 30_000);
});
