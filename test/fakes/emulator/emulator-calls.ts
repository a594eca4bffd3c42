/**
 * One emulator per test file (rate limit off, as most checks make several calls at once), with
 * small HTTP helpers for calling it as a client would.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { DEMO_TOKENS } from './seed.js';
import { type Emulator, startEmulator } from './server.js';

export type Json = Record<string, unknown>;

export interface EmulatorCalls {
  /** The file's emulator; set once beforeAll has run. */
  readonly emu: Emulator;
  call(
    path: string,
    init?: { method?: string; token?: string | null; body?: Record<string, string> },
    base?: Emulator,
  ): Promise<Response>;
  getJson(path: string, token?: string): Promise<Json>;
}

/** Registers the beforeAll/afterAll that start and close the file's emulator. */
export function emulatorPerFile(): EmulatorCalls {
  let emu: Emulator | undefined;
  beforeAll(async () => {
    emu = await startEmulator({ rateLimit: false });
  });
  afterAll(async () => {
    await emu?.close();
  });
  const started = (): Emulator => {
    if (!emu) throw new Error('the emulator is not started yet');
    return emu;
  };

  function call(
    path: string,
    init: { method?: string; token?: string | null; body?: Record<string, string> } = {},
    base = started(),
  ): Promise<Response> {
    const headers: Record<string, string> = {};
    const token = init.token === undefined ? DEMO_TOKENS.alice : init.token;
    if (token !== null) headers.authorization = `Bearer ${token}`;
    if (init.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    return fetch(`${base.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.body ? { body: new URLSearchParams(init.body).toString() } : {}),
    });
  }

  async function getJson(path: string, token: string = DEMO_TOKENS.alice): Promise<Json> {
    const res = await call(path, { token });
    expect(res.status, path).toBe(200);
    return (await res.json()) as Json;
  }

  return {
    get emu() {
      return started();
    },
    call,
    getJson,
  };
}

export function ids(list: unknown): number[] {
  return (list as { id: number }[]).map((item) => item.id);
}
