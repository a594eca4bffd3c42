import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isLoopbackHost } from '../config.js';
import { type Locale, localeFromAcceptLanguage } from '../i18n/locale.js';
import type { Logger } from '../logger.js';
import { KIROKU_VERSION } from '../version.js';

/** Readiness: what must hold for this process to serve (each false one is a reason in /readyz). */
export interface HealthReport {
  gateway: boolean;
  store: boolean;
  /** The background jobs are scheduled (or, when the caller runs them by hand, not this process's to schedule). */
  jobs: boolean;
}

export const UNREADY_REASONS: Record<keyof HealthReport, string> = {
  gateway: 'the Discord gateway is not ready',
  store: 'the store does not answer',
  jobs: 'the background jobs are not scheduled',
};

/** Why the process is not ready; empty when it is. */
export function unreadyReasons(report: HealthReport): string[] {
  return (Object.keys(UNREADY_REASONS) as Array<keyof HealthReport>)
    .filter((part) => !report[part])
    .map((part) => UNREADY_REASONS[part]);
}

/** An HTML page for a browser: the OAuth callback's confirmation and result pages. */
export interface HtmlPage {
  status: number;
  html: string;
}

/**
 * The OAuth redirect callback. A GET only shows what would be linked; only the confirmation form's
 * POST links (a link on GET could be triggered by anyone who gets a browser to open the URL).
 */
export interface OAuthCallbackHandler {
  /** `browser`: the language the browser asks for, for pages that know no Discord user's language. */
  show(query: URLSearchParams, browser: Locale): Promise<HtmlPage>;
  confirm(form: URLSearchParams, browser: Locale): Promise<HtmlPage>;
}

export interface HttpServerOptions {
  port: number;
  /** Interface to bind; 127.0.0.1 unless told otherwise (HTTP_HOST). */
  host?: string;
  logger: Logger;
  health(): Promise<HealthReport>;
  metrics(): Promise<{ contentType: string; body: string }>;
  /**
   * When set, /metrics answers 401 without `Authorization: Bearer <metricsToken>`. When unset, it is
   * served only on a loopback interface: listening beyond it, /metrics answers 401 to everyone.
   */
  metricsToken?: string;
  /** Present when PUBLIC_URL is set. */
  oauthCallback?: OAuthCallbackHandler;
  /** PUBLIC_URL is https: the pages tell browsers to use nothing else (HSTS). */
  httpsOnly?: boolean;
}

/** Sent on the pages when PUBLIC_URL is https: a year, the usual preload-ready value. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** How /metrics is guarded: by its token, open on loopback only, or closed beyond loopback without one. */
type MetricsGuard = { kind: 'token'; token: string } | { kind: 'open' } | { kind: 'closed' };

function metricsGuard(options: HttpServerOptions): MetricsGuard {
  if (options.metricsToken !== undefined) return { kind: 'token', token: options.metricsToken };
  return isLoopbackHost(options.host ?? '127.0.0.1') ? { kind: 'open' } : { kind: 'closed' };
}

/** A form with one token and one action; anything bigger is not ours. */
const MAX_FORM_BYTES = 4 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const TEXT = 'text/plain; charset=utf-8';

