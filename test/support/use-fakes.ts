import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  type FakeDiscord,
  type FakeDiscordOptions,
  startFakeDiscord,
} from '../fakes/discord/fake-discord.js';
import { type Emulator, type StartEmulatorOptions, startEmulator } from '../fakes/emulator/server.js';
import { lateBound } from './late-bound.js';

export interface FakesOptions {
  discord?: FakeDiscordOptions;
  /** Default: the demo seed. */
  emulator?: StartEmulatorOptions;
  /** New fakes for every test (a bot process per test) instead of one pair for the block. */
  perTest?: boolean;
}

/**
 * The fake Discord and the emulator on loopback for the enclosing describe block, for suites that
 * start the bot themselves (as a process, or its composition root) rather than through the stack.
 * They close after the block's own after-hooks, so a bot those hooks stop never loses them first.
 */
export function useFakes(options: FakesOptions = {}): { discord: FakeDiscord; emulator: Emulator } {
  let discord: FakeDiscord | undefined;
  let emulator: Emulator | undefined;
  const [before, after] = options.perTest ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    [discord, emulator] = await Promise.all([
      startFakeDiscord(options.discord),
      startEmulator(options.emulator ?? { seed: 'demo' }),
    ]);
  });
  after(async () => {
    await Promise.all([discord?.close(), emulator?.close()]);
    discord = undefined;
    emulator = undefined;
  });
  return {
    discord: lateBound('the fake Discord', () => discord),
    emulator: lateBound('the emulator', () => emulator),
  };
}
