import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { handleApi } from './api.js';
import { EmulatorData } from './data.js';
import { applyFaultPatch, defaultFaults, type Faults, faultsToJson, seededRandom } from './faults.js';
import type { ApiResponse } from './listing.js';
import type { TokenRow } from './model.js';
import { handleOAuth } from './oauth.js';
import { collectParams, parseBody } from './params.js';
import { SlidingWindowLimiter } from './rate-limit.js';
import { DEMO_OAUTH_CLIENT, seedDemo } from './seed.js';

export { EmulatorData } from './data.js';
export type { Faults } from './faults.js';

export interface EmulatorStats {
  /** Requests to the API and OAuth endpoints, rate-limited ones included (control endpoints not). */
  requests: number;
  /** Requests answered 429. */
  rateLimited: number;
}

export interface Emulator {
  /** http://127.0.0.1:PORT, no trailing slash; the API is under /v1, OAuth under /oauth. */
  url: string;
  close(): Promise<void>;
  faults: Faults;
  data: EmulatorData;
  stats: EmulatorStats;
  resetStats(): void;
  /**
   * Bodies played back instead of the emulator's own, by path (`/v1/me/programs`): a GET that the
   * emulator answers 200 gets this body instead, so bodies transcribed from the real service
   * (test/fixtures/service) go through the same auth and faults as any other answer.
   */
  replay: Map<string, unknown>;
}

export interface StartEmulatorOptions {
  port?: number;
  host?: string;
  /** Default 'demo'. The demo OAuth client is registered with either seed. */
  seed?: 'demo' | 'empty';
  /** Per-IP rate limit, default true (also switchable later through faults.rateLimit). */
  rateLimit?: boolean;
  /** Requests allowed per client IP in any sliding 1000 ms window, default 4. */
  perIpLimit?: number;
  /** The service clock (codes' expiry, created_at of new rows, the seed's programs). */
  now?: () => Date;
  /** Seed of the generator behind faults.errorRate. */
  randomSeed?: number;
  /** Sees every API and OAuth request as it arrives (e.g. to count polls per token and per source address). */
  onRequest?: (request: ObservedRequest) => void;
}

export interface ObservedRequest {
  method: string;
  path: string;
  /** The Bearer token, when one was sent. */
  token: string | undefined;
  /** The client's source address: the per-IP limit's key. */
  remoteAddress: string;
}

/** Bodies up to this size are read; larger ones get 413. Comments may be ~1 MB of kana. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;
/** Writes may carry a long comment in the query string, as the public service allows. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? 'too-large' : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, response: ApiResponse): void {
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string | number> = { ...(response.headers ?? {}) };
  if (response.body !== undefined) {
    headers['content-type'] = response.contentType ?? 'application/json; charset=utf-8';
    headers['content-length'] = Buffer.byteLength(response.body);
  } else if (response.status !== 204 && response.status !== 304) {
    headers['content-length'] = 0;
  }
  res.writeHead(response.status, headers);
  res.end(response.body);
}

function jsonError(status: number, type: string, message: string): ApiResponse {
  return {
    status,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ errors: [{ type, message }] }),
  };
}

const HTML_502: ApiResponse = {
  status: 502,
  contentType: 'text/html; charset=utf-8',
  body: '<!DOCTYPE html>\n<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>\n',
};

/** Everything one running emulator keeps between requests. */
interface EmulatorState {
  opts: StartEmulatorOptions;
  data: EmulatorData;
  faults: Faults;
  stats: EmulatorStats;
  limiter: SlidingWindowLimiter;
  random: () => number;
  replay: Map<string, unknown>;
  /** Aborted by close(), so that injected latency ends at once. */
  closing: AbortController;
}

