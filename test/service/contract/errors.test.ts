/**
 * Contract: every error shape the service (emulator) produces maps to the client's typed error.
 * Retries are off unless a test says otherwise, so one call is one HTTP attempt.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CallOptions,
  InsufficientScope,
  InvalidParams,
  MalformedResponse,
  NotFound,
  RateLimited,
  ServiceError,
  Unauthorized,
  Unavailable,
} from '#src/service/index.js';
import { clearAnswerFaults } from '../../fakes/emulator/faults.js';
import { DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';
import { type ContractRig, rejectionOf, startRig } from './helpers.js';

const alice: CallOptions = { token: DEMO_TOKENS.alice, priority: 'interactive', person: null };
const aliceRead: CallOptions = { token: DEMO_TOKENS.aliceRead, priority: 'write', person: null };

let rig: ContractRig;
const faults = () => rig.emulator.faults;

beforeAll(async () => {
  rig = await startRig();
});
afterAll(async () => {
  await rig?.close();
});
afterEach(() => {
  clearAnswerFaults(faults());
  faults().rateLimit = false;
  faults().unauthorizedTokens.clear();
});

/** A record of bob's (not alice's). */
function bobsRecordId(): number {
  const row = [...rig.emulator.data.records.values()].find((r) => r.userId === DEMO_USERS.bob.id);
  if (!row) throw new Error('bob has no record');
  return row.id;
}

function expectNoSecret(error: unknown, ...secrets: string[]): void {
  const text = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
  for (const secret of secrets) expect(text).not.toContain(secret);
}

describe('401, 403, 404', () => {
  it('401 (empty body + WWW-Authenticate) -> Unauthorized, without the token in the message', async () => {
    const bogus = 'not-a-real-token-0123456789';
    const error = await rejectionOf(
      rig.client.me({}, { token: bogus, priority: 'interactive', person: null }),
    );
    expect(error).toBeInstanceOf(Unauthorized);
    expect(error).toMatchObject({ status: 401, authError: 'invalid_token', operation: 'me' });
    expectNoSecret(error, bogus);

    // A token the service stops accepting mid-way (as if revoked).
    faults().unauthorizedTokens.add(DEMO_TOKENS.bob);
    const revoked = await rejectionOf(rig.client.works({}, { token: DEMO_TOKENS.bob, priority: 'poll' }));
    expect(revoked).toBeInstanceOf(Unauthorized);
    expectNoSecret(revoked, DEMO_TOKENS.bob);

    // No token at all: the client sends no Authorization header; the service answers 401.
    const none = await rejectionOf(
      rig.client.works({}, { token: '', priority: 'interactive', person: null }),
    );
    expect(none).toBeInstanceOf(Unauthorized);
    expect(rig.transport.last('works').headers.authorization).toBeUndefined();
  });

  it('403 insufficient_scope: a read-only token on every write -> InsufficientScope, nothing written', async () => {
    const before = rig.emulator.data.records.size;
    const ownRecord = [...rig.emulator.data.records.values()].find((r) => r.userId === DEMO_USERS.alice.id)!;
    // Each rejection is caught at once: awaited one by one, a later one could reject unhandled first.
    const writes = [
      rig.client.createRecord({ episode_id: 1, comment: 'nope' }, aliceRead),
      rig.client.editRecord({ id: ownRecord.id, comment: 'nope' }, aliceRead),
      rig.client.deleteRecord({ id: ownRecord.id }, aliceRead),
      rig.client.setStatus({ work_id: DEMO_WORKS.koshoten, kind: 'watched' }, aliceRead),
    ].map(rejectionOf);
    for (const write of writes) {
      const error = await write;
      expect(error).toBeInstanceOf(InsufficientScope);
      expect((error as InsufficientScope).status).toBe(403);
      expectNoSecret(error, DEMO_TOKENS.aliceRead);
    }
    expect(rig.emulator.data.records.size).toBe(before);
    expect(rig.emulator.data.records.get(ownRecord.id)?.comment).toBe(ownRecord.comment);
    expect(rig.emulator.data.statusOf(DEMO_USERS.alice.id, DEMO_WORKS.koshoten)).toBeUndefined();
    // The same token reads fine.
    await expect(rig.client.me({}, aliceRead)).resolves.toMatchObject({ id: DEMO_USERS.alice.id });
  });

  it("404: editing or deleting someone else's record -> NotFound, record untouched", async () => {
    const id = bobsRecordId();
    const comment = rig.emulator.data.records.get(id)?.comment;
    const edit = await rejectionOf(rig.client.editRecord({ id, comment: 'hijack' }, alice));
    expect(edit).toBeInstanceOf(NotFound);
    expect(edit).toMatchObject({ status: 404, errorType: 'unknown_route', operation: 'edit_record' });
    const del = await rejectionOf(rig.client.record(id).delete(alice));
    expect(del).toBeInstanceOf(NotFound);
    expect(rig.emulator.data.records.get(id)?.comment).toBe(comment);

    // A record that does not exist, and an episode that does not exist.
    expect(await rejectionOf(rig.client.deleteRecord({ id: 987654 }, alice))).toBeInstanceOf(NotFound);
    expect(await rejectionOf(rig.client.createRecord({ episode_id: 987654 }, alice))).toBeInstanceOf(
      NotFound,
    );
  });
});

