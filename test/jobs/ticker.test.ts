import { describe, expect, it } from 'vitest';
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
});
