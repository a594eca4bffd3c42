import { ServiceClient, type ServiceClientOptions } from '#src/service/client.js';
import { createRequestBudget, type RequestBudget } from '#src/service/wire/budget.js';

export const TOKEN = 'secret-token-abc123';

/** A fast budget so tests run quickly: 500/s (3 ms spacing), 20 ms first pause. */
export function fastBudget(): RequestBudget {
  return createRequestBudget({ ratePerSecond: 500, initialPauseMs: 20, maxPauseMs: 80 });
}

export function makeClient(
  baseUrl: string,
  overrides: Partial<ServiceClientOptions> = {},
): { client: ServiceClient; budget: RequestBudget } {
  const budget = overrides.budget ?? fastBudget();
  const client = new ServiceClient({
    baseUrl,
    apiVersion: 'v1',
    budget,
    timeoutMs: 2000,
    retry: { sleep: async () => undefined },
    ...overrides,
  });
  return { client, budget };
}

/** A clock the test moves by hand; the budget's pace reads it too, so calls are spaced past its interval. */
export function handClock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
