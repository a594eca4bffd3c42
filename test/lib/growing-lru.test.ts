import { describe, expect, it } from 'vitest';
import { growingLru } from '#src/lib/growing-lru.js';

describe('growingLru', () => {
  it('holds at most its limit, evicting the least recently used', () => {
    const cache = growingLru<string, number>(3);
    cache.set('a', 1).set('b', 2).set('c', 3);
    cache.get('a');
    cache.set('d', 4);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    expect(cache.size).toBe(3);
  });

  it('allocates nothing up front: no count bound for lru-cache to size its index by', () => {
    const cache = growingLru<string, number>(100_000);
    // lru-cache sizes its arrays by `max`; bounded by size, `max` stays 0 and they grow as entries come.
    expect(cache.max).toBe(0);
    expect(cache.maxSize).toBe(100_000);
    for (let i = 0; i < 100_010; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(100_000);
    expect(cache.has('k0')).toBe(false);
    expect(cache.get('k100009')).toBe(100_009);
  });

  it('keeps the options it is given (ttl, dispose)', () => {
    let now = 5_000;
    const disposed: string[] = [];
    const cache = growingLru<string, number>(2, {
      ttl: 1_000,
      perf: { now: () => now },
      ttlResolution: 0,
      dispose: (_value, key, reason) => disposed.push(`${key}:${reason}`),
    });
    cache.set('a', 1).set('b', 2).set('c', 3);
    expect(disposed).toEqual(['a:evict']);
    now = 6_001;
    expect(cache.get('b')).toBeUndefined();
  });
});