/** Starts the emulator on 127.0.0.1 (port 0 = random by default). */
export async function startEmulator(opts: StartEmulatorOptions = {}): Promise<Emulator> {
  const state: EmulatorState = {
    opts,
    data: seededData(opts),
    faults: defaultFaults(opts.rateLimit ?? true),
    stats: { requests: 0, rateLimited: 0 },
    limiter: new SlidingWindowLimiter(opts.perIpLimit ?? 4, 1000),
    random: seededRandom(opts.randomSeed ?? 20240401),
    replay: new Map<string, unknown>(),
    closing: new AbortController(),
  };
  const sockets = new Set<Socket>();
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    handle(state, req, res).catch(() => {
      if (!res.headersSent && !res.destroyed)
        send(res, jsonError(500, 'server_error', 'Internal Server Error'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server, opts.port ?? 0, opts.host ?? '127.0.0.1');
  const { data, faults, stats, replay } = state;
  return {
    url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
    close: closer(server, sockets, state.closing),
    faults,
    data,
    stats,
    resetStats: () => resetStats(state),
    replay,
  };
}

/** The demo OAuth client is registered with either seed. */
function seededData(opts: StartEmulatorOptions): EmulatorData {
  const data = new EmulatorData(opts.now);
  data.createOAuthClient({
    id: DEMO_OAUTH_CLIENT.id,
    secret: DEMO_OAUTH_CLIENT.secret,
    name: DEMO_OAUTH_CLIENT.name,
  });
  if ((opts.seed ?? 'demo') === 'demo') seedDemo(data);
  return data;
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('emulator has no TCP address');
  return address.port;
}

/** close() ends injected latency, hung requests and open sockets; calling it twice is harmless. */
function closer(server: Server, sockets: Set<Socket>, closing: AbortController): () => Promise<void> {
  let closed: Promise<void> | undefined;
  return () => {
    closed ??= new Promise<void>((resolve) => {
      closing.abort();
      server.close(() => resolve());
      server.closeAllConnections();
      for (const socket of sockets) socket.destroy();
    });
    return closed;
  };
}

function resetStats({ stats, limiter }: EmulatorState): void {
  stats.requests = 0;
  stats.rateLimited = 0;
  limiter.reset();
}

function sleep(closing: AbortController, ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (closing.signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    closing.signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The /_emulator/ endpoints: read and patch faults, read and reset stats. */
async function control(
  state: EmulatorState,
  method: string,
  path: string,
  body: string,
): Promise<ApiResponse> {
  const { faults, stats } = state;
  const ok = (value: unknown): ApiResponse => ({ status: 200, body: JSON.stringify(value) });
  if (method === 'GET' && path === '/_emulator/faults') return ok(faultsToJson(faults));
  if (method === 'POST' && path === '/_emulator/faults') {
    let patch: unknown;
    try {
      patch = JSON.parse(body || '{}');
    } catch {
      return jsonError(400, 'invalid_params', 'body must be JSON');
    }
    const problems = applyFaultPatch(faults, patch);
    if (problems.length > 0) return jsonError(400, 'invalid_params', problems.join('; '));
    return ok(faultsToJson(faults));
  }
  if (method === 'POST' && path === '/_emulator/reset-faults') {
    Object.assign(faults, defaultFaults(state.opts.rateLimit ?? true));
    return ok(faultsToJson(faults));
  }
  if (method === 'GET' && path === '/_emulator/stats') return ok(stats);
  if (method === 'POST' && path === '/_emulator/reset-stats') {
    resetStats(state);
    return ok(stats);
  }
  return jsonError(404, 'unknown_route', 'unknown control endpoint');
}

async function handle(state: EmulatorState, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const body = await readBody(req);
  if (url.pathname.startsWith('/_emulator/')) {
    send(res, await control(state, req.method ?? 'GET', url.pathname, body === 'too-large' ? '' : body));
    return;
  }
  if (!admitted(state, req, url)) {
    send(res, { status: 429, contentType: 'text/plain; charset=utf-8', body: 'Retry later\n' });
    return;
  }
  const fault = await injectedFault(state);
  if (fault === 'no-answer') return; // never answered; close() destroys the socket
  if (fault) return send(res, fault);
  if (body === 'too-large')
    return send(res, jsonError(413, 'invalid_params', 'The request body is too large.'));
  send(res, truncatedIfAsked(state.faults, answerOrError(state, req, url, body)));
}

/** Counts and reports the request, then applies the per-IP limit (false: answer 429). */
function admitted(state: EmulatorState, req: IncomingMessage, url: URL): boolean {
  const { stats, faults, limiter } = state;
  stats.requests += 1;
  state.opts.onRequest?.({
    method: req.method ?? 'GET',
    path: url.pathname,
    token: /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1],
    remoteAddress: req.socket.remoteAddress ?? 'unknown',
  });
  if (faults.rateLimit && !limiter.tryAcquire(req.socket.remoteAddress ?? 'unknown')) {
    stats.rateLimited += 1;
    return false;
  }
  return true;
}

/** The faults that replace the answer (after any injected latency), or undefined for none. */
async function injectedFault({
  faults,
  random,
  closing,
}: EmulatorState): Promise<ApiResponse | 'no-answer' | undefined> {
  if (faults.hang) return 'no-answer';
  if (faults.latencyMs > 0) await sleep(closing, faults.latencyMs);
  if (faults.errorRate > 0 && random() < faults.errorRate) {
    return jsonError(faults.errorStatus, 'server_error', 'Internal Server Error');
  }
  if (faults.html) return HTML_502;
  if (faults.malformed) {
    return {
      status: 200,
      contentType: 'application/json; charset=utf-8',
      body: '{"works": [{"id": 1, "title": <',
    };
  }
  return undefined;
}

function answerOrError(state: EmulatorState, req: IncomingMessage, url: URL, body: string): ApiResponse {
  try {
    return answer(state, req, url, body);
  } catch (error) {
    return jsonError(500, 'server_error', error instanceof Error ? error.message : 'Internal Server Error');
  }
}

function truncatedIfAsked(faults: Faults, response: ApiResponse): ApiResponse {
  if (!faults.truncated || response.body === undefined) return response;
  const bytes = Buffer.from(response.body, 'utf8');
  return { ...response, body: bytes.subarray(0, Math.floor(bytes.length / 2)).toString('utf8') };
}

/** The real answer (or a played-back body), before faults that spoil bodies. */
function answer(state: EmulatorState, req: IncomingMessage, url: URL, body: string): ApiResponse {
  const response = ownAnswer(state, req, url, body);
  const canned = req.method === 'GET' && response.status === 200 ? state.replay.get(url.pathname) : undefined;
  return canned === undefined ? response : { ...response, body: JSON.stringify(canned) };
}

function ownAnswer(
  { data, faults }: EmulatorState,
  req: IncomingMessage,
  url: URL,
  body: string,
): ApiResponse {
  const parsed = parseBody(req.headers['content-type'], body);
  if (parsed === 'invalid') {
    return jsonError(400, 'invalid_params', 'The request body is not valid JSON.');
  }
  const tokenRow = (token: string): TokenRow | undefined => {
    const row = data.tokens.get(token);
    return row && !row.revoked && !faults.unauthorizedTokens.has(token) ? row : undefined;
  };
  const request = {
    method: req.method ?? 'GET',
    path: url.pathname,
    params: collectParams(url.searchParams, parsed),
    authorization: req.headers.authorization,
    tokenRow,
  };
  if (url.pathname.startsWith('/oauth/')) {
    const response = handleOAuth(data, request);
    if (response) return response;
  }
  return handleApi(data, request);
}