/** Pages can run nothing, load nothing, be framed by no one, and post only back here. */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Health, Prometheus metrics and the OAuth redirect callback on HTTP_PORT. */
export async function startHttpServer(
  options: HttpServerOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void route(options, request, response).catch((error: unknown) => {
      if (error instanceof HttpRefusal) {
        if (!response.headersSent) send(response, error.status, TEXT, `${error.message}\n`);
        return;
      }
      options.logger.error({ err: error, path: request.url?.split('?')[0] }, 'http handler failed');
      if (!response.headersSent) send(response, 500, TEXT, 'internal error\n');
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 30_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ port, host }, 'http server listening');
  if (metricsGuard(options).kind === 'closed') {
    options.logger.warn(
      { host },
      'http: /metrics answers 401 because the server listens beyond loopback and METRICS_TOKEN is unset; set METRICS_TOKEN (16+ characters) and send "Authorization: Bearer <METRICS_TOKEN>" to read it',
    );
  }
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function route(
  options: HttpServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const method = request.method ?? 'GET';
  const callback = url.pathname === '/oauth/callback' ? options.oauthCallback : undefined;
  const browser = localeFromAcceptLanguage(request.headers['accept-language']);
  if (callback && method === 'POST') {
    sendPage(response, await callback.confirm(await readForm(request), browser), options);
    return;
  }
  // The callback's GET consumes the state and exchanges the code: a HEAD (a link preview, a
  // prefetcher) must not do that, so the callback answers GET only.
  const allowed = callback ? ['GET', 'POST'] : ['GET', 'HEAD'];
  if (!allowed.includes(method)) {
    response.writeHead(405, {
      'content-type': TEXT,
      'cache-control': 'no-store',
      allow: allowed.join(', '),
    });
    response.end('method not allowed\n');
    return;
  }
  switch (url.pathname) {
    // Liveness: answering at all shows the process and its event loop run. Nothing else is asked, so
    // an orchestrator does not restart a bot that is merely reconnecting to Discord.
    case '/livez':
      send(response, 200, 'application/json', JSON.stringify({ status: 'ok' }));
      return;
    // Readiness; /healthz is its older name.
    case '/readyz':
    case '/healthz':
      return sendReadiness(options, response);
    case '/metrics':
      return sendMetrics(options, request, response);
    case '/oauth/callback':
      if (callback) {
        sendPage(response, await callback.show(url.searchParams, browser), options);
        return;
      }
      break;
  }
  send(response, 404, TEXT, 'not found\n');
}

/** 200 when the gateway, the store and the jobs are all fine, 503 with the reasons otherwise. */
async function sendReadiness(options: HttpServerOptions, response: ServerResponse): Promise<void> {
  const report = await options.health();
  const reasons = unreadyReasons(report);
  const body =
    reasons.length === 0
      ? { status: 'ok', version: KIROKU_VERSION, ...report }
      : { status: 'unready', reasons, version: KIROKU_VERSION, ...report };
  send(response, reasons.length === 0 ? 200 : 503, 'application/json', JSON.stringify(body));
}

/** The metrics exposition, behind the bearer token (or closed) as the options say. */
async function sendMetrics(
  options: HttpServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const guard = metricsGuard(options);
  if (guard.kind === 'closed' || (guard.kind === 'token' && !bearerMatches(request, guard.token))) {
    response.writeHead(401, {
      'content-type': TEXT,
      'cache-control': 'no-store',
      'www-authenticate': 'Bearer realm="metrics"',
    });
    response.end('unauthorized\n');
    return;
  }
  const metrics = await options.metrics();
  send(response, 200, metrics.contentType, metrics.body);
}

/** Compares digests, so the time taken says nothing about the token or its length. */
function bearerMatches(request: IncomingMessage, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const presented = /^Bearer (.+)$/i.exec(header)?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** The urlencoded body, at most MAX_FORM_BYTES; anything else is refused before it is parsed. */
async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== FORM_TYPE) {
    request.resume();
    throw new HttpRefusal(415, 'unsupported media type');
  }
  if (Number(request.headers['content-length'] ?? 0) > MAX_FORM_BYTES) {
    request.resume();
    throw new HttpRefusal(413, 'request body too large');
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_FORM_BYTES) {
        chunks.push(chunk);
        return;
      }
      // Drop the rest unread (the request timeout bounds it) so the 413 can still be answered.
      request.off('data', onData);
      request.resume();
      reject(new HttpRefusal(413, 'request body too large'));
    };
    request.on('data', onData);
    request.once('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.once('error', reject);
  });
}

function sendPage(response: ServerResponse, page: HtmlPage, options: HttpServerOptions): void {
  response.writeHead(page.status, {
    ...HTML_HEADERS,
    'cache-control': 'no-store',
    ...(options.httpsOnly ? { 'strict-transport-security': HSTS } : {}),
  });
  response.end(page.html);
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}
