/**
 * Each owner's programs around now, fetched at most once per refresh interval and shared by every
 * job that needs them: the schedule's airing alerts and the channels that follow chosen works
 * (airing subscriptions) read the same copy, so following works costs no request of its own when
 * the owner already has alerts. Keyed by owner and the two filters the service applies.
 */
import type { Program } from '../../service/index.js';
import { ownerCallFailed, ownerToken } from '../owners/access.js';
import type { SubscriptionJobDeps } from '../owners/job-deps.js';
import { fetchPrograms } from './programs.js';

const MINUTE = 60_000;
export const DEFAULT_PROGRAMS_REFRESH_MS = 15 * MINUTE;
/**
 * How far back a fetch reaches: a program that started this recently is still announced (after
 * a restart or a slow tick); alerts skip what has started anyway.
 */
export const PROGRAMS_LOOKBACK_MS = 30 * MINUTE;

export interface ProgramFilters {
  rebroadcast: boolean;
  unwatched: boolean;
}

interface CachedPrograms {
  fetchedAt: number;
  /** Programs starting before this instant are known. */
  horizon: number;
  programs: Program[];
}

const keyOf = (ownerId: string, filters: ProgramFilters) =>
  `${ownerId}|${filters.rebroadcast}|${filters.unwatched}`;

export class OwnerPrograms {
  readonly #deps: SubscriptionJobDeps;
  readonly #refreshMs: number;
  readonly #cache = new Map<string, CachedPrograms>();
  #lastEviction = 0;
  /** Walks started since construction (reports and tests). */
  refreshes = 0;

  constructor(deps: SubscriptionJobDeps, refreshMs = DEFAULT_PROGRAMS_REFRESH_MS) {
    this.#deps = deps;
    this.#refreshMs = refreshMs;
  }

  /**
   * The owner's programs under these filters, known at least `leadMs` ahead of now; fetched only
   * when the copy is stale or too short. A copy without the rebroadcast filter serves a reader that
   * leaves rebroadcasts out (they are dropped here). Undefined when the owner cannot be asked now.
   */
  async get(ownerId: string, filters: ProgramFilters, leadMs: number): Promise<Program[] | undefined> {
    const now = this.#deps.now().getTime();
    this.#evictStale(now);
    const fresh = (entry: CachedPrograms | undefined) =>
      entry && now - entry.fetchedAt < this.#refreshMs && entry.horizon >= now + leadMs ? entry : undefined;
    const exact = this.#cache.get(keyOf(ownerId, filters));
    if (fresh(exact)) return exact?.programs;
    if (!filters.rebroadcast) {
      const wider = fresh(this.#cache.get(keyOf(ownerId, { ...filters, rebroadcast: true })));
      if (wider) return wider.programs.filter((program) => !program.is_rebroadcast);
    }
    const refreshed = await this.#refresh(ownerId, filters, now, leadMs);
    if (refreshed) this.#cache.set(keyOf(ownerId, filters), refreshed);
    return (refreshed ?? exact)?.programs;
  }

  /**
   * Whether the owner's programs hold an earlier first run (not a rebroadcast) of the program's
   * episode: one request, for the episode's work before the program's start. Undefined when the
   * owner cannot be asked now.
   */
  async earlierFirstRun(ownerId: string, program: Program): Promise<boolean | undefined> {
    const workId = program.work?.id;
    const start = program.started_at ? Date.parse(program.started_at) : Number.NaN;
    if (typeof workId !== 'number' || Number.isNaN(start)) return undefined;
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return undefined;
    try {
      const page = await this.#deps.service.myPrograms(
        {
          filter_work_ids: [workId],
          filter_started_at_lt: new Date(start),
          filter_rebroadcast: false,
          sort_started_at: 'desc',
          per_page: 50,
          fields: ['id', 'episode.id'],
        },
        { token: stored.token, priority: 'announcement' },
      );
      return page.items.some((earlier) => earlier.episode?.id === program.episode?.id);
    } catch (error) {
      await ownerCallFailed(this.#deps, ownerId, error, 'programs');
      return undefined;
    }
  }

  /**
   * Drops copies nobody read for two intervals (an owner who unsubscribed, filters changed): every
   * reader refreshes within one interval, so nothing in use goes. Runs at most once per interval.
   */
  #evictStale(now: number): void {
    if (now - this.#lastEviction < this.#refreshMs) return;
    this.#lastEviction = now;
    for (const [key, entry] of this.#cache) {
      if (now - entry.fetchedAt >= 2 * this.#refreshMs) this.#cache.delete(key);
    }
  }

  async #refresh(
    ownerId: string,
    filters: ProgramFilters,
    now: number,
    leadMs: number,
  ): Promise<CachedPrograms | undefined> {
    this.refreshes += 1;
    const stored = await ownerToken(this.#deps, ownerId);
    if (!stored) return undefined;
    // Past the next refresh, so each post's time is known a whole interval ahead.
    const horizon = now + leadMs + 2 * this.#refreshMs;
    try {
      const programs = await fetchPrograms(this.#deps.service, stored.token, {
        from: new Date(now - PROGRAMS_LOOKBACK_MS),
        to: new Date(horizon),
        ...filters,
      });
      return { fetchedAt: now, horizon, programs };
    } catch (error) {
      await ownerCallFailed(this.#deps, ownerId, error, 'programs');
      return undefined;
    }
  }
}
