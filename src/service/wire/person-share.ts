/**
 * Each person's share of the request budget: an account of the requests made for them over a window,
 * never a quota. The budget (budget.ts, turns.ts) reads it only while other calls wait: a call within
 * the person's share goes ahead of the feed's polls, one beyond it waits behind every other waiting
 * call, and people are served in order of the share they have left. On an idle budget nothing here
 * holds a call back.
 *
 * The share is an equal part of what the budget gives people (its rate less the feed's floor), split
 * among the people who used the bot in the last window, and never less than `burst`: alone, a person
 * may use the whole of it; among 100 people, a person who asks for more than a hundredth waits for it.
 *
 * The counts live in a ShareCounter: in this process's memory, or in Redis (redis-share.ts) so that
 * every process of a deployment counts one use per person. Each count is a fixed window that starts
 * at the person's first request, as rate-limiter-flexible counts. What a counter answered is kept here
 * too, so that ranking the waiting calls never waits for Redis.
 */

export interface PersonShareSettings {
  /** Requests per window a person may always make ahead of the feed, however many people use the bot. */
  burst: number;
  /** The window a person's requests are counted over (seconds, from their first request in it). */
  windowSeconds: number;
}

/**
 * At least 8 requests per 80 s, and an equal part when fewer people use the bot. 8 covers a newcomer's
 * first minute as the README walks it (a title search, the token check of linking, then a record: 6
 * requests); 80 s keeps a script at full allowance near one request per 10 s while many people use the
 * bot (the rate the fair_share bench was tuned on).
 */
export const DEFAULT_PERSON_SHARE: PersonShareSettings = { burst: 8, windowSeconds: 80 };

/** A person's requests in their current window, as a counter answered. */
export interface ShareCount {
  used: number;
  /** When the window ends (epoch ms): the count then starts again from 0. */
  resetAt: number;
}

/**
 * Where the counts live. `add` counts `points` (1, or -1 to give one back) for a person and answers
 * the count; an answer may come later (Redis).
 */
export interface ShareCounter {
  add(person: string, points: number): ShareCount | Promise<ShareCount>;
  close?(): Promise<void>;
}

/** People tracked at once; the one idle longest is forgotten first (a forgotten person starts at 0). */
const MAX_PEOPLE = 10_000;
/** How long the count of people using the bot is reused before it is counted again. */
const PEOPLE_RECOUNT_MS = 1_000;

/** Counts in this process's memory (SQLite deployments, tests, operator scripts). */
export class MemoryShareCounter implements ShareCounter {
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #counts = new Map<string, ShareCount>();

  constructor(windowSeconds: number, now: () => number = Date.now) {
    this.#windowMs = windowSeconds * 1000;
    this.#now = now;
  }

  add(person: string, points: number): ShareCount {
    const now = this.#now();
    const known = this.#counts.get(person);
    const open = known && known.resetAt > now ? known : { used: 0, resetAt: now + this.#windowMs };
    const count = { used: Math.max(0, open.used + points), resetAt: open.resetAt };
    this.#counts.delete(person);
    this.#counts.set(person, count);
    forgetOldest(this.#counts);
    return count;
  }
}

/** Where a person stands when one of their calls is counted. */
export interface Standing {
  /** Requests counted in their window, this one included. */
  used: number;
  /** Their share now: the requests per window they may make ahead of the feed. */
  allowance: number;
  /** ms until their window ends and the count starts again. */
  resetInMs: number;
}

interface PersonShareOptions {
  settings: PersonShareSettings;
  /** Requests per second the budget gives people: its rate less the feed's floor. */
  peoplePerSecond: number;
  now: () => number;
  /** Default: in this process's memory. */
  counter?: ShareCounter;
}

export class PersonShare {
  readonly #settings: PersonShareSettings;
  readonly #peoplePerSecond: number;
  readonly #now: () => number;
  readonly #counter: ShareCounter;
  /** What the counter last answered per person, in least recently counted order. */
  readonly #known = new Map<string, ShareCount>();
  #people = { count: 0, at: Number.NEGATIVE_INFINITY };

  constructor(options: PersonShareOptions) {
    const { burst, windowSeconds } = options.settings;
    if (!(burst >= 1) || !(windowSeconds > 0))
      throw new RangeError('a person share needs a burst of at least 1 and a positive window');
    this.#settings = options.settings;
    this.#peoplePerSecond = options.peoplePerSecond;
    this.#now = options.now;
    this.#counter = options.counter ?? new MemoryShareCounter(windowSeconds, options.now);
  }

  /** Requests a person may always make per window, however many people use the bot. */
  get burst(): number {
    return this.#settings.burst;
  }

  /**
   * The share of each person now: an equal part of the people's rate over a window among those who
   * used the bot in the last window (at least one: the person asking), never below the burst.
   */
  allowance(): number {
    const equalPart = (this.#peoplePerSecond * this.#settings.windowSeconds) / Math.max(1, this.#peopleNow());
    return Math.max(this.#settings.burst, Math.floor(equalPart));
  }

  /** Counts one request for the person; answers where they stand with it counted. */
  charge(person: string): Standing | Promise<Standing> {
    return this.#record(person, this.#counter.add(person, 1));
  }

  /** Gives back a request counted for a call that never started, or that the service failed. */
  refund(person: string): void | Promise<void> {
    const counted = this.#record(person, this.#counter.add(person, -1));
    if (counted instanceof Promise) return counted.then(() => undefined);
  }

  /** Where the person stands now, from what the counter last answered (nothing is counted). */
  standing(person: string): Standing {
    return this.#standingOf(this.#current(person));
  }

  /** Requests of their share the person has left now; below 0 when they asked for more while others waited. */
  left(person: string): number {
    return this.allowance() - this.#current(person).used;
  }

  #record(person: string, answer: ShareCount | Promise<ShareCount>): Standing | Promise<Standing> {
    if (answer instanceof Promise) return answer.then((count) => this.#remember(person, count));
    return this.#remember(person, answer);
  }

  #remember(person: string, count: ShareCount): Standing {
    this.#known.delete(person);
    this.#known.set(person, count);
    forgetOldest(this.#known);
    return this.#standingOf(count);
  }

  #standingOf(count: ShareCount): Standing {
    return {
      used: count.used,
      allowance: this.allowance(),
      resetInMs: Math.max(0, count.resetAt - this.#now()),
    };
  }

  #current(person: string): ShareCount {
    const known = this.#known.get(person);
    return known && known.resetAt > this.#now() ? known : { used: 0, resetAt: this.#now() };
  }

  /** People whose window is open: who used the bot in the last window (recounted once a second). */
  #peopleNow(): number {
    const now = this.#now();
    if (now - this.#people.at >= PEOPLE_RECOUNT_MS) {
      let count = 0;
      for (const known of this.#known.values()) if (known.resetAt > now) count += 1;
      this.#people = { count, at: now };
    }
    return this.#people.count;
  }
}

function forgetOldest(counts: Map<string, ShareCount>): void {
  if (counts.size <= MAX_PEOPLE) return;
  const oldest = counts.keys().next().value;
  if (oldest !== undefined) counts.delete(oldest);
}