describe('400 invalid_params', () => {
  it('per_page 51 is not refused locally: the service answers 400 -> InvalidParams with its message', async () => {
    const requestsBefore = rig.emulator.stats.requests;
    const error = await rejectionOf(rig.client.works({ per_page: 51 }, alice));
    // One request reached the service: the client does not validate per_page itself.
    expect(rig.emulator.stats.requests).toBe(requestsBefore + 1);
    expect(error).toBeInstanceOf(InvalidParams);
    // The service's message is its generic Japanese "the request failed"; the detail is in developer_message.
    expect(error).toMatchObject({ status: 400, operation: 'works', messages: ['リクエストに失敗しました'] });
  });

  it('several failed checks give one message each (bad season, page 0, bad sort)', async () => {
    const error = await rejectionOf(
      rig.client.request('works', { filter_season: 'spring-2024', page: 0, per_page: 0 }, alice),
    );
    expect(error).toBeInstanceOf(InvalidParams);
    expect((error as InvalidParams).messages).toEqual(Array(3).fill('リクエストに失敗しました'));

    const season = await rejectionOf(rig.client.myWorks({ filter_season: '2024-all-year' }, alice));
    expect(season).toMatchObject({ messages: ['リクエストに失敗しました'] });
  });

  it('a too-long comment: model validation with one message and no developer_message', async () => {
    const comment = 'あ'.repeat(1_048_597);
    const error = await rejectionOf(rig.client.createRecord({ episode_id: 1, comment }, alice));
    expect(error).toBeInstanceOf(InvalidParams);
    // The record form's own Japanese message (rails/spec/requests/api/v1/me/records/create_spec.rb).
    expect((error as InvalidParams).messages).toEqual(['感想は1048596文字以内で入力してください']);
  });
});

