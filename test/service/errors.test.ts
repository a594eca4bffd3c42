import { describe, expect, it } from 'vitest';
import {
  InsufficientScope,
  InvalidParams,
  MalformedResponse,
  NotFound,
  RateLimited,
  ServiceError,
  Unauthorized,
  Unavailable,
} from '#src/service/wire/errors.js';
import { parseWwwAuthenticate } from '#src/service/wire/http.js';
import { captureLogger } from '../support/log-capture.js';
import { sendJson, sendText, useStub } from '../support/stub-server.js';
import { makeClient, TOKEN } from './helpers.js';

const stub = useStub();

const read = { token: TOKEN, priority: 'interactive' as const, person: null };
const write = { token: TOKEN, priority: 'write' as const, person: null };

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const serviceError = error as ServiceError;
  expect(serviceError.message).not.toContain(TOKEN);
  expect(String(serviceError.stack)).not.toContain(TOKEN);
  return serviceError;
}

describe('status -> typed error', () => {
  it('401 with an empty body and WWW-Authenticate invalid_token -> Unauthorized', async () => {
    stub.handle((_req, res) => {
      res.writeHead(401, {
        'www-authenticate':
          'Bearer realm="Doorkeeper", error="invalid_token", error_description="The access token is invalid"',
      });
      res.end();
    });
    const { client } = makeClient(stub.url);
    const error = await failure(client.me({}, read));
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error.status).toBe(401);
    expect((error as Unauthorized).authError).toBe('invalid_token');
    expect(error.operation).toBe('me');
    expect(stub.requests).toHaveLength(1); // never retried
  });

  it('403 insufficient_scope on a write -> InsufficientScope, not retried', async () => {
    stub.handle((_req, res) => {
      res.writeHead(403, { 'www-authenticate': 'Bearer realm="Doorkeeper", error="insufficient_scope"' });
      res.end();
    });
    const { client } = makeClient(stub.url);
    const error = await failure(client.createRecord({ episode_id: 1 }, write));
    expect(error).toBeInstanceOf(InsufficientScope);
    expect(error.status).toBe(403);
    expect(stub.requests).toHaveLength(1);
  });

  it('401 naming insufficient_scope -> InsufficientScope', async () => {
    stub.handle((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="insufficient_scope"' });
      res.end();
    });
    const { client } = makeClient(stub.url);
    expect(await failure(client.setStatus({ work_id: 1, kind: 'watching' }, write))).toBeInstanceOf(
      InsufficientScope,
    );
  });

  it('404 unknown_route -> NotFound with the error type', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 404, {
        errors: [
          {
            type: 'unknown_route',
            message: 'ルーティングが存在しません',
            developer_message: '404 Not Found',
          },
        ],
      }),
    );
    const { client } = makeClient(stub.url);
    const error = await failure(client.deleteRecord({ id: 99 }, write));
    expect(error).toBeInstanceOf(NotFound);
    expect((error as NotFound).errorType).toBe('unknown_route');
    expect(stub.requests).toHaveLength(1);
  });

  it('400 invalid_params -> InvalidParams with every message', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 400, {
        errors: [
          { type: 'invalid_params', message: 'per_page is invalid', developer_message: '1..50' },
          { type: 'invalid_params', message: 'sort_id is invalid' },
        ],
      }),
    );
    const { client } = makeClient(stub.url);
    const error = await failure(client.works({ per_page: 99 }, read));
    expect(error).toBeInstanceOf(InvalidParams);
    expect((error as InvalidParams).messages).toEqual(['per_page is invalid', 'sort_id is invalid']);
    expect(error.message).toContain('per_page is invalid; sort_id is invalid');
    expect(stub.requests).toHaveLength(1);
  });

  it('429 text/plain -> RateLimited after the bounded retries, pausing the budget each time', async () => {
    stub.handle((_req, res) => sendText(res, 429, 'Retry later'));
    const { client, budget } = makeClient(stub.url);
    const error = await failure(client.works({}, read));
    expect(error).toBeInstanceOf(RateLimited);
    expect(stub.requests).toHaveLength(3); // first attempt + 2 retries
    expect(budget.stats().rateLimitedCount).toBe(3);
  });

  it('429 on a write is retried (it was not processed), then succeeds', async () => {
    let calls = 0;
    stub.handle((_req, res) => {
      calls += 1;
      if (calls === 1) return sendText(res, 429, 'Retry later');
      res.writeHead(204);
      res.end();
    });
    const { client, budget } = makeClient(stub.url);
    await expect(client.setStatus({ work_id: 1, kind: 'watched' }, write)).resolves.toBe(true);
    expect(stub.requests).toHaveLength(2);
    expect(budget.stats().rateLimitedCount).toBe(1);
  });

  it('5xx with an HTML page -> Unavailable(server); GETs retried twice', async () => {
    stub.handle((_req, res) =>
      sendText(res, 502, '<html><body><h1>502 Bad Gateway</h1></body></html>', 'text/html'),
    );
    const { client } = makeClient(stub.url);
    const error = await failure(client.works({}, read));
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe('server');
    expect(error.status).toBe(502);
    expect(error.message).not.toContain('<html>');
    expect(stub.requests).toHaveLength(3);
  });

  it('5xx on a write is not retried', async () => {
    stub.handle((_req, res) => sendJson(res, 500, { error: 'boom' }));
    const { client } = makeClient(stub.url);
    expect(await failure(client.createRecord({ episode_id: 1, comment: 'x' }, write))).toBeInstanceOf(
      Unavailable,
    );
    expect(stub.requests).toHaveLength(1);
  });

  it('a GET that fails once with 503 then succeeds returns the data', async () => {
    let calls = 0;
    stub.handle((_req, res) => {
      calls += 1;
      if (calls === 1) return sendText(res, 503, 'down');
      sendJson(res, 200, { id: 1, username: 'alice' });
    });
    const { client } = makeClient(stub.url);
    await expect(client.me({}, read)).resolves.toMatchObject({ id: 1, username: 'alice' });
    expect(stub.requests).toHaveLength(2);
  });

  it('a hanging server -> Unavailable(timeout), retried for GETs', async () => {
    stub.handle(() => undefined); // never answers
    const { client } = makeClient(stub.url, { timeoutMs: 100 });
    const started = performance.now();
    const error = await failure(client.works({}, read));
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe('timeout');
    expect(stub.requests).toHaveLength(3);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('a server that stops sending mid-body -> Unavailable(timeout)', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"works": [');
    });
    const { client } = makeClient(stub.url, { timeoutMs: 100, retry: { maxRetries: 0 } });
    const error = await failure(client.works({}, read));
    expect((error as Unavailable).reason).toBe('timeout');
  });

  it('a refused connection -> Unavailable(network)', async () => {
    const { client } = makeClient('http://127.0.0.1:1', { retry: { maxRetries: 0 } });
    const error = await failure(client.works({}, read));
    expect(error).toBeInstanceOf(Unavailable);
    expect((error as Unavailable).reason).toBe('network');
  });

  it('a 418 (unmapped) -> plain ServiceError with the status', async () => {
    stub.handle((_req, res) => sendText(res, 418, 'teapot'));
    const { client } = makeClient(stub.url);
    const error = await failure(client.works({}, read));
    expect(error.constructor).toBe(ServiceError);
    expect(error.status).toBe(418);
  });
});

