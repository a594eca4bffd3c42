/** /livez, /readyz and /healthz on the HTTP server: what each one asks and how it answers. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HealthReport, startHttpServer } from '#src/http/server.js';
import { createLogger } from '#src/logger.js';
import { KIROKU_VERSION } from '#src/version.js';
import { expectReady } from '../support/readiness.js';

describe('health endpoints', () => {
  let report: HealthReport = { gateway: true, store: true, jobs: true };
  let healthAsked = 0;
  let server: { port: number; close(): Promise<void> };
  const get = (path: string) => fetch(`http://127.0.0.1:${server.port}${path}`);

  beforeAll(async () => {
    server = await startHttpServer({
      port: 0,
      logger: createLogger('silent'),
      health: async () => {
        healthAsked += 1;
        return report;
      },
      metrics: async () => ({ contentType: 'text/plain', body: '' }),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('/readyz and /healthz answer 200 when the store, the gateway and the jobs are all fine', async () => {
    report = { gateway: true, store: true, jobs: true };
    for (const path of ['/readyz', '/healthz']) {
      await expectReady(await get(path));
    }
  });

  it.each([
    [{ gateway: false, store: true, jobs: true }, ['the Discord gateway is not ready']],
    [{ gateway: true, store: false, jobs: true }, ['the store does not answer']],
    [{ gateway: true, store: true, jobs: false }, ['the background jobs are not scheduled']],
    [
      { gateway: false, store: false, jobs: false },
      [
        'the Discord gateway is not ready',
        'the store does not answer',
        'the background jobs are not scheduled',
      ],
    ],
  ])('readiness %o answers 503 with the reasons in JSON', async (failing, reasons) => {
    report = failing;
    for (const path of ['/readyz', '/healthz']) {
      const response = await get(path);
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(await response.json()).toEqual({
        status: 'unready',
        reasons,
        version: KIROKU_VERSION,
        ...failing,
      });
    }
  });

  it('/livez answers 200 whatever readiness says, without asking the store or the gateway', async () => {
    report = { gateway: false, store: false, jobs: false };
    const asked = healthAsked;
    const response = await get('/livez');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(healthAsked).toBe(asked);
  });
});
