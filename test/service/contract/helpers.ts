/**
 * Contract-test plumbing: the real service client over loopback HTTP against the real emulator.
 * A recording transport keeps every request the client put on the wire, so tests can check
 * which parameters reached the service (by their wire names) as well as what came back.
 */

import {
  createRequestBudget,
  HttpTransport,
  type RequestBudget,
  type RequestBudgetOptions,
  type RetryOptions,
  ServiceClient,
} from '#src/service/index.js';
import type { HttpRequest, HttpResponse } from '#src/service/wire/http.js';
import { type Emulator, type StartEmulatorOptions, startEmulator } from '../../fakes/emulator/server.js';

/** One request as the client sent it: the spec operation, method, path and its parameters. */
export interface SentRequest {
  operation: string;
  method: string;
  path: string;
  /** Query parameters (GET/DELETE) or form body parameters (POST/PATCH). */
  params: URLSearchParams;
  headers: Record<string, string>;
}

/** An HttpTransport that records every request before sending it unchanged. */
export class RecordingTransport extends HttpTransport {
  readonly sent: SentRequest[] = [];
  /** Requests sent and not yet answered (or failed). */
  inFlight = 0;

  override send(request: HttpRequest): Promise<HttpResponse> {
    const params =
      request.body === undefined
        ? new URLSearchParams(request.url.search)
        : new URLSearchParams(request.body);
    this.sent.push({
      operation: request.operation,
      method: request.method,
      path: request.url.pathname,
      params,
      headers: { ...(request.headers ?? {}) },
    });
    this.inFlight += 1;
    return super.send(request).finally(() => {
      this.inFlight -= 1;
    });
  }

  /** The most recent request of one operation. */
  last(operation: string): SentRequest {
    for (let i = this.sent.length - 1; i >= 0; i -= 1) {
      const entry = this.sent[i];
      if (entry?.operation === operation) return entry;
    }
    throw new Error(`no ${operation} request was sent`);
  }
}

export interface ContractRig {
  emulator: Emulator;
  client: ServiceClient;
  budget: RequestBudget;
  transport: RecordingTransport;
  /** Another client against the same emulator (own budget and transport). */
  makeClient(options?: ClientOptions): {
    client: ServiceClient;
    budget: RequestBudget;
    transport: RecordingTransport;
    close(): Promise<void>;
  };
  /** Whether any client of the rig has a request on the wire (for `inSimulatedTime`). */
  busy(): boolean;
  close(): Promise<void>;
}

export interface ClientOptions {
  budget?: RequestBudgetOptions;
  retry?: RetryOptions;
  timeoutMs?: number;
}

/** No retries: each logical call is exactly one HTTP attempt, so counts are exact. */
export const NO_RETRY: RetryOptions = { maxRetries: 0 };

/**
 * The backoff between retries on the global timers (resolved when called), so that it runs on the
 * simulated clock in tests that fake them (test/support/simulated-time.ts), as the budget's waits do;
 * the client's default sleep is node:timers/promises, which vitest's fake timers leave real.
 */
const timerSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Fast enough that the budget never makes a test wait (2 ms spacing). */
export const FAST_BUDGET: RequestBudgetOptions = { ratePerSecond: 500 };

export async function startRig(
  emulatorOptions: StartEmulatorOptions = {},
  clientOptions: ClientOptions = {},
): Promise<ContractRig> {
  const emulator = await startEmulator({ seed: 'demo', rateLimit: false, ...emulatorOptions });
  const opened: { close(): Promise<void> }[] = [];
  const transports: RecordingTransport[] = [];
  const makeClient = (options: ClientOptions = {}) => {
    const budget = createRequestBudget(options.budget ?? FAST_BUDGET);
    const transport = new RecordingTransport();
    transports.push(transport);
    const client = new ServiceClient({
      baseUrl: emulator.url,
      apiVersion: 'v1',
      budget,
      http: transport,
      timeoutMs: options.timeoutMs ?? 5000,
      retry: { sleep: timerSleep, ...(options.retry ?? NO_RETRY) },
    });
    const handle = {
      client,
      budget,
      transport,
      async close() {
        budget.close();
        await transport.close();
      },
    };
    opened.push(handle);
    return handle;
  };
  const main = makeClient(clientOptions);
  return {
    emulator,
    client: main.client,
    budget: main.budget,
    transport: main.transport,
    makeClient,
    busy: () => transports.some((transport) => transport.inFlight > 0),
    async close() {
      await Promise.allSettled(opened.map((handle) => handle.close()));
      await emulator.close();
    },
  };
}

/** Collects an async iterable. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

/** The rejection of a promise (fails the test when it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail, but it succeeded');
}

export function ids(items: readonly { id: number }[]): number[] {
  return items.map((item) => item.id);
}

export function sortedIds(items: readonly { id: number }[]): number[] {
  return ids(items).sort((a, b) => a - b);
}
