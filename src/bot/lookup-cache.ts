import type { LRUCache } from 'lru-cache';
import { growingLru } from '../lib/growing-lru.js';
import { BudgetBusy } from '../service/index.js';

/** The entries and the loads in flight, shared by the cache and every person's view of it. */
interface Shared {
  entries: LRUCache<string, { value: unknown }>;
  inFlight: Map<string, Promise<unknown>>;
}

/**
 * A small in-memory cache for catalogue lookups (autocomplete, work and episode details).
 * Catalogue data changes rarely, so a short TTL saves most of the request budget for users.
 */
export class LookupCache {
  private readonly shared: Shared;
  /** The person whose loads this view starts (see getOrLoad); undefined: no one's. */
  private readonly person: string | undefined;

  constructor(options: { maxEntries?: number; ttlMs?: number } = {}, view?: { of: Shared; person: string }) {
    this.shared = view?.of ?? {
      entries: growingLru(options.maxEntries ?? 5_000, { ttl: options.ttlMs ?? 10 * 60 * 1000 }),
      inFlight: new Map(),
    };
    this.person = view?.person;
  }

  /** The same cache, loading for this person: an interaction's handlers see it through this view. */
  forPerson(person: string): LookupCache {
    return new LookupCache({}, { of: this.shared, person });
  }

  peek<T>(key: string): T | undefined {
    return this.shared.entries.get(key)?.value as T | undefined;
  }

  /**
   * Returns the cached value or loads it once, sharing the load between concurrent callers for the same
   * person. Another person's load in flight is not joined: it waits in the budget's queue as theirs (a
   * heavy user's lookup goes after everyone with more of their share left), and a fresh person must not
   * wait behind it. A finished load is cached for everyone. A load the budget refused never reached the
   * service: those who joined it load for themselves rather than take that refusal.
   */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const { entries, inFlight } = this.shared;
    const hit = entries.get(key);
    if (hit) return hit.value as T;
    const flight = this.person === undefined ? key : `${key}\u0000${this.person}`;
    const pending = inFlight.get(flight);
    if (!pending) return this.start(key, flight, load);
    try {
      return (await pending) as T;
    } catch (error) {
      if (!(error instanceof BudgetBusy)) throw error;
      const again = entries.get(key);
      if (again) return again.value as T;
      return (inFlight.get(flight) as Promise<T> | undefined) ?? this.start(key, flight, load);
    }
  }

  private start<T>(key: string, flight: string, load: () => Promise<T>): Promise<T> {
    const { entries, inFlight } = this.shared;
    const loading = load()
      .then((value) => {
        entries.set(key, { value });
        return value;
      })
      .finally(() => inFlight.delete(flight));
    inFlight.set(flight, loading);
    return loading;
  }

  set(key: string, value: unknown): void {
    this.shared.entries.set(key, { value });
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    const { entries } = this.shared;
    for (const key of entries.keys()) if (predicate(key)) entries.delete(key);
  }
}
