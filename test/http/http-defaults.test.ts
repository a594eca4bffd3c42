/** The HTTP server is closed by default beyond loopback, and the OAuth callback runs on GET only. */
import { fileURLToPath } from 'node:url';
import { ShardingManager } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '#src/config.js';
import { type HtmlPage, type HttpServerOptions, startHttpServer } from '#src/http/server.js';
import { createLogger } from '#src/logger.js';
import { startSupervisorHttp } from '#src/supervisor/supervisor-http.js';
import { captureLogger } from '../support/log-capture.js';

const METRICS_TOKEN = 'a-metrics-token-of-enough-length';
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function serve(options: Partial<HttpServerOptions>): Promise<string> {
  const server = await startHttpServer({
    port: 0,
    logger: createLogger('silent'),
    health: async () => ({ gateway: true, store: true, jobs: true }),
    metrics: async () => ({ contentType: 'text/plain', body: 'kiroku_up 1\n' }),
    ...options,
  });
  servers.push(server);
  return `http://127.0.0.1:${server.port}`;
}

describe('/metrics beyond loopback', () => {
  it('answers 401 without METRICS_TOKEN when listening on every interface, and says so at start', async () => {
    const logs = captureLogger('info');
    const base = await serve({ host: '0.0.0.0', logger: logs.logger });
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    // Health stays open, so the image keeps starting with only DISCORD_TOKEN.
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const warning = logs.records().find((record) => record.level === 40);
    expect(String(warning?.msg)).toMatch(/METRICS_TOKEN/);
  });

  it('stays open on loopback without a token, and needs the token when one is set', async () => {
    const loopback = await serve({ host: '127.0.0.1' });
    expect((await fetch(`${loopback}/metrics`)).status).toBe(200);
    const guarded = await serve({ host: '0.0.0.0', metricsToken: METRICS_TOKEN });
    expect((await fetch(`${guarded}/metrics`)).status).toBe(401);
    const authorised = await fetch(`${guarded}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(authorised.status).toBe(200);
  });

  it('the shard supervisor honours HTTP_HOST and METRICS_TOKEN as a single process does', async () => {
    const entry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
    const manager = new ShardingManager(entry, { token: 'unused', totalShards: 1, mode: 'process' });
    const server = await startSupervisorHttp({
      port: 0,
      host: '0.0.0.0',
      metricsToken: undefined,
      manager,
      shards: 1,
      logger: createLogger('silent'),
    });
    servers.push(server);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(401);
    const tokened = await startSupervisorHttp({
      port: 0,
      host: '127.0.0.1',
      metricsToken: METRICS_TOKEN,
      manager,
      shards: 1,
      logger: createLogger('silent'),
    });
    servers.push(tokened);
    expect((await fetch(`http://127.0.0.1:${tokened.port}/metrics`)).status).toBe(401);
  });
});

describe('the OAuth callback', () => {
  function recordingCallback() {
    const calls: string[] = [];
    const page: HtmlPage = { status: 200, html: '<p>ok</p>' };
    return {
      calls,
      handler: {
        show: async () => {
          calls.push('show');
          return page;
        },
        confirm: async () => {
          calls.push('confirm');
          return page;
        },
      },
    };
  }

  it('refuses HEAD without running the GET handler (which consumes the state and the code)', async () => {
    const { calls, handler } = recordingCallback();
    const base = await serve({ oauthCallback: handler });
    const head = await fetch(`${base}/oauth/callback?state=s&code=c`, { method: 'HEAD' });
    expect(head.status).toBe(405);
    expect(head.headers.get('allow')).toBe('GET, POST');
    expect(calls).toEqual([]);
    expect((await fetch(`${base}/oauth/callback?state=s&code=c`)).status).toBe(200);
    expect(calls).toEqual(['show']);
  });

  it('sends HSTS on the pages when PUBLIC_URL is https, and not otherwise', async () => {
    const secure = await serve({ oauthCallback: recordingCallback().handler, httpsOnly: true });
    const page = await fetch(`${secure}/oauth/callback?state=s`);
    expect(page.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    const trial = await serve({ oauthCallback: recordingCallback().handler });
    expect(
      (await fetch(`${trial}/oauth/callback?state=s`)).headers.get('strict-transport-security'),
    ).toBeNull();
  });
});

describe('PUBLIC_URL', () => {
  it('must be https, except http on this machine for trials', () => {
    expect(() => parseConfig({ PUBLIC_URL: 'http://bot.example' })).toThrow(ConfigError);
    expect(() => parseConfig({ PUBLIC_URL: 'http://bot.example' })).toThrow(
      /PUBLIC_URL: must start with https/,
    );
    expect(parseConfig({ PUBLIC_URL: 'https://bot.example/' }).publicUrl).toBe('https://bot.example');
    expect(parseConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(parseConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
  });
});
