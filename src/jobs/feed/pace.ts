/**
 * The policy choosing how often each feed owner is polled. A post waits, on average, half its
 * owner's poll interval, so the expected delay over all activity, sum(rate_i / 2f_i), is smallest
 * under a fixed poll budget sum(f_i) = B when f_i grows as sqrt(rate_i) (Cho and Garcia-Molina's
 * square-root rule). kiroku uses a slightly flatter power, rate^0.4: it costs the mean delay well
 * under 1% (rates are estimates anyway, and a flatter rule suffers less from their errors) and cuts
 * the tail, the quieter active owners' posts, by about 6% at the 95th percentile. Two bounds keep it
 * fair: a floor, so that no owner waits longer than `maxGapCycles` round-robin cycles
 * (cycle = owners / B), and a cap of one poll per POLL_INTERVAL_SECONDS. The scale between them is
 * found by bisection so the total fits B.
 */
import type { Store } from '../../store/index.js';
import { estimatedRate, type FeedRate, FeedRates, type PollObservation, type RatePrior } from './rates.js';

export interface PlanInput {
  /** Estimated activity rates (per second), one per owner polled. */
  rates: readonly number[];
  /** Polls per second the budget leaves for the feed. */
  pollsPerS: number;
  /** Shortest interval between two polls of one owner (seconds). */
  minIntervalS: number;
  /** Longest interval, in round-robin cycles (default 4). */
  maxGapCycles?: number;
}

export interface PollPlan {
  /** Round-robin cycle: owners / polls per second. */
  cycleS: number;
  floorHz: number;
  capHz: number;
  /** f = clamp(scale × rate^RATE_EXPONENT, floorHz, capHz). */
  scale: number;
}

/** How poll frequency grows with the activity rate (0.5: the square-root rule; see above). */
const RATE_EXPONENT = 0.4;

/** rate^RATE_EXPONENT (0 for no activity). */
function weight(rate: number): number {
  return Math.max(0, rate) ** RATE_EXPONENT;
}

/** The poll frequency of an owner with `rate` under `plan`. */
export function pollFrequency(plan: PollPlan, rate: number): number {
  return Math.min(plan.capHz, Math.max(plan.floorHz, plan.scale * weight(rate)));
}

export function planPolls(input: PlanInput): PollPlan {
  const owners = input.rates.length;
  const cycleS = owners / input.pollsPerS;
  const capHz = 1 / input.minIntervalS;
  // Never slower than round-robin's own pace would allow once capped.
  const floorHz = Math.min(capHz, 1 / ((input.maxGapCycles ?? 4) * cycleS));
  const roots = input.rates.map(weight);
  const total = (scale: number) =>
    roots.reduce((sum, root) => sum + Math.min(capHz, Math.max(floorHz, scale * root)), 0);
  const smallest = Math.min(...roots.filter((root) => root > 0));
  if (owners === 0 || !Number.isFinite(smallest)) return { cycleS, floorHz, capHz, scale: 0 };
  // Past `hi` every owner is capped; the budget may then not be used up, which is fine.
  let lo = 0;
  let hi = capHz / smallest;
  if (total(hi) <= input.pollsPerS) return { cycleS, floorHz, capHz, scale: hi };
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if (total(mid) > input.pollsPerS) hi = mid;
    else lo = mid;
  }
  return { cycleS, floorHz, capHz, scale: lo };
}

export interface FeedPaceOptions {
  store: Store;
  /** The feed owners to plan for (this process's, or all of them with Redis). */
  owners: () => Promise<readonly string[]>;
  pollsPerS: number;
  minIntervalMs: number;
  now: () => Date;
  /** How often the plan is worked out again from every owner's rate (default 10 s). */
  replanMs?: number;
  /** Uniform in [0, 1): spreads owners polled for the first time together (default Math.random). */
  random?: () => number;
}

/** Prior and half-life in round-robin cycles, so they mean the same at any budget and size. */
const PRIOR_EVENTS = 0.1;
const PRIOR_CYCLES = 2;
const HALF_LIFE_CYCLES = 50;
/**
 * The promise is 4 cycles at most between two polls; the plan keeps half a cycle in hand, because
 * when the budget falls short of the plan (commands took more) every owner's poll runs late.
 */
const PLANNED_GAP_CYCLES = 3.5;

/** Each owner's poll interval from its rate (kept in the store) and the current plan. */
export class FeedPace {
  readonly #options: FeedPaceOptions;
  readonly #rates: FeedRates;
  readonly #known = new Map<string, FeedRate | undefined>();
  /** Owners just polled for the first time: their next interval starts at a random phase. */
  readonly #firstPolled = new Set<string>();
  #plan: PollPlan | undefined;
  #plannedAt = Number.NEGATIVE_INFINITY;

