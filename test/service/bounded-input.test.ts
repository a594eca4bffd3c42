/** Per-zone caches are bounded and keyed by canonical names; service bodies and headers are read only so far. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '#src/config.js';
import { canonicalTimeZone, localDateOf, localDates, TIME_ZONE_CACHE_LIMIT } from '#src/lib/time-zone.js';
import { broadcastTime, wallClocks } from '#src/render/broadcast-day.js';
import { MalformedResponse } from '#src/service/wire/errors.js';
import { HttpTransport, parseWwwAuthenticate } from '#src/service/wire/http.js';
import { type Stub, sendText, startStub } from '../support/stub-server.js';

/** `count` distinct spellings of one zone, differing only in letter case. */
function spellings(zone: string, count: number): string[] {
  const letters = [...zone].map((char, index) => ({ char, index })).filter(({ char }) => /[a-z]/i.test(char));
  return Array.from({ length: count }, (_, n) => {
    const chars = [...zone];
    letters.forEach(({ char, index }, bit) => {
      chars[index] = (n >> bit) & 1 ? char.toUpperCase() : char.toLowerCase();
    });
    return chars.join('');
  });
}

describe('time-zone caches', () => {
  const zones = spellings('America/Argentina/Buenos_Aires', 1_000);

  it('stay bounded however many spellings of a zone arrive', () => {
    const at = new Date('2026-11-25T12:00:00Z');
    for (const zone of zones) {
      expect(localDateOf(at, zone)).toBe('2026-11-25');
      expect(broadcastTime(at, zone).hour).toBe(9);
    }
    expect(localDates.size).toBeLessThanOrEqual(TIME_ZONE_CACHE_LIMIT);
    expect(wallClocks.size).toBeLessThanOrEqual(TIME_ZONE_CACHE_LIMIT);
  });

  it("name every zone as the runtime's date formats do, listed zones and aliases alike", () => {
    const viaFormat = (zone: string) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
    const aliases = ['US/Eastern', 'Asia/Calcutta', 'utc', 'GMT', 'Etc/GMT+5', 'japan'];
    for (const zone of [...Intl.supportedValuesOf('timeZone'), ...aliases]) {
      for (const spelling of [zone, zone.toLowerCase(), zone.toUpperCase()])
        expect(canonicalTimeZone(spelling)).toBe(viaFormat(spelling));
    }
    expect(canonicalTimeZone('Asia/Tokio')).toBeUndefined();
  });

  it('store the canonical name: one zone, whatever its spelling', () => {
    expect(canonicalTimeZone('aSiA/tOkYo')).toBe('Asia/Tokyo');
    expect(canonicalTimeZone('Not/AZone')).toBeUndefined();
    expect(parseConfig({ DEFAULT_TIMEZONE: 'aSiA/tOkYo' }).defaultTimezone).toBe('Asia/Tokyo');
  });
});

describe('service responses', () => {
  let stub: Stub;
  let transport: HttpTransport;
  afterEach(async () => {
    await transport?.close();
    await stub?.close();
  });

  it('a body larger than the limit is refused as malformed, not read into memory', async () => {
    stub = await startStub((_request, response) => sendText(response, 200, 'x'.repeat(64 * 1024)));
    transport = new HttpTransport({ maxResponseBytes: 16 * 1024 });
    const sending = transport.send({
      operation: 'works',
      method: 'GET',
      url: new URL(`${stub.url}/v1/works`),
      timeoutMs: 5_000,
    });
    await expect(sending).rejects.toBeInstanceOf(MalformedResponse);
    const small = new HttpTransport({ maxResponseBytes: 128 * 1024 });
    const response = await small.send({
      operation: 'works',
      method: 'GET',
      url: new URL(`${stub.url}/v1/works`),
      timeoutMs: 5_000,
    });
    expect(response.body).toHaveLength(64 * 1024);
    await small.close();
  });

  it('a WWW-Authenticate header is parsed only over its first kilobyte', () => {
    expect(parseWwwAuthenticate('Bearer realm="Doorkeeper", error="invalid_token"')).toEqual({
      realm: 'Doorkeeper',
      error: 'invalid_token',
    });
    const padded = `Bearer ${'a=b, '.repeat(2_000)}error="insufficient_scope"`;
    expect(parseWwwAuthenticate(padded).error).toBeUndefined();
  });
});
