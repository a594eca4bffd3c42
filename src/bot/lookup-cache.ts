import { LRUCache } from 'lru-cache';

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

  /** Returns the cached value or loads it once, sharing the load between concurrent callers. */
  async getOrLoad<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) return hit.value as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
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
