/** What /readyz (and its alias /healthz) answers when kiroku is ready, asserted the same way everywhere. */
import { expect } from 'vitest';
import { KIROKU_VERSION } from '#src/version.js';

/** The body of a ready answer: the version, and the gateway, the store and the jobs all fine. */
export const READY_BODY = {
  status: 'ok',
  version: KIROKU_VERSION,
  gateway: true,
  store: true,
  jobs: true,
} as const;

/** Expects `response` to be a ready answer: 200 with READY_BODY. */
export async function expectReady(response: Response): Promise<void> {
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual(READY_BODY);
}
