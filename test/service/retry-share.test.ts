/**
 * The bot's own retries never count against a person. A 5xx, a timeout or a 429
 * pause costs the person one call at most (none, when the call ends in the service's fault), and an
 * outage ends as the service's error, never as the person's share.
 */
import { describe, expect, it } from 'vitest';
import { createRequestBudget, type RequestBudget } from '#src/service/wire/budget.js';
import { BudgetBusy, RateLimited, Unavailable } from '#src/service/wire/errors.js';
import { sendJson, sendText, useStub } from '../support/stub-server.js';
import { makeClient, TOKEN } from './helpers.js';

const stub = useStub();
const PERSON = '310000000000000001';
const lookup = { token: TOKEN, priority: 'interactive' as const, person: PERSON };

/** A fast budget with shares of at most 2 requests an hour (no equal part makes them more). */
function sharedBudget(): RequestBudget {
  return createRequestBudget({
    ratePerSecond: 500,
    initialPauseMs: 20,
    maxPauseMs: 80,
    personShare: { burst: 2, windowSeconds: 3600 },
    sharePeoplePerSecond: 0,
  });
}

/** Answers `status` to the first `failures` requests, then a page of works. */
function failFirst(failures: number, status = 500) {
  let seen = 0;
  stub.handle((_req, res) => {
    seen += 1;
    if (seen > failures) sendJson(res, 200, { works: [], total_count: 0, next_page: null, prev_page: null });
    else if (status === 429) sendText(res, 429, 'Retry later\n');
    else sendJson(res, status, { errors: [{ type: 'server_error', message: 'boom' }] });
  });
}

describe("retries and the person's share", () => {
  it('counts a call retried after 5xx answers once', async () => {
    failFirst(2);
    const budget = sharedBudget();
    const { client } = makeClient(stub.url, { budget });
    await client.works({}, lookup);
    expect(stub.requests).toHaveLength(3);
    // Before: each attempt took a request of the share (3 of 2: the retry itself was refused).
    expect(budget.shareOf(PERSON)?.used).toBe(1);
    budget.close();
  });

  it('counts a call retried after a 429 pause once', async () => {
    failFirst(1, 429);
    const budget = sharedBudget();
    const { client } = makeClient(stub.url, { budget });
    await client.works({}, lookup);
    expect(budget.shareOf(PERSON)?.used).toBe(1);
    budget.close();
  });

  it('gives the whole call back when the service keeps failing, and reports the outage as such', async () => {
    failFirst(100);
    const budget = sharedBudget();
    const { client } = makeClient(stub.url, { budget });
    // Twice the share in failed calls: each is the service's fault, so none is counted, and none is
    // refused for the share (before: "many requests" on the second call's first retry).
    for (let i = 0; i < 4; i++) {
      const error = await client.works({}, lookup).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Unavailable);
    }
    expect(budget.shareOf(PERSON)?.used).toBe(0);
    failFirst(100, 429);
    expect(await client.works({}, lookup).catch((e: unknown) => e)).toBeInstanceOf(RateLimited);
    expect(budget.shareOf(PERSON)?.used).toBe(0);
    budget.close();
  });

  it('ends with the service error when a retry cannot start in time', async () => {
    failFirst(100);
    // A budget whose retries cannot start: every call after the first waits longer than it may.
    const budget = createRequestBudget({
      ratePerSecond: 0.5,
      interactiveMaxWaitMs: 100,
      personShare: { burst: 2, windowSeconds: 3600 },
    });
    const { client } = makeClient(stub.url, { budget });
    const error = await client.works({}, lookup).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(BudgetBusy);
    expect(error).toBeInstanceOf(Unavailable);
    expect(stub.requests).toHaveLength(1);
    budget.close();
  });
});
