import { LRUCache } from 'lru-cache';

/** lru-cache's options, less the bounds this module sets. */
type GrowingLruOptions<K extends {}, V extends {}> = Omit<
  LRUCache.Options<K, V, unknown>,
  'max' | 'maxSize' | 'sizeCalculation'
>;

/**
 * A least-recently-used cache of at most `limit` entries whose memory grows with what it holds.
 * Given `max`, lru-cache allocates its whole index at construction (two arrays and three typed arrays
 * of `max` slots, each filled): caches sized for a busy bot (100,000 channels, 20,000 members, 10,000
 * people) cost every start about 10 ms and a few MB before they hold anything. Bounded by size instead,
 * each entry counting 1, it allocates as it fills and evicts in the same order.
 */
export function growingLru<K extends {}, V extends {}>(
  limit: number,
  options: GrowingLruOptions<K, V> = {},
): LRUCache<K, V> {
  return new LRUCache<K, V>({ ...options, maxSize: limit, sizeCalculation: () => 1 });
}
