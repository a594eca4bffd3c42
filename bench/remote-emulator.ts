/**
 * The emulator in its own process (test/fakes/emulator/cli.ts), so that its work does not share the bot's
 * event loop when latency is measured. Faults and stats go through its control endpoints.
 */
import { spawnScript } from './spawn.js';

export interface RemoteEmulator {
  url: string;
  setFaults(patch: { latencyMs?: number; rateLimit?: boolean }): Promise<void>;
  stats(): Promise<{ requests: number; rateLimited: number }>;
  close(): Promise<void>;
}

export async function startRemoteEmulator(options: { rateLimit: boolean }): Promise<RemoteEmulator> {
  const child = spawnScript({
    runner: 'node',
    script: 'test/fakes/emulator/cli.ts',
    args: ['--port', '0', ...(options.rateLimit ? [] : ['--no-rate-limit'])],
  });
  const { line } = await child.waitForLine(/listening on http:\/\/127\.0\.0\.1:\d+/, 30_000);
  const url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
  if (!url) {
    await child.stop();
    throw new Error(`emulator printed no URL: ${line}`);
  }
  const control = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return {
    url,
    async setFaults(patch) {
      await control('POST', '/_emulator/faults', patch);
    },
    async stats() {
      const stats = (await control('GET', '/_emulator/stats')) as { requests: number; rateLimited: number };
      return { requests: stats.requests, rateLimited: stats.rateLimited };
    },
    close: () => child.stop(),
  };
}
