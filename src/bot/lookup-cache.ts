import { LRUCache } from 'lru-cache';
import { BudgetBusy } from '../service/index.js';

/**
 * A small in-memory cache for catalogue lookups (autocomplete, work and episode details).
 * Catalogue data changes rarely, so a short TTL saves most of the request budget for users.
 */
export class LookupCache {
  private readonly entries: LRUCache<string, { value: unknown }>;
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(options: { maxEntries?: number; ttlMs?: number } = {}) {
    this.entries = new LRUCache({ max: options.maxEntries ?? 5_000, ttl: options.ttlMs ?? 10 * 60 * 1000 });
  }

  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  /**
   * Returns the cached value or loads it once, sharing the load between concurrent callers. A load the
   * budget refused never reached the service, for reasons of the person who started it (their share,
   * their wait): those who joined it then load for themselves rather than take that refusal.
   */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const pending = this.inFlight.get(key);
    if (!pending) return this.start(key, load);
    try {
      return (await pending) as T;
    } catch (error) {
      if (!(error instanceof BudgetBusy)) throw error;
      const again = this.entries.get(key);
      if (again) return again.value as T;
      return (this.inFlight.get(key) as Promise<T> | undefined) ?? this.start(key, load);
    }
  }

  private start<T>(key: string, load: () => Promise<T>): Promise<T> {
    const loading = load()
      .then((value) => {
        this.entries.set(key, { value });
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, loading);
    return loading;
  }

  set(key: string, value: unknown): void {
    this.entries.set(key, { value });
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of this.entries.keys()) if (predicate(key)) this.entries.delete(key);
  }
}
