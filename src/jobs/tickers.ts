/**
 * The tickers, derived from the jobs' declarations: the jobs naming one ticker share it and step in
 * the list's order. With the owner queue, the jobs that have a per-owner step run in each owner's
 * BullMQ job instead, and one ticker reconciles the queue.
 */
import type { Logger } from '../logger.js';
import type { FeedDriver } from './feed/drivers.js';
import type { Cadence, Job } from './job.js';
import type { JobTiming } from './options.js';
import type { OwnerQueue } from './run/owner-queue.js';
import { Ticker } from './run/ticker.js';

/** A job with the worker it was built into (`undefined`: left out by the options). */
export interface BuiltJob {
  job: Job;
  worker: unknown;
}

export interface TickerParts {
  built: readonly BuiltJob[];
  feedDriver: FeedDriver;
  owners: OwnerQueue | undefined;
  timing: JobTiming;
  isReady: () => boolean;
  logger: Logger;
}

export function jobTickers(parts: TickerParts): Ticker[] {
  const { isReady, logger, owners } = parts;
  const tickers: Ticker[] = [];
  const feed = parts.feedDriver.ticker();
  if (feed) tickers.push(new Ticker({ name: 'feed', ...feed, isReady, logger }));
  if (owners) {
    owners
      .start(isReady)
      .catch((error: unknown) => logger.error({ err: error }, 'owner queue: start failed'));
    // Owners whose subscriptions were made elsewhere (another host) or resumed get their job.
    const step = () => owners.reconcile();
    tickers.push(new Ticker({ name: 'owners', intervalMs: parts.timing.feedMs, isReady, step, logger }));
  }
  for (const [name, group] of tickerGroups(parts.built, owners !== undefined)) {
    const { cadence, steps } = group;
    tickers.push(
      new Ticker({
        name,
        intervalMs: cadence.intervalMs(parts.timing),
        ...(cadence.alignToClock ? { alignToClock: true } : {}),
        isReady: cadence.withoutGateway ? () => true : isReady,
        step: async () => {
          const results: unknown[] = [];
          for (const step of steps) results.push(await step());
          return results;
        },
        logger,
      }),
    );
  }
  return tickers;
}

/** The jobs' steps by ticker, in list order; those the owner queue runs are left out when it does. */
function tickerGroups(built: readonly BuiltJob[], queued: boolean) {
  const groups = new Map<string, { cadence: Cadence; steps: Array<() => Promise<unknown>> }>();
  for (const { job, worker } of built) {
    const { cadence, step } = job;
    if (!cadence || !step || worker === undefined || worker === null) continue;
    if (queued && job.perOwner) continue;
    const group = groups.get(cadence.ticker) ?? { cadence, steps: [] };
    group.steps.push(() => step(worker));
    groups.set(cadence.ticker, group);
  }
  return groups;
}