describe('429, 5xx, HTML, timeouts, bad bodies', () => {
  it('429 text/plain -> RateLimited; the budget counts it and pauses', async () => {
    faults().rateLimit = true;
    rig.emulator.resetStats();
    const { client, budget } = rig.makeClient({ budget: { ratePerSecond: 1000, initialPauseMs: 200 } });
    let pausedAtFirst429: number | null | undefined;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        client
          .works({ per_page: 1 }, { token: DEMO_TOKENS.alice, priority: 'poll' })
          .catch((error: unknown) => {
            pausedAtFirst429 ??= budget.stats().pausedUntil;
            throw error;
          }),
      ),
    );
    const limited = results.filter((r) => r.status === 'rejected');
    for (const r of limited) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(RateLimited);
    expect(limited.length).toBeGreaterThan(0);
    // With retries off, each RateLimited is exactly one 429 from the emulator.
    expect(rig.emulator.stats.rateLimited).toBe(limited.length);
    // The sliding window was empty: the first four always get through.
    expect(results.length - limited.length).toBeGreaterThanOrEqual(4);
    expect(budget.stats().rateLimitedCount).toBe(limited.length);
    // The first 429 paused the whole budget.
    expect(pausedAtFirst429).toEqual(expect.any(Number));
    const error = (limited[0] as PromiseRejectedResult).reason as RateLimited;
    expect(error).toMatchObject({ status: 429, operation: 'works' });
  });

  it('5xx -> Unavailable("server"); GETs are retried, writes are not', async () => {
    faults().errorRate = 1;
    faults().errorStatus = 503;
    const error = await rejectionOf(rig.client.works({}, alice));
    expect(error).toBeInstanceOf(Unavailable);
    expect(error).toMatchObject({ reason: 'server', status: 503 });

    const { client } = rig.makeClient({ retry: { maxRetries: 2, sleep: async () => undefined } });
    rig.emulator.resetStats();
    expect(await rejectionOf(client.me({}, alice))).toMatchObject({ reason: 'server', status: 503 });
    expect(rig.emulator.stats.requests).toBe(3);
    rig.emulator.resetStats();
    const write = await rejectionOf(
      client.setStatus({ work_id: DEMO_WORKS.koshoten, kind: 'watched' }, alice),
    );
    expect(write).toBeInstanceOf(Unavailable);
    expect(rig.emulator.stats.requests).toBe(1);

    // Recovery: the retried GET succeeds once the service is back.
    faults().errorRate = 0;
    await expect(client.me({}, alice)).resolves.toMatchObject({ id: DEMO_USERS.alice.id });
  });

  it('an HTML 502 page from a proxy -> Unavailable("server") (mapped by status, body ignored)', async () => {
    faults().html = true;
    const error = await rejectionOf(rig.client.records({}, alice));
    expect(error).toBeInstanceOf(Unavailable);
    expect(error).toMatchObject({ reason: 'server', status: 502 });
  });

  it('a hanging service -> Unavailable("timeout") after timeoutMs', async () => {
    faults().hang = true;
    const { client } = rig.makeClient({ timeoutMs: 150 });
    const error = await rejectionOf(client.me({}, alice));
    expect(error).toBeInstanceOf(Unavailable);
    expect(error).toMatchObject({ reason: 'timeout' });
    const write = await rejectionOf(client.createRecord({ episode_id: 1 }, alice));
    expect(write).toMatchObject({ reason: 'timeout' });
  });

  it('malformed JSON with status 200 -> MalformedResponse', async () => {
    faults().malformed = true;
    const error = await rejectionOf(rig.client.works({}, alice));
    expect(error).toBeInstanceOf(MalformedResponse);
    expect(error).toMatchObject({ status: 200, operation: 'works' });
  });

  it('a truncated JSON body -> MalformedResponse (lists, single resources and writes)', async () => {
    faults().truncated = true;
    expect(await rejectionOf(rig.client.works({ per_page: 5 }, alice))).toBeInstanceOf(MalformedResponse);
    expect(await rejectionOf(rig.client.me({}, alice))).toBeInstanceOf(MalformedResponse);
    const before = rig.emulator.data.records.size;
    const write = await rejectionOf(rig.client.createRecord({ episode_id: 2, comment: 'cut' }, alice));
    expect(write).toBeInstanceOf(MalformedResponse);
    // The write itself happened; only its answer was cut off.
    expect(rig.emulator.data.records.size).toBe(before + 1);
    // A 204 has no body to cut: success indicators still work.
    await expect(
      rig.client.setStatus({ work_id: DEMO_WORKS.koshoten, kind: 'on_hold' }, alice),
    ).resolves.toBe(true);
  });

  it('every typed error is a ServiceError carrying the operation', async () => {
    faults().errorRate = 1;
    const error = await rejectionOf(rig.client.followingActivities({}, alice));
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as ServiceError).operation).toBe('following_activities');
  });
});
