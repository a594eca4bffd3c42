/**
 * How the feed's owners are polled, chosen once (`chooseFeedDriver`) from the policy (FEED_POLICY)
 * and whether Redis runs the per-owner BullMQ jobs:
 * - adaptive, in this process: `PacedPolling` polls each owner when its pace says it is due;
 * - round-robin, in this process: `FeedPoller.runCycle` polls every owner each interval;
 * - with the owner queue: each owner's job polls it (run/owner-queue.ts), next after the pace's
 *   delay (adaptive) or one interval (round-robin).
 * The pace (pace.ts) learns activity rates only under the adaptive policy.
 */
import type { FeedPace } from './pace.js';
import { PacedPolling, type PacedPollingOptions, type PacedTickReport } from './paced-polling.js';
import type { FeedPoller, FeedPollerDeps } from './poller.js';

export type FeedPolicy = 'adaptive' | 'round-robin';

/** What the feed's ticker needs beyond its name, readiness and logger (see run/ticker.ts). */
interface FeedTicker {
  intervalMs: number;
  step: () => Promise<unknown>;
  /** A step that polled nobody: logged at debug, so an idle bot's log is not a line a second. */
  isIdle?: (result: unknown) => boolean;
}

export interface FeedDriver {
  readonly policy: FeedPolicy;
  /** The feed's ticker in this process; none with the owner queue (each owner's job polls it). */
  ticker(): FeedTicker | undefined;
  /** With the owner queue: how long after a poll the owner's next one is due. */
  nextPollDelayMs(ownerId: string): number | Promise<number>;
  /** A new feed subscription: its owner is polled soon (with the owner queue, its job is brought forward too). */
  pollSoon(ownerId: string): void;
  /** Owners due and not yet taken, and the longest wait past a due time (in this process). */
  backlog(): { due: number; longestWaitMs: number };
}

/** The poller's hooks into the pace: under the adaptive policy, each poll teaches it the owner's rate. */
export function paceHooks(
  policy: FeedPolicy,
  pace: FeedPace,
): Pick<FeedPollerDeps, 'onPolled' | 'readsHistory'> {
  if (policy !== 'adaptive') return {};
  return { onPolled: pace.observe, readsHistory: (ownerId: string) => pace.readsHistory(ownerId) };
}

export interface FeedDriverParts extends Omit<PacedPollingOptions, 'poller' | 'pace'> {
  policy: FeedPolicy;
  /** True when the per-owner BullMQ jobs poll the owners. */
  queued: boolean;
  feedMs: number;
  pace: FeedPace;
  poller: FeedPoller;
}

const NO_BACKLOG = { due: 0, longestWaitMs: 0 };

/** The driver for this policy and deployment, and the paced polling (built under every driver, as tests drive it). */
export function chooseFeedDriver(parts: FeedDriverParts): { driver: FeedDriver; paced: PacedPolling } {
  const { policy, queued, feedMs, pace, poller, ...pacedOptions } = parts;
  const paced = new PacedPolling({ ...pacedOptions, poller, pace });
  const nextPollDelayMs = policy === 'adaptive' ? (ownerId: string) => pace.delayMs(ownerId) : () => feedMs;
  // The owner snapshot is dropped under every driver, so that the pace plans with the new owner.
  const pollSoon = (ownerId: string) => paced.pollSoon(ownerId);
  const common = { policy, nextPollDelayMs, pollSoon, backlog: () => NO_BACKLOG };
  if (queued) return { paced, driver: { ...common, ticker: () => undefined } };
  if (policy === 'round-robin') {
    return {
      paced,
      driver: { ...common, ticker: () => ({ intervalMs: feedMs, step: () => poller.runCycle() }) },
    };
  }
  const ticker = (): FeedTicker => ({
    // Due owners are looked for every 1/60 of the poll interval (1 s at the default 60 s): owners
    // that fall due between two looks wait for the next, and the budget idles meanwhile.
    intervalMs: Math.min(1_000, feedMs / 60),
    step: () => paced.tick(),
    isIdle: (report) => (report as PacedTickReport).polled === 0,
  });
  return { paced, driver: { ...common, ticker, backlog: () => paced.backlog() } };
}
