/**
 * Part of the fair_share scenario: what a flooder gets ahead of the others with two
 * processes on one Redis, against one process. Each "process" is what a kiroku process holds: its own
 * Redis connection, request budget (the pace shared through Redis) and service client. In each, the
 * feed keeps a backlog of polls waiting (four at a time, as FEED_CONCURRENCY has it), so a call beyond
 * the flooder's share waits behind them and is refused after the reply window. The flooder sends three
 * title searches a second, alternately to each process. Counted: his searches that reached the service.
 *
 * The share is its burst here (8 requests per 80 s), as when many people use the bot. The same phase
 * with each process counting on its own (no Redis count) shows what the count in Redis prevents.
 */

import { createLogger } from '#src/logger.js';
import {
  createRequestBudget,
  DEFAULT_PERSON_SHARE,
  openSharedBudgetLimiter,
  type RequestBudget,
  ServiceClient,
  type SharedBudgetLimiter,
} from '#src/service/index.js';
import { DEMO_TOKENS } from '../../test/fakes/emulator/seed.js';
import { startEmulator } from '../../test/fakes/emulator/server.js';
import { redisServerAvailable, startRedisServer } from '../../test/support/redis-server.js';
import { createLogSink } from '../log-sink.js';
import { sleep } from '../stats.js';

const FLOOD_PER_SECOND = 3;
const POLLS_WAITING = 4;

export interface ShareProcesses {
  /** His searches that reached the service with one process. */
  oneProcess: number;
  /** The same with two processes counting his share in Redis. */
  twoProcesses: number;
  /** Two processes each counting on its own. */
  twoCountingAlone: number;
  floodSent: number;
  windowMs: number;
}

interface Process {
  budget: RequestBudget;
  client: ServiceClient;
  shared: SharedBudgetLimiter;
}

async function openProcess(redisUrl: string, serviceUrl: string, countInRedis: boolean): Promise<Process> {
  const logger = createLogger('warn', createLogSink().stream);
  const shared = await openSharedBudgetLimiter(redisUrl, { logger });
  if (!shared) throw new Error('expected Redis');
  const budget = createRequestBudget({
    logger,
    limiter: shared.limiter,
    feedFloor: 0.25,
    personShare: DEFAULT_PERSON_SHARE,
    sharePeoplePerSecond: 0,
    ...(countInRedis ? { shareCounter: shared.shareCounter(DEFAULT_PERSON_SHARE.windowSeconds) } : {}),
  });
  const client = new ServiceClient({ baseUrl: serviceUrl, budget, logger });
  return { budget, client, shared };
}

/** One phase: the flooder against `processes` processes with a feed backlog each; his searches answered. */
async function phase(
  redisUrl: string,
  serviceUrl: string,
  options: { processes: number; countInRedis: boolean; windowMs: number; flooder: string },
): Promise<{ answered: number; sent: number }> {
  const processes = await Promise.all(
    Array.from({ length: options.processes }, () => openProcess(redisUrl, serviceUrl, options.countInRedis)),
  );
  let running = true;
  const poll = async ({ client }: Process) => {
    while (running)
      await client
        .works({ per_page: 1 }, { token: DEMO_TOKENS.carol, priority: 'poll' })
        .catch(() => undefined);
  };
  const feeds = processes.flatMap((process) => Array.from({ length: POLLS_WAITING }, () => poll(process)));
  await sleep(1_000);
  const searches: Promise<boolean>[] = [];
  const began = performance.now();
  for (let i = 0; performance.now() - began < options.windowMs; i++) {
    const { client } = processes[i % processes.length] ?? (processes[0] as Process);
    const call = { token: DEMO_TOKENS.carol, priority: 'interactive' as const, person: options.flooder };
    searches.push(
      client.works({ filter_title: `flood-${i}`, per_page: 1 }, call).then(
        () => true,
        () => false,
      ),
    );
    await sleep(Math.max(0, began + ((i + 1) * 1000) / FLOOD_PER_SECOND - performance.now()));
  }
  const outcomes = await Promise.all(searches);
  running = false;
  for (const { budget } of processes) budget.close();
  await Promise.all(feeds);
  await Promise.all(
    processes.map(async ({ client, shared }) => Promise.all([client.close(), shared.close()])),
  );
  return { answered: outcomes.filter(Boolean).length, sent: outcomes.length };
}

/** The three phases on a throwaway redis-server; undefined where redis-server is not installed. */
export async function shareProcesses(windowMs: number): Promise<ShareProcesses | undefined> {
  if (!redisServerAvailable()) return undefined;
  const redis = await startRedisServer();
  const emulator = await startEmulator({ seed: 'demo', rateLimit: true });
  try {
    const run = (processes: number, countInRedis: boolean, flooder: string) =>
      phase(redis.url, emulator.url, { processes, countInRedis, windowMs, flooder });
    const one = await run(1, true, 'flooder-one-process');
    const two = await run(2, true, 'flooder-two-processes');
    const alone = await run(2, false, 'flooder-counting-alone');
    return {
      oneProcess: one.answered,
      twoProcesses: two.answered,
      twoCountingAlone: alone.answered,
      floodSent: two.sent,
      windowMs,
    };
  } finally {
    await emulator.close();
    await redis.stop();
  }
}