  constructor(options: FeedPaceOptions) {
    this.#options = options;
    this.#rates = new FeedRates(options.store);
  }

  /** The round-robin cycle of the last plan, in seconds (0 before any plan). */
  get cycleS(): number {
    return this.#plan?.cycleS ?? 0;
  }

  /** Reads the owners and their rates and works the plan out again, when it is due (or forced). */
  async replan(force = false): Promise<PollPlan> {
    const now = this.#options.now().getTime();
    if (this.#plan && !force && now - this.#plannedAt < (this.#options.replanMs ?? 10_000)) return this.#plan;
    const owners = await this.#options.owners();
    const unknown = owners.filter((owner) => !this.#known.has(owner));
    for (let start = 0; start < unknown.length; start += 500) {
      const batch = unknown.slice(start, start + 500);
      const records = await this.#rates.getMany(batch);
      for (const [i, owner] of batch.entries()) this.#known.set(owner, records[i]);
    }
    const current = new Set(owners);
    for (const owner of this.#known.keys()) if (!current.has(owner)) this.#known.delete(owner);
    const pollsPerS = this.#options.pollsPerS;
    const cycleS = Math.max(owners.length, 1) / pollsPerS;
    const prior = this.#prior(cycleS);
    this.#plan = planPolls({
      rates: owners.map((owner) => estimatedRate(this.#known.get(owner), prior)),
      pollsPerS,
      minIntervalS: this.#options.minIntervalMs / 1000,
      maxGapCycles: PLANNED_GAP_CYCLES,
    });
    this.#plannedAt = now;
    return this.#plan;
  }

  /** Milliseconds from one poll of the owner to its next. */
  intervalMs(ownerId: string): number {
    const plan = this.#plan;
    if (!plan) return this.#options.minIntervalMs;
    const rate = estimatedRate(this.#known.get(ownerId), this.#prior(plan.cycleS));
    return 1000 / pollFrequency(plan, rate);
  }

  /**
   * Milliseconds from the poll just made to the owner's next: the interval, except after an owner's
   * first poll, a random part of it. Owners first polled together (all of them, on the first start)
   * would otherwise stay in step, the quiet ones all falling due in the same few seconds every
   * `maxGapCycles` cycles and taking the budget from the busy ones then. Never shorter than the
   * poll interval (POLL_INTERVAL_SECONDS): a random phase must not poll an owner twice in a row.
   */
  nextDelayMs(ownerId: string): number {
    const intervalMs = this.intervalMs(ownerId);
    if (!this.#firstPolled.delete(ownerId)) return intervalMs;
    return Math.max(this.#options.minIntervalMs, intervalMs * (this.#options.random ?? Math.random)());
  }

  /**
   * Whether the owner's next poll should read a full page: its first (or its first since its rate
   * was forgotten), when the feed's recent past gives its rate. Owners not planned for yet count as new.
   */
  readsHistory(ownerId: string): boolean {
    return this.#known.get(ownerId) === undefined;
  }

  /** Whether the owner's last poll is at least POLL_INTERVAL_SECONDS ago (or unknown): it may be polled now. */
  mayPollNow(ownerId: string): boolean {
    const polledAt = Date.parse(this.#known.get(ownerId)?.polledAt ?? '');
    return !(this.#options.now().getTime() - polledAt < this.#options.minIntervalMs);
  }

  /** When the owner is next due (epoch ms): from its last poll, or now when never polled. */
  dueAt(ownerId: string): number {
    const polledAt = Date.parse(this.#known.get(ownerId)?.polledAt ?? '');
    return Number.isFinite(polledAt) ? polledAt + this.intervalMs(ownerId) : this.#options.now().getTime();
  }

  /** One poll's outcome (the poller's hook): stored, and used for the owner's next interval. */
  observe = async (ownerId: string, observation: PollObservation): Promise<void> => {
    // The half-life is in cycles: a job's first poll in this process may come before any plan.
    await this.replan();
    const halfLifeS = HALF_LIFE_CYCLES * Math.max(this.cycleS, this.#options.minIntervalMs / 1000);
    if (this.#known.get(ownerId) === undefined) this.#firstPolled.add(ownerId);
    const record = await this.#rates.observe(ownerId, observation, this.#options.now(), halfLifeS);
    this.#known.set(ownerId, record);
  };

  /** With Redis, a job's delay until its owner's next poll (the owner queue's hook). */
  delayMs = async (ownerId: string): Promise<number> => {
    await this.replan();
    return this.nextDelayMs(ownerId);
  };

  #prior(cycleS: number): RatePrior {
    return { events: PRIOR_EVENTS, exposureS: PRIOR_CYCLES * cycleS };
  }
}
