/**
 * Each person's share of the request budget over time: a token bucket of service requests per Discord
 * user. A small burst covers one command's few requests; the slow refill is what one person doing an
 * interaction every ten seconds or so spends. Beyond it a person's calls are refused at once, so
 * however many interactions one person (or a script with two accounts) sends, they cannot take
 * more of the shared budget than a few people would, and the feed and everyone else keep the rest.
 */

export interface PersonShareSettings {
  /** Requests a person may make at once when their share is full. */
  burst: number;
  /** Requests per second added back to a person's share (up to `burst`). */
  refillPerSecond: number;
}

/**
 * A burst of 8 requests, then one request every 10 s. 8 covers a newcomer's first minute as the README
 * walks it (a title search, the token check of linking, then a record: its work, episode and the record
 * itself, 6 in all); a burst of 4 refused that first record with "try again".
 */
export const DEFAULT_PERSON_SHARE: PersonShareSettings = { burst: 8, refillPerSecond: 0.1 };

/** People tracked at once; the one idle longest is forgotten first (a forgotten person starts full). */
const MAX_PEOPLE = 10_000;

interface Bucket {
  tokens: number;
  /** When `tokens` was last brought up to date (epoch ms). */
  at: number;
}

export class PersonShare {
  readonly #settings: PersonShareSettings;
  readonly #now: () => number;
  /** In least recently used order: a touched bucket moves to the end. */
  readonly #buckets = new Map<string, Bucket>();

  constructor(settings: PersonShareSettings, now: () => number) {
    if (!(settings.burst >= 1) || !(settings.refillPerSecond > 0))
      throw new RangeError('a person share needs a burst of at least 1 and a positive refill');
    this.#settings = settings;
    this.#now = now;
  }

  /**
   * Takes one request from the person's share. 0 when taken; otherwise the ms until it could be, and
   * nothing is taken. `reserve` requests must remain afterwards (autocomplete keeps some for the
   * command that follows it).
   */
  take(person: string, reserve = 0): number {
    const bucket = this.#current(person);
    const needed = 1 + reserve;
    if (bucket.tokens >= needed) {
      bucket.tokens -= 1;
      return 0;
    }
    // A reserve at or above the burst can never be met: the wait is then to a full share.
    const target = Math.min(needed, this.#settings.burst);
    return Math.max(1, Math.ceil(((target - bucket.tokens) * 1000) / this.#settings.refillPerSecond));
  }

  /** Gives back a request taken for a call that never started (it gave up waiting, or the budget closed). */
  giveBack(person: string): void {
    const bucket = this.#current(person);
    bucket.tokens = Math.min(this.#settings.burst, bucket.tokens + 1);
  }

  /** Requests a person may make at once when their share is full. */
  get burst(): number {
    return this.#settings.burst;
  }

  /** Requests the person has left now (ranks people, and tells who has used most of their share). */
  left(person: string): number {
    return this.#buckets.has(person) ? this.#current(person).tokens : this.#settings.burst;
  }

  #current(person: string): Bucket {
    const now = this.#now();
    const known = this.#buckets.get(person);
    const bucket = known ?? { tokens: this.#settings.burst, at: now };
    if (known) {
      const refilled = ((now - known.at) / 1000) * this.#settings.refillPerSecond;
      bucket.tokens = Math.min(this.#settings.burst, known.tokens + Math.max(0, refilled));
      bucket.at = now;
      this.#buckets.delete(person);
    }
    this.#buckets.set(person, bucket);
    if (this.#buckets.size > MAX_PEOPLE) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest !== undefined) this.#buckets.delete(oldest);
    }
    return bucket;
  }
}
