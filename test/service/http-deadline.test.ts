/**
 * A request's deadline ends with its answer. An AbortSignal.timeout stays armed after the
 * answer and fires anyway, building a TimeoutError with its stack and an abort event for every request
 * made, in whatever the event loop runs by then.
 */
import { createHook } from 'node:async_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { Unavailable } from '#src/service/wire/errors.js';
import { HttpTransport } from '#src/service/wire/http.js';
import { type Stub, sendText, startStub } from '../support/stub-server.js';

/** A deadline no other timer in the process uses, to tell the transport's own timer apart. */
const TIMEOUT_MS = 4_321;

/** Timers of `TIMEOUT_MS` created while `run` runs, and which of them are still armed afterwards. */
async function deadlinesLeftArmed(run: () => Promise<unknown>): Promise<{ created: number; armed: number }> {
  const armed = new Set<number>();
  let created = 0;
  const hook = createHook({
    init(asyncId, type, _trigger, resource) {
      if (type !== 'Timeout' || (resource as { _idleTimeout?: number })._idleTimeout !== TIMEOUT_MS) return;
      created += 1;
      armed.add(asyncId);
    },
    destroy(asyncId) {
      armed.delete(asyncId);
    },
  });
  hook.enable();
  try {
    await run();
    // A cleared timer is destroyed asynchronously.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    hook.disable();
  }
  return { created, armed: armed.size };
}

describe('service request deadline', () => {
  let stub: Stub;
  let transport: HttpTransport;
  afterEach(async () => {
    await transport?.close();
    await stub?.close();
  });

  const send = (timeoutMs = TIMEOUT_MS) =>
    transport.send({ operation: 'works', method: 'GET', url: new URL(`${stub.url}/v1/works`), timeoutMs });

  it('is disarmed once the answer is in', async () => {
    stub = await startStub((_request, response) => sendText(response, 200, '{"works":[]}'));
    transport = new HttpTransport();
    const deadlines = await deadlinesLeftArmed(async () => {
      for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    });
    expect(deadlines.created).toBe(5);
    expect(deadlines.armed).toBe(0);
  });

  it('still gives up on a service that does not answer in time', async () => {
    stub = await startStub(() => undefined);
    transport = new HttpTransport();
    const sending = send(200);
    await expect(sending).rejects.toBeInstanceOf(Unavailable);
  });
});
