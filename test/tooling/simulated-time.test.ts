import { setImmediate as realTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { inSimulatedTime, SIMULATED_START, useSimulatedTime } from '../support/simulated-time.js';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('simulated time', () => {
  useSimulatedTime();

  // A minute of real waiting would outlast the test's 30 s timeout.
  it('runs a minute of timers at once, with Date and performance on the simulated clock', async () => {
    const startedAt = performance.now();
    const ticks = await inSimulatedTime(
      (async () => {
        let n = 0;
        for (; n < 180; n++) await wait(334);
        return n;
      })(),
      () => false,
    );
    expect(ticks).toBe(180);
    expect(Date.now()).toBe(SIMULATED_START + 180 * 334);
    expect(performance.now() - startedAt).toBe(180 * 334);
  });

  it('holds the clock still while something is in flight', async () => {
    let inFlight = true;
    let firedAt: number | undefined;
    const timer = wait(1_000).then(() => {
      firedAt = Date.now();
    });
    const driven = inSimulatedTime(timer, () => inFlight);
    // 30 ms of real turns of the loop pass; the simulated clock must not move meanwhile.
    const until = process.hrtime.bigint() + 30_000_000n;
    while (process.hrtime.bigint() < until) await realTurn();
    expect(firedAt).toBeUndefined();
    expect(Date.now()).toBe(SIMULATED_START);
    inFlight = false;
    await driven;
    expect(firedAt).toBe(SIMULATED_START + 1_000);
  });

  it('passes a rejection on, and gives up on work that never settles', async () => {
    await expect(
      inSimulatedTime(
        wait(10).then(() => Promise.reject(new Error('no'))),
        () => false,
      ),
    ).rejects.toThrow('no');
    await expect(
      inSimulatedTime(new Promise(() => undefined), () => true, { realTimeoutMs: 50 }),
    ).rejects.toThrow('not settled within 50 ms of real time');
  });
});
