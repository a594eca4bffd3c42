/**
 * The one deadline race (src/lib/deadline.ts): the first to settle wins, a late promise becomes
 * TIMED_OUT (or the named error), and the timer never outlives a race that is already decided.
 */
import { describe, expect, it } from 'vitest';
import { TIMED_OUT, within, withTimeout } from '#src/lib/deadline.js';

const never = () => new Promise<never>(() => undefined);
const pendingTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

describe('within', () => {
  it('answers the value when the promise settles first, and clears its timer', async () => {
    const before = pendingTimers();
    await expect(within(Promise.resolve('done'), 600_000)).resolves.toBe('done');
    expect(pendingTimers()).toBe(before);
  });

  it('passes the promise’s rejection on, and clears its timer', async () => {
    const before = pendingTimers();
    await expect(within(Promise.reject(new Error('boom')), 600_000)).rejects.toThrow('boom');
    expect(pendingTimers()).toBe(before);
  });

  it('answers TIMED_OUT when the promise does not settle in time', async () => {
    await expect(within(never(), 1)).resolves.toBe(TIMED_OUT);
  });
});

describe('withTimeout', () => {
  it('rejects with an Error naming what did not answer', async () => {
    const late = withTimeout(never(), 1, 'redis');
    await expect(late).rejects.toThrow(Error);
    await expect(late).rejects.toThrow('redis did not answer within 1 ms');
  });

  it('answers the value in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 600_000, 'redis')).resolves.toBe(7);
  });
});
