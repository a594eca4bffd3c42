import { describe, expect, it, vi } from 'vitest';
import { Ticker } from '../../src/jobs/ticker.js';
import { createLogger } from '../../src/logger.js';

describe('ticker', () => {
  it('skips while not ready, never overlaps, and swallows errors', async () => {
    let ready = false;
    let runs = 0;
    let release: (() => void) | undefined;
    const ticker = new Ticker({
      name: 'test',
      intervalMs: 60_000,
      isReady: () => ready,
      logger: createLogger('silent'),
      step: async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
        if (runs === 2) throw new Error('boom');
      },
    });
    expect(await ticker.runOnce()).toBe(false);
    ready = true;
    const first = ticker.runOnce();
    expect(await ticker.runOnce()).toBe(false);
    release?.();
    expect(await first).toBe(true);
    expect(await ticker.runOnce()).toBe(true);
    expect(runs).toBe(2);
    ticker.start();
    await ticker.stop();
    expect(runs).toBe(3);
  });

  it('aligned to the clock, steps at once and then on each multiple of the interval', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 7, 59, 42) });
    try {
      const at: string[] = [];
      const ticker = new Ticker({
        name: 'aligned',
        intervalMs: 30_000,
        alignToClock: true,
        isReady: () => true,
        logger: createLogger('silent'),
        step: async () => {
          at.push(new Date().toISOString().slice(11, 19));
        },
      });
      ticker.start();
      await vi.advanceTimersByTimeAsync(80_000);
      await ticker.stop();
      expect(at).toEqual(['07:59:42', '08:00:00', '08:00:30', '08:01:00']);
    } finally {
      vi.useRealTimers();
    }
  });
});
