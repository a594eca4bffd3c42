/**
 * The faults the fault suite injects, one scenario each. A scenario switches its fault on and off;
 * the suite runs interactions and a feed cycle while it is on, then checks that every interaction
 * was answered (or told a clear error) and that the feed loses and duplicates nothing afterwards.
 */

import type { RouteMatch } from '../fakes/discord/rest.js';
import { clearAnswerFaults } from '../fakes/emulator/faults.js';
import type { Stack } from '../support/stack.js';

export interface FaultScenario {
  name: string;
  /** Switches the fault on; resolves when interactions can be sent (the gateway may be reconnecting). */
  inject(stack: Stack): Promise<void> | void;
  clear(stack: Stack): void;
  /** Interactions are answered normally (true) or may get a clear service error (false). */
  answersNormally: boolean;
  /** Whether the scenario waits for a service timeout (10 s per attempt, retried). */
  slow?: boolean;
}

const channelPost = (call: RouteMatch): boolean =>
  call.method === 'POST' && /^\/channels\/\d+\/messages$/.test(call.path);
const interactionAnswer = (call: RouteMatch): boolean =>
  call.path.startsWith('/interactions/') || call.path.startsWith('/webhooks/');

function service(name: string, patch: Partial<Stack['emulator']['faults']>, answersNormally = false) {
  return {
    name,
    answersNormally,
    inject(stack: Stack) {
      Object.assign(stack.emulator.faults, patch);
    },
    clear(stack: Stack) {
      clearAnswerFaults(stack.emulator.faults);
    },
  } satisfies FaultScenario;
}

/**
 * Every request answered 429 until `requests` have been, then the storm passes. Each 429 doubles the
 * budget's global pause (1 s, 2 s, 4 s ...), so a longer storm only makes the test wait longer.
 */
function storm429(requests: number): FaultScenario {
  const base = service(`service 429 storm (${requests} requests in a row)`, {
    errorRate: 1,
    errorStatus: 429,
  });
  let watcher: NodeJS.Timeout | undefined;
  return {
    ...base,
    inject(stack) {
      base.inject(stack);
      watcher = setInterval(() => {
        if (stack.emulator.stats.requests >= requests) stack.emulator.faults.errorRate = 0;
      }, 1);
    },
    clear(stack) {
      clearInterval(watcher);
      base.clear(stack);
    },
  };
}

export const SERVICE_SCENARIOS: FaultScenario[] = [
  storm429(4),
  service('service 500 on every request', { errorRate: 1, errorStatus: 500 }),
  service('service 503 on half the requests', { errorRate: 0.5, errorStatus: 503 }),
  service('service malformed JSON', { malformed: true }),
  service('service truncated JSON', { truncated: true }),
  service('service HTML 502 page from a proxy', { html: true }),
  service('service 2.5 s latency', { latencyMs: 2_500 }, true),
  { ...service('service hangs (timeouts)', { hang: true }), slow: true },
];

export const DISCORD_SCENARIOS: FaultScenario[] = [
  {
    name: 'discord 502 on channel posts (beyond discord.js retries)',
    answersNormally: true,
    inject(stack) {
      stack.discord.faults.serverErrors = { count: 10, status: 502, match: channelPost };
    },
    clear(stack) {
      stack.discord.faults.serverErrors = null;
    },
  },
  {
    name: 'discord 500 on interaction callbacks (within discord.js retries)',
    answersNormally: true,
    inject(stack) {
      stack.discord.faults.serverErrors = { count: 3, status: 500, match: interactionAnswer };
    },
    clear(stack) {
      stack.discord.faults.serverErrors = null;
    },
  },
  {
    name: 'discord 429 with retry_after on every route',
    answersNormally: true,
    inject(stack) {
      stack.discord.faults.rateLimit = { count: 8, retryAfterMs: 250 };
    },
    clear(stack) {
      stack.discord.faults.rateLimit = null;
    },
  },
  {
    name: 'discord global 429 on channel posts',
    answersNormally: true,
    inject(stack) {
      stack.discord.faults.rateLimit = { count: 4, retryAfterMs: 300, global: true, match: channelPost };
    },
    clear(stack) {
      stack.discord.faults.rateLimit = null;
    },
  },
  {
    name: 'discord gateway connection dropped (resume)',
    answersNormally: true,
    async inject(stack) {
      const resumed = stack.discord.waitForGateway('resumed', { timeoutMs: 15_000 });
      stack.discord.dropConnection();
      await resumed;
    },
    clear() {},
  },
  {
    name: 'discord gateway session invalidated (re-identify)',
    answersNormally: true,
    async inject(stack) {
      const ready = stack.discord.waitForGateway('ready', { timeoutMs: 20_000 });
      stack.discord.invalidateSession(undefined, false);
      await ready;
    },
    clear() {},
  },
];
