import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Logger } from '../logger.js';

export interface HealthReport {
  gateway: boolean;
  store: boolean;
}

export interface HttpServerOptions {
  port: number;
  host?: string;
  logger: Logger;
  health(): Promise<HealthReport>;
  metrics(): Promise<{ contentType: string; body: string }>;
  /** Finishes an OAuth link from the service's redirect; present when PUBLIC_URL is set. */
  oauthCallback?(query: URLSearchParams): Promise<{ status: number; html: string }>;
}

/** Health, Prometheus metrics and the OAuth redirect callback on HTTP_PORT. */
export async function startHttpServer(
  options: HttpServerOptions,
): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    void route(options, request, response).catch((error: unknown) => {
      options.logger.error({ err: error, path: request.url?.split('?')[0] }, 'http handler failed');
      if (!response.headersSent) send(response, 500, 'text/plain; charset=utf-8', 'internal error\n');
      else response.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  options.logger.info({ port }, 'http server listening');
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
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    send(response, 405, 'text/plain; charset=utf-8', 'method not allowed\n');
    return;
  }
  switch (url.pathname) {
    case '/healthz': {
      const report = await options.health();
      const healthy = report.gateway && report.store;
      send(
        response,
        healthy ? 200 : 503,
        'application/json',
        JSON.stringify({ status: healthy ? 'ok' : 'unhealthy', ...report }),
      );
      return;
    }
    case '/metrics': {
      const metrics = await options.metrics();
      send(response, 200, metrics.contentType, metrics.body);
      return;
    }
    case '/oauth/callback':
      if (options.oauthCallback) {
        const result = await options.oauthCallback(url.searchParams);
        send(response, result.status, 'text/html; charset=utf-8', result.html);
        return;
      }
      break;
  }
  send(response, 404, 'text/plain; charset=utf-8', 'not found\n');
}

function send(response: ServerResponse, status: number, contentType: string, body: string): void {
  response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
  response.end(body);
}
