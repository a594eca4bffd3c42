/**
 * What a job declares about itself. Each job is one module of `declared/` (`declared/feed.ts`,
 * `declared/digest.ts`, …) exporting one `defineJob({...})` over a worker from the job's capability
 * folder (`feed/`, `broadcasts/`, …; a small job keeps its worker beside it), and `list.ts` names them all:
 * `createJobs`, the `Jobs` type, the tickers, the per-owner BullMQ job and the store's registry of
 * collections are all derived from that list, so a new job is its module plus one line there.
 */

import type { StoredCollection } from '../store/collections.js';
import type { Subscription } from '../subscriptions/model.js';
import type { VerdictBoard } from '../verdicts/board.js';
import type { OwnerPrograms } from './broadcasts/owner-programs.js';
import type { FeedPace } from './feed/pace.js';
import type { JobsOptions, JobTiming } from './options.js';
import type { OwnerChanges } from './owners/changes.js';
import type { SharedJobParts } from './shared-parts.js';

/** What every job is built from. */
export interface JobContext {
  options: JobsOptions;
  /** The outbox, notices, membership gate, languages and subscriptions every subscription job shares. */
  shared: SharedJobParts['deps'];
  timing: JobTiming;
  /** Subscriptions made since (any process): marks polls and owner jobs read afresh. */
  changes: OwnerChanges;
  /** One copy of each owner's broadcast programs, for the alerts, the airing posts and the reminders. */
  programs: OwnerPrograms;
  /** Each feed owner's poll interval, learnt from its activity (feed/pace.ts). */
  pace: FeedPace;
  /** The server's verdicts on airing posts and alerts (with `verdicts` options): the airing jobs track, the refresh counts. */
  verdicts: VerdictBoard | undefined;
}

/** How a job steps in this process: jobs naming the same `ticker` share one, stepping in list order. */
export interface Cadence {
  /** The ticker's name (its log lines' `job`). */
  ticker: string;
  intervalMs(timing: JobTiming): number;
  /** Steps fall on the clock's multiples of the interval (:00 and :30), so an 08:00 digest posts at 08:00:00. */
  alignToClock?: boolean;
  /** It needs the store only: it runs whether or not the gateway is up. */
  withoutGateway?: boolean;
}

/** The job's share of an owner's BullMQ job (with Redis), instead of its ticker. */
export interface PerOwnerStep<Worker> {
  /** The owner's subscriptions this job steps (the others are not its own). */
  select(owned: readonly Subscription[]): Subscription[];
  step(worker: Worker, subscriptions: Subscription[]): Promise<unknown>;
}

export interface Job<Name extends string = string, Worker = unknown> {
  /** The job's name: its field of `Jobs`. */
  readonly name: Name;
  /** Builds the job's worker; `undefined` when the options leave the job out (no reminders given, …). */
  build(context: JobContext): Worker;
  /** When it steps in this process; none for the feed, whose driver brings its own ticker. */
  readonly cadence?: Cadence;
  /** One step of it on its ticker. */
  step?(worker: NonNullable<Worker>): Promise<unknown>;
  /** With Redis, its part of each owner's job (then it has no ticker of its own). */
  readonly perOwner?: PerOwnerStep<NonNullable<Worker>>;
  /** The store collections only this job writes (with their schemas and where a person's rows are). */
  readonly collections: readonly StoredCollection[];
}

/** Declares a job; the name's literal type becomes its field of `Jobs`. */
export function defineJob<const Name extends string, Worker>(job: Job<Name, Worker>): Job<Name, Worker> {
  return job;
}

/** A per-owner step's selection: the owner's subscriptions of one kind. */
export function ofKind(kind: Subscription['kind']): (owned: readonly Subscription[]) => Subscription[] {
  return (owned) => owned.filter((subscription) => subscription.kind === kind);
}
