import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERACTION_LIMITS,
  type InteractionLimits,
  openInteractionLimits,
} from '#src/bot/interaction-limits.js';
import { createLogger } from '#src/logger.js';
import { describeWithRedis, useRedis } from '../support/use-servers.js';

const logger = createLogger('silent');

async function consumeTimes(
  limits: InteractionLimits,
  kind: 'command' | 'autocomplete',
  user: string,
  n: number,
) {
  const waits: number[] = [];
  for (let i = 0; i < n; i++) waits.push(await limits.consume(kind, user));
  return waits;
}

describe('interaction limits in memory', () => {
  it('allows 5 commands and 20 autocompletes per person, then says how long to wait', async () => {
    const limits = await openInteractionLimits('sqlite://unused', DEFAULT_INTERACTION_LIMITS, { logger });
    const commands = await consumeTimes(limits, 'command', 'a', 6);
    expect(commands.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(commands[5]).toBeGreaterThanOrEqual(1);
    expect(commands[5]).toBeLessThanOrEqual(10);
    const autocompletes = await consumeTimes(limits, 'autocomplete', 'a', 21);
    expect(autocompletes.slice(0, 20).every((wait) => wait === 0)).toBe(true);
    expect(autocompletes[20]).toBeGreaterThan(0);
    expect(await limits.consume('command', 'b')).toBe(0);
    await limits.close();
  });
});

describeWithRedis('interaction limits shared through Redis', () => {
  const server = useRedis();

  it('two processes share one allowance per person', async () => {
    const first = await openInteractionLimits(server().url, DEFAULT_INTERACTION_LIMITS, { logger });
    const second = await openInteractionLimits(server().url, DEFAULT_INTERACTION_LIMITS, { logger });
    expect(await consumeTimes(first, 'command', 'shared', 3)).toEqual([0, 0, 0]);
    expect(await consumeTimes(second, 'command', 'shared', 2)).toEqual([0, 0]);
    expect(await first.consume('command', 'shared')).toBeGreaterThan(0);
    expect(await second.consume('command', 'shared')).toBeGreaterThan(0);
    await first.close();
    await second.close();
  });
});
