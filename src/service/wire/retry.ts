/**
 * One logical call: every attempt passes through the budget, 429s pause the budget,
 * and failures are retried with jittered backoff (GETs: 429, 5xx, timeouts, network;
 * writes: only 429, which the service did not process). Logs carry no token.
 *
 * The bot's own retries never count against the person the call is for: only the first attempt is
 * counted against their share, and a call that ends in the service's fault (5xx, timeout, network,
 * 429) is given back. A retry the budget cannot start in time ends the call with the service's error,
 * so that an outage is reported as an outage, never as the person's share.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../logger.js';
import type { Priority, RequestBudget } from './budget.js';
import { BudgetBusy, RateLimited, ServiceError, Unavailable } from './errors.js';
import type { HttpResponse } from './http.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Backoff before retry n is random in [d/2, d] with d = baseDelayMs * 2^(n-1) (default 250). */
  baseDelayMs?: number;
  /** Upper bound of one backoff (default 2000). */
  maxDelayMs?: number;
  /** Injected for tests. */
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type ResolvedRetry = Required<RetryOptions>;

export function resolveRetry(options: RetryOptions = {}): ResolvedRetry {
  return {
    maxRetries: Math.max(0, Math.min(options.maxRetries ?? 2, 5)),
    baseDelayMs: options.baseDelayMs ?? 250,
    maxDelayMs: options.maxDelayMs ?? 2000,
    random: options.random ?? Math.random,
    sleep: options.sleep ?? ((ms) => sleep(ms)),
  };
}

function backoffMs(retry: ResolvedRetry, retryNumber: number): number {
  const ceiling = Math.min(retry.baseDelayMs * 2 ** (retryNumber - 1), retry.maxDelayMs);
  return Math.round(ceiling / 2 + (retry.random() * ceiling) / 2);
}

function isRetryable(error: unknown, method: string): boolean {
  if (error instanceof RateLimited) return true;
  return method === 'GET' && error instanceof Unavailable;
}

/** One attempt's outcome, for metrics: never the URL, the parameters or the token. */
export interface RequestEvent {
  operation: string;
  priority: Priority;
  /** The HTTP status, or `error` when no response came (timeout, network). */
  status: number | 'error';
  durationMs: number;
}

export type RequestObserver = (event: RequestEvent) => void;

interface CallSpec<T> {
  operation: string;
  method: string;
  priority: Priority;
  maxWaitMs?: number | undefined;
  /** Who the call is for (fair turns in the budget, counted against their share). */
  person?: string | undefined;
  /** Refuse at once when beyond the person's share while others wait (see RunOptions). */
  yieldOverShare?: boolean | undefined;
  /** Requests of the person's share a yielding call must leave (see RunOptions). */
  shareReserve?: number | undefined;
  budget: RequestBudget;
  logger?: Logger | undefined;
  observe?: RequestObserver | undefined;
  retry: ResolvedRetry;
  send: () => Promise<HttpResponse>;
  /** Turns a non-429 response into the result or throws its typed error. */
  interpret: (response: HttpResponse) => T;
}

/** The service's own failures: a call that ends in one is not the person's to pay for. */
function isServiceFault(error: unknown): boolean {
  return error instanceof Unavailable || error instanceof RateLimited;
}

export async function callWithRetry<T>(spec: CallSpec<T>): Promise<T> {
  let lastFault: unknown;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const runOptions = {
        operation: spec.operation,
        person: spec.person,
        yieldOverShare: spec.yieldOverShare,
        shareReserve: spec.shareReserve,
        counted: attempt === 0,
        maxWaitMs: spec.maxWaitMs,
      };
      return await spec.budget.run(spec.priority, () => attemptOnce(spec, attempt), runOptions);
    } catch (error) {
      // A retry that could not start: the call failed because of the service, not the budget.
      const failure = lastFault !== undefined && error instanceof BudgetBusy ? lastFault : error;
      if (attempt >= spec.retry.maxRetries || !isRetryable(failure, spec.method)) {
        if (spec.person !== undefined && isServiceFault(failure)) spec.budget.refund(spec.person);
        throw failure;
      }
      lastFault = failure;
      const delayMs = backoffMs(spec.retry, attempt + 1);
      logRetry(spec, attempt, failure, delayMs);
      await spec.retry.sleep(delayMs);
    }
  }
}

/**
 * One line per retry with how long it waits: the backoff, or after a 429 the budget's pause if that
 * is longer (the next attempt cannot start before the pause ends). Never the URL or the token.
 */
function logRetry<T>(spec: CallSpec<T>, attempt: number, error: unknown, delayMs: number): void {
  const pausedUntil = spec.budget.stats().pausedUntil;
  const pauseMs = pausedUntil === null ? 0 : Math.max(0, pausedUntil - Date.now());
  const rateLimited = error instanceof RateLimited;
  spec.logger?.warn(
    {
      operation: spec.operation,
      priority: spec.priority,
      attempt,
      error: errorName(error),
      ...(rateLimited ? { status: 429 } : {}),
      delayMs,
      pauseMs,
      waitMs: Math.max(delayMs, pauseMs),
    },
    rateLimited ? 'service answered 429; retrying after the wait' : 'service request failed; retrying',
  );
}

function errorName(error: unknown): string {
  return error instanceof ServiceError ? error.name : 'Error';
}

async function attemptOnce<T>(spec: CallSpec<T>, attempt: number): Promise<T> {
  const started = performance.now();
  let response: HttpResponse;
  try {
    response = await spec.send();
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    spec.observe?.({ operation: spec.operation, priority: spec.priority, status: 'error', durationMs });
    spec.logger?.debug(
      {
        operation: spec.operation,
        priority: spec.priority,
        attempt,
        durationMs,
        error: errorName(error),
      },
      'service request failed',
    );
    throw error;
  }
  const durationMs = Math.round(performance.now() - started);
  spec.observe?.({ operation: spec.operation, priority: spec.priority, status: response.status, durationMs });
  spec.logger?.debug(
    {
      operation: spec.operation,
      status: response.status,
      durationMs,
      priority: spec.priority,
      attempt,
    },
    'service request',
  );
  if (response.status === 429) {
    spec.budget.reportRateLimited();
    throw new RateLimited(spec.operation);
  }
  // Any answer the limiter let through (even a 404) shows the pause is over.
  if (response.status < 500) spec.budget.reportSuccess();
  return spec.interpret(response);
}