describe('malformed bodies -> MalformedResponse', () => {
  it('invalid JSON', async () => {
    stub.handle((_req, res) => sendText(res, 200, '{"works": [{"id": 1, "title": <', 'application/json'));
    const { client } = makeClient(stub.url);
    expect(await failure(client.works({}, read))).toBeInstanceOf(MalformedResponse);
    expect(stub.requests).toHaveLength(1); // not retried
  });

  it('a 200 HTML page', async () => {
    stub.handle((_req, res) => sendText(res, 200, '<!doctype html><p>maintenance</p>', 'text/html'));
    const { client } = makeClient(stub.url);
    expect(await failure(client.me({}, read))).toBeInstanceOf(MalformedResponse);
  });

  it('a body cut off by a closed connection', async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
      res.write('{"works": [{"id": 1, "ti', () => res.destroy());
    });
    const { client } = makeClient(stub.url);
    const error = await failure(client.works({}, read));
    expect(error).toBeInstanceOf(MalformedResponse);
    expect(error.message).toContain('cut off');
  });

  it('JSON that is truncated but correctly framed', async () => {
    stub.handle((_req, res) => sendText(res, 200, '{"works": [{"id": 1, "ti', 'application/json'));
    const { client } = makeClient(stub.url);
    expect(await failure(client.works({}, read))).toBeInstanceOf(MalformedResponse);
  });

  it('a schema mismatch of the wrapper names the path', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { works: [], total_count: 'one' }));
    const { client } = makeClient(stub.url);
    const error = await failure(client.works({}, read));
    expect(error).toBeInstanceOf(MalformedResponse);
    expect(error.message).toContain('total_count');
  });

  it('a missing wrapper key', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { items: [], total_count: 0 }));
    const { client } = makeClient(stub.url);
    expect(await failure(client.works({}, read))).toBeInstanceOf(MalformedResponse);
  });
});

describe('secrets stay out of logs', () => {
  it('logs operation, status, duration and priority, never the token', async () => {
    stub.handle((_req, res) => {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      res.end();
    });
    const { logger, lines } = captureLogger();
    const { client } = makeClient(stub.url, { logger });
    await failure(client.works({ filter_title: 'x' }, read));
    stub.handle((_req, res) => sendText(res, 503, 'down'));
    await failure(client.works({}, read));
    const output = lines();
    expect(output.join('\n')).not.toContain(TOKEN);
    const first = JSON.parse(output[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ operation: 'works', status: 401, priority: 'interactive' });
    expect(typeof first.durationMs).toBe('number');
    expect(output.some((line) => line.includes('retrying'))).toBe(true);
  });
});

describe('WWW-Authenticate parsing', () => {
  it('reads quoted and bare parameters', () => {
    expect(
      parseWwwAuthenticate(
        'Bearer realm="Doorkeeper", error="invalid_token", error_description="The \\"token\\""',
      ),
    ).toEqual({ realm: 'Doorkeeper', error: 'invalid_token', error_description: 'The "token"' });
    expect(parseWwwAuthenticate('Bearer error=insufficient_scope')).toEqual({ error: 'insufficient_scope' });
    expect(parseWwwAuthenticate(undefined)).toEqual({});
  });
});
