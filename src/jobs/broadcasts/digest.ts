import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import pLimit from 'p-limit';
/**
 * The daily digest of each schedule subscription, at its HH:MM in its IANA zone.
 *
 * - The programs are fetched ahead (the prefetch window before the fire), so that many digests
 *   due at the same minute post on time without waiting for the request budget; the owners'
 *   membership checks are made in the same window, so the posts ask Discord nothing else.
 * - After downtime, a fire missed by at most the catch-up window is still posted.
 * - A local date is posted at most once per subscription: the last posted date is persisted, and
 *   the outbox key `digest:<subscription>:<date>` makes the post itself exactly-once.
 */
import { z } from 'zod';
import { growingLru } from '../../lib/growing-lru.js';
import type { Program } from '../../service/index.js';
import type { Collection, Store } from '../../store/index.js';
import type { ScheduleSettings, Subscription } from '../../subscriptions/model.js';
import { ownerCallFailed, ownerToken } from '../owners/access.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { ChecksAhead, type UpcomingPost } from '../posting/checks-ahead.js';
import { DEFAULT_POST_LANGUAGES } from '../posting/post-language.js';
import { type DailyFire, type DailySchedule, dailySchedule } from './daily-time.js';
import { digestMessage } from './digest-message.js';
import { fetchPrograms } from './programs.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Subscriptions looked at between two yields to the event loop in a tick. */
const YIELD_EVERY = 64;
export const DIGEST_STATE_COLLECTION = 'digest-state';
export const DEFAULT_PREFETCH_MS = 10 * MINUTE;
export const DEFAULT_CATCH_UP_MS = 6 * HOUR;
/** A digest covers this long from its fire instant. */
export const DIGEST_SPAN_MS = 24 * HOUR;

export const digestStateSchema = z.object({
  /** The last local date (YYYY-MM-DD in the subscription's zone) whose digest was posted. */
  lastDate: z.string(),
  postedAt: z.string(),
});
type DigestState = z.infer<typeof digestStateSchema>;

export interface DailyDigestDeps extends SubscriptionJobDeps {
  store: Store;
  /** How long before the fire the programs are fetched (default 10 min). */
  prefetchMs?: number;
  /** How late a missed digest is still posted (default 6 h). */
  catchUpMs?: number;
  /** Digests posted at the same time (default 8). */
  concurrency?: number;
}

export interface DigestTickReport {
  /** Active schedule subscriptions looked at. */
  subscriptions: number;
  /** Digests due in this tick. */
  due: number;
  posted: number;
  skippedDuplicates: number;
  /** Due digests whose programs had to be fetched at posting time (no prefetch). */
  fetchedOnDemand: number;
  /** Prefetches started in this tick. */
  prefetchStarted: number;
  /** Due digests left for a later tick (transient failure). */
  retryLater: number;
}

/** A tick that has done nothing yet: every count at zero. */
export function emptyDigestReport(): DigestTickReport {
  return {
    subscriptions: 0,
    due: 0,
    posted: 0,
    skippedDuplicates: 0,
    fetchedOnDemand: 0,
    prefetchStarted: 0,
    retryLater: 0,
  };
}

type Prefetched = Program[] | { error: unknown };

function prefetchKey(ownerId: string, fireAt: Date, settings: ScheduleSettings): string {
  return `${ownerId}|${fireAt.toISOString()}|${settings.rebroadcast}|${settings.unwatched}`;
}

export class DailyDigest {
  readonly #deps: DailyDigestDeps;
  readonly #states: Collection<DigestState>;
  readonly #prefetchMs: number;
  readonly #catchUpMs: number;
  /** By time and zone; bounded, so odd spellings stored long ago cannot grow it without end. */
  readonly #schedules = growingLru<string, { schedule: DailySchedule | null }>(4096);
  /** Prefetched programs by owner + fire + options (shared by an owner's subscriptions). */
  readonly #prefetched = new Map<string, { fireAt: number; result: Promise<Prefetched> }>();
  /** The owners' checks, made in the prefetch window so that they still hold through it after the fire. */
  readonly #checks: ChecksAhead;

