/** A tiny loopback HTTP stub for the service-client unit tests (not the emulator). */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';

export interface StubRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
  /** The client's port: equal ports mean a reused (keep-alive) connection. */
  remotePort: number | undefined;
}

export type StubHandler = (request: StubRequest, response: ServerResponse) => void | Promise<void>;

export interface Stub {
  url: string;
  requests: StubRequest[];
  handle(handler: StubHandler): void;
  close(): Promise<void>;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  response.end(body);
}

export function sendText(
  response: ServerResponse,
  status: number,
  text: string,
  contentType = 'text/plain',
): void {
  response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export async function startStub(initial: StubHandler = (_req, res) => sendJson(res, 200, {})): Promise<Stub> {
  let handler = initial;
  const requests: StubRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: StubRequest = {
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://127.0.0.1'),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        remotePort: req.socket.remotePort,
      };
      requests.push(request);
      Promise.resolve(handler(request, res)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A stub for the enclosing file or describe block: started before its tests, its request log
 * emptied after each test, closed after all of them. Read it only inside tests and hooks.
 */
export function useStub(initial?: StubHandler): Stub {
  let stub: Stub | undefined;
  const started = (): Stub => {
    if (!stub) throw new Error('the stub is not started: use it inside a test or a hook');
    return stub;
  };
  beforeAll(async () => {
    stub = await startStub(initial);
  });
  afterEach(() => {
    if (stub) stub.requests.length = 0;
  });
  afterAll(async () => {
    await stub?.close();
  });
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    handle: (handler) => started().handle(handler),
    close: () => started().close(),
  };
}
