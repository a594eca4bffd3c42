/**
 * HTTP transport: one undici Pool per origin with keep-alive, a whole-request timeout,
 * body reading, and the mapping of statuses and bodies to typed errors.
 */
import { Pool } from 'undici';
import type { z } from 'zod';
import {
  InsufficientScope,
  InvalidParams,
  MalformedResponse,
  NotFound,
  RateLimited,
  ServiceError,
  Unauthorized,
  Unavailable,
} from './errors.js';

export interface HttpTransportOptions {
  /** Sockets per origin (default 8). */
  connections?: number;
  /** How long an idle socket is kept open (default 30 s). */
  keepAliveTimeoutMs?: number;
  /** Local address the sockets are bound to (SERVICE_LOCAL_ADDRESS: the egress IP the service sees). */
  localAddress?: string;
  /**
   * The largest response body read, in bytes (default 8 MiB: a full page of works is a few hundred
   * KiB). Bodies are read whole, so a larger one is refused rather than held in memory.
   */
  maxResponseBytes?: number;
}

const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export interface HttpRequest {
  /** Used in error messages and logs. */
  operation: string;
  method: string;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  /** Whole request, headers and body included. */
  timeoutMs: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** Owns the pools; share one transport between the API and OAuth clients. */
export class HttpTransport {
  private readonly pools = new Map<string, Pool>();
  private readonly options: Required<Omit<HttpTransportOptions, 'localAddress'>> &
    Pick<HttpTransportOptions, 'localAddress'>;
  private closed = false;

  constructor(options: HttpTransportOptions = {}) {
    this.options = {
      connections: options.connections ?? 8,
      keepAliveTimeoutMs: options.keepAliveTimeoutMs ?? 30_000,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      localAddress: options.localAddress,
    };
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.connections,
        keepAliveTimeout: this.options.keepAliveTimeoutMs,
        pipelining: 1,
        maxResponseSize: this.options.maxResponseBytes,
        ...(this.options.localAddress ? { localAddress: this.options.localAddress } : {}),
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * Sends one request. Resolves with any HTTP status; rejects with `Unavailable`
   * (timeout/network) or `MalformedResponse` (a body cut off mid-way).
   */
  async send(request: HttpRequest): Promise<HttpResponse> {
    if (this.closed)
      throw new Unavailable(request.operation, 'network', { cause: new Error('transport closed') });
    refuseUnsendableHeaders(request);
    // A timer cleared when the answer is in, not AbortSignal.timeout: that one fires after every request,
    // answered or not, and each firing builds a TimeoutError with its stack and dispatches an abort event
    // (about half a millisecond of the event loop per request, paid later, in whatever runs then).
    const deadline = new AbortController();
    const { signal } = deadline;
    const timer = setTimeout(
      () => deadline.abort(new DOMException('the service did not answer in time', 'TimeoutError')),
      request.timeoutMs,
    );
    let status: number | undefined;
    try {
      const response = await this.pool(request.url.origin).request({
        method: request.method as 'GET',
        path: `${request.url.pathname}${request.url.search}`,
        headers: request.headers ?? {},
        body: request.body ?? null,
        signal,
        headersTimeout: request.timeoutMs,
        bodyTimeout: request.timeoutMs,
      });
      status = response.statusCode;
      const body = await response.body.text();
      return { status, headers: response.headers, body };
    } catch (error) {
      throw classifyTransportError(request.operation, error, signal.aborted, status);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.allSettled(pools.map((pool) => pool.close()));
  }
}

/** Printable ASCII: what RFC 6750 tokens are made of, and what undici sends in a header without complaint. */
const SENDABLE_HEADER_VALUE = /^[\t\x20-\x7e]*$/;

/**
 * A header undici would refuse must never reach the pool: undici throws mid-dispatch and a few
 * such requests can leave the shared pool stuck. A token that cannot be sent cannot be valid.
 */
function refuseUnsendableHeaders(request: HttpRequest): void {
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    if (SENDABLE_HEADER_VALUE.test(value)) continue;
    if (name.toLowerCase() === 'authorization') throw new Unauthorized(request.operation, 'invalid_token');
    throw new Unavailable(request.operation, 'network', { cause: new Error(`unsendable ${name} header`) });
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

function classifyTransportError(
  operation: string,
  error: unknown,
  aborted: boolean,
  status: number | undefined,
): ServiceError {
  if (error instanceof ServiceError) return error;
  const code = errorCode(error);
  // Keep only the class and code: undici errors carry no secrets, but keep causes small anyway.
  const cause = new Error(`${error instanceof Error ? error.name : 'Error'}${code ? ` ${code}` : ''}`);
  if (code === 'UND_ERR_RES_EXCEEDED_MAX_SIZE') {
    // Not retried: the same request would bring the same oversized answer.
    return new MalformedResponse(operation, 'the response body is larger than kiroku reads', {
      ...(status === undefined ? {} : { status }),
      cause,
    });
  }
  if (aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
    return new Unavailable(operation, 'timeout', { cause });
  }
  if (status !== undefined && status >= 200 && status < 300) {
    // Headers arrived but the body broke off: a truncated response.
    return new MalformedResponse(operation, 'the response body was cut off', { status, cause });
  }
  return new Unavailable(operation, 'network', status === undefined ? { cause } : { status, cause });
}

function header(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** How much of a WWW-Authenticate header is parsed. */
const MAX_WWW_AUTHENTICATE_CHARS = 1024;

/** `Bearer realm="Doorkeeper", error="invalid_token", ...` -> { realm, error, ... }. */
export function parseWwwAuthenticate(value: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value) return out;
  const pattern = /([a-zA-Z_][\w-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g;
  // Doorkeeper's header is under 200 characters; a longer one is read only so far.
  for (const match of value.slice(0, MAX_WWW_AUTHENTICATE_CHARS).matchAll(pattern)) {
    const key = match[1];
    if (key === undefined) continue;
    out[key.toLowerCase()] = (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1');
  }
  return out;
}

interface ErrorEntry {
  type?: string;
  message?: string;
}

function errorEntries(body: string): ErrorEntry[] {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return [];
    const errors = (parsed as { errors?: unknown }).errors;
    if (!Array.isArray(errors)) return [];
    return errors
      .filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
      .map((entry) => ({
        ...(typeof entry.type === 'string' ? { type: entry.type } : {}),
        ...(typeof entry.message === 'string' ? { message: entry.message } : {}),
      }));
  } catch {
    return [];
  }
}

/** Maps a non-2xx response to its typed error. */
export function errorFromResponse(operation: string, response: HttpResponse): ServiceError {
  const { status } = response;
  if (status === 401 || status === 403) {
    const auth = parseWwwAuthenticate(header(response, 'www-authenticate'));
    if (status === 403 || auth.error === 'insufficient_scope')
      return new InsufficientScope(operation, status);
    return new Unauthorized(operation, auth.error);
  }
  if (status === 404) {
    const first = errorEntries(response.body)[0];
    return new NotFound(operation, first?.type, first?.message);
  }
  if (status === 400 || status === 422) {
    const messages = errorEntries(response.body)
      .map((entry) => entry.message)
      .filter((message): message is string => message !== undefined);
    return new InvalidParams(operation, messages);
  }
  if (status === 429) return new RateLimited(operation);
  if (status >= 500) return new Unavailable(operation, 'server', { status });
  return new ServiceError(operation, `unexpected status ${status}`, { status });
}

/** Parses a 2xx JSON body with the schema; bad JSON or a shape mismatch -> MalformedResponse. */
export function parseJsonBody<T>(operation: string, response: HttpResponse, schema: z.ZodType<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    const what = response.body.trim() === '' ? 'an empty body' : 'a body that is not JSON';
    throw new MalformedResponse(operation, `expected JSON, got ${what}`, { status: response.status });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first && first.path.length > 0 ? ` at ${first.path.join('.')}` : '';
    throw new MalformedResponse(operation, `unexpected shape${where}: ${first?.message ?? 'invalid'}`, {
      status: response.status,
    });
  }
  return result.data;
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