  constructor(deps: DailyDigestDeps) {
    this.#deps = deps;
    this.#states = deps.store.collection(DIGEST_STATE_COLLECTION, digestStateSchema);
    this.#prefetchMs = deps.prefetchMs ?? DEFAULT_PREFETCH_MS;
    this.#catchUpMs = deps.catchUpMs ?? DEFAULT_CATCH_UP_MS;
    this.#checks = new ChecksAhead(deps.membership, this.#prefetchMs);
  }

  /** The croner schedule of a subscription, or null (logged once) when its time or zone is invalid. */
  #scheduleOf(settings: ScheduleSettings): DailySchedule | null {
    const key = `${settings.time}|${settings.timezone}`;
    const cached = this.#schedules.get(key);
    if (cached) return cached.schedule;
    let schedule: DailySchedule | null;
    try {
      schedule = dailySchedule(settings.time, settings.timezone);
    } catch (error) {
      this.#deps.logger.error({ err: error, key }, 'digest: invalid time or time zone');
      schedule = null;
    }
    this.#schedules.set(key, { schedule });
    return schedule;
  }

  /**
   * Posts the digests that are due, and starts the prefetches of those coming up: of every
   * subscription, or of `only` these (one owner's, in the per-owner job of a scaled-out deployment).
   */
  async tick(only?: readonly Subscription[]): Promise<DigestTickReport> {
    const now = this.#deps.now();
    const report = emptyDigestReport();
    const isDigest = (s: Subscription) =>
      s.kind === 'schedule' && s.state === 'active' && s.schedule !== undefined;
    const active = only ? only.filter(isDigest) : await this.#deps.subscriptions.all(isDigest);
    report.subscriptions = active.length;
    const due: Array<{ subscription: Subscription; settings: ScheduleSettings; fire: DailyFire }> = [];
    const upcoming: UpcomingPost[] = [];
    for (const [index, subscription] of active.entries()) {
      // Thousands of subscriptions must not hold up interactions for the length of this loop.
      if (index % YIELD_EVERY === YIELD_EVERY - 1) await yieldToEventLoop();
      const settings = subscription.schedule as ScheduleSettings;
      const schedule = this.#scheduleOf(settings);
      if (!schedule) continue;
      const previous = schedule.previous(now);
      if (previous && (await this.#isDue(subscription, previous, now))) {
        due.push({ subscription, settings, fire: previous });
      }
      const next = schedule.next(now);
      if (next && next.at.getTime() - now.getTime() <= this.#prefetchMs) {
        if (this.#startPrefetch(subscription.ownerId, settings, next)) report.prefetchStarted += 1;
        upcoming.push({ subscription, fireAt: next.at.getTime() });
      }
    }
    this.#checks.start(upcoming);
    report.due = due.length;
    await pLimit(this.#deps.concurrency ?? 8).map(due, async ({ subscription, settings, fire }) => {
      try {
        await this.#post(subscription, settings, fire, report);
      } catch (error) {
        report.retryLater += 1;
        this.#deps.logger.error({ err: error, subscriptionId: subscription.id }, 'digest: posting failed');
      }
    });
    this.#evict(now);
    return report;
  }

  /** Waits for every prefetch and membership check in flight (tests; shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.#prefetched.values()].map((entry) => entry.result));
    await this.#checks.drain();
  }

  async #isDue(subscription: Subscription, fire: DailyFire, now: Date): Promise<boolean> {
    const late = now.getTime() - fire.at.getTime();
    if (late > this.#catchUpMs) return false;
    // A subscription made after today's time starts tomorrow.
    if (fire.at.getTime() < Date.parse(subscription.createdAt)) return false;
    const state = await this.#states.get(subscription.id);
    return !state || state.lastDate < fire.localDate;
  }

  /** Starts fetching the programs of an upcoming fire; false when already started. */
  #startPrefetch(ownerId: string, settings: ScheduleSettings, fire: DailyFire): boolean {
    const key = prefetchKey(ownerId, fire.at, settings);
    if (this.#prefetched.has(key)) return false;
    const result = this.#fetch(ownerId, settings, fire.at).then(
      (programs): Prefetched => programs ?? { error: 'no token' },
      (error: unknown): Prefetched => ({ error }),
    );
    this.#prefetched.set(key, { fireAt: fire.at.getTime(), result });
    return true;
  }

  /** The programs of [from, fire + 24 h), or undefined without a usable token. Throws service errors. */
  async #fetch(
    ownerId: string,
    settings: ScheduleSettings,
    fireAt: Date,
    from = fireAt,
  ): Promise<Program[] | undefined> {
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return undefined;
    try {
      return await fetchPrograms(this.#deps.service, stored.token, {
        from,
        to: new Date(fireAt.getTime() + DIGEST_SPAN_MS),
        rebroadcast: settings.rebroadcast,
        unwatched: settings.unwatched,
      });
    } catch (error) {
      await ownerCallFailed(this.#deps, ownerId, error, 'digest');
      throw error;
    }
  }

  async #programsFor(
    subscription: Subscription,
    settings: ScheduleSettings,
    fire: DailyFire,
    report: DigestTickReport,
  ): Promise<Program[] | undefined> {
    const prefetched = this.#prefetched.get(prefetchKey(subscription.ownerId, fire.at, settings));
    if (prefetched) {
      const result = await prefetched.result;
      if (Array.isArray(result)) return result;
      this.#prefetched.delete(prefetchKey(subscription.ownerId, fire.at, settings));
    }
    report.fetchedOnDemand += 1;
    const now = this.#deps.now();
    // Late (catch-up): list what is still to come rather than what already aired.
    const from = now.getTime() > fire.at.getTime() ? now : fire.at;
    try {
      return await this.#fetch(subscription.ownerId, settings, fire.at, from);
    } catch {
      return undefined;
    }
  }

  async #post(
    subscription: Subscription,
    settings: ScheduleSettings,
    fire: DailyFire,
    report: DigestTickReport,
  ): Promise<void> {
    const programs = await this.#programsFor(subscription, settings, fire, report);
    if (!programs) {
      report.retryLater += 1;
      return;
    }
    // The owner may have been paused while the programs were fetched.
    const current = await this.#deps.subscriptions.get(subscription.id);
    if (current?.state !== 'active') return;
    const { membership } = this.#deps;
    if (membership && !(await membership.allows(subscription))) return;
    const owner = await this.#ownerName(subscription.ownerId);
    const result = await this.#deps.outbox.deliver(
      subscription.channelId,
      `digest:${subscription.id}:${fire.localDate}`,
      () =>
        digestMessage(
          programs,
          {
            localDate: fire.localDate,
            timezone: settings.timezone,
            at: fire.at,
            locale: subscription.language,
            broadcastDayStart: this.#deps.broadcastDayStart,
            ...(owner ? { owner } : {}),
          },
          (this.#deps.languages ?? DEFAULT_POST_LANGUAGES).post(subscription),
        ),
    );
    if (result.status === 'failed') {
      if (result.reason === 'failed') report.retryLater += 1;
      else await this.#deps.notices.disableChannel(subscription.channelId, result.reason);
      return;
    }
    if (result.status === 'posted') report.posted += 1;
    else if (result.status === 'duplicate') report.skippedDuplicates += 1;
    await this.#states.set(subscription.id, {
      lastDate: fire.localDate,
      postedAt: this.#deps.now().toISOString(),
    });
  }

  /** The owner's name on the service, for the digest's title; none when the token cannot be read. */
  async #ownerName(ownerId: string): Promise<string | undefined> {
    try {
      return (await this.#deps.vault.get(ownerId))?.serviceUsername;
    } catch {
      return undefined;
    }
  }

  #evict(now: Date): void {
    const before = now.getTime() - this.#catchUpMs;
    for (const [key, entry] of this.#prefetched) if (entry.fireAt < before) this.#prefetched.delete(key);
    this.#checks.evict(before);
  }
}
