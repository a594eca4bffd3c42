import { describe, expect, it, vi } from 'vitest';
import { Ticker } from '#src/jobs/run/ticker.js';
import { createLogger } from '#src/logger.js';
import { captureLogger } from '../support/log-capture.js';

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

  it('logs one line per run: a request id, the job, the outcome and the duration; idle runs at debug', async () => {
    const log = captureLogger('debug');
    let outcome: 'work' | 'idle' | 'fail' = 'work';
    const ticker = new Ticker({
      name: 'feed',
      intervalMs: 60_000,
      isReady: () => true,
      logger: log.logger,
      step: async () => {
        if (outcome === 'fail') throw new Error('store unreachable');
        return { polled: outcome === 'work' ? 2 : 0 };
      },
      isIdle: (report) => report.polled === 0,
    });
    for (const next of ['work', 'idle', 'fail'] as const) {
      outcome = next;
      await ticker.runOnce();
    }
    const runs = log.records().filter((record) => record.msg === 'job run');
    expect(runs.map((run) => [run.level, run.job, run.outcome])).toEqual([
      [30, 'feed', 'ok'],
      [20, 'feed', 'ok'],
      [50, 'feed', 'failed'],
    ]);
    for (const run of runs) {
      expect(run.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(run.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(new Set(runs.map((run) => run.requestId)).size).toBe(3);
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
