/**
 * A start that fails half-way (Discord refuses the token, the HTTP port is taken) closes what it had
 * opened, as `stop()` would: nothing of it is left running behind the error.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startKiroku } from '#src/app.js';
import { parseConfig } from '#src/config.js';
import { createLogger } from '#src/logger.js';
import { HttpTransport } from '#src/service/index.js';
import { fakesEnv } from '../support/fakes-env.js';
import { RELAXED_INTERACTION_LIMITS } from '../support/relaxed-limits.js';
import { useFakes } from '../support/use-fakes.js';

describe('a start that fails half-way', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 1 } });
  let dataDir: string;
  let occupied: Server | undefined;

  afterEach(async () => {
    vi.restoreAllMocks();
    await new Promise<void>((resolve) => (occupied ? occupied.close(() => resolve()) : resolve()));
    occupied = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(env: Record<string, string>) {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-start-'));
    const config = parseConfig({
      ...fakesEnv(discord, emulator),
      DATA_DIR: dataDir,
      ...env,
    });
    return startKiroku({
      config,
      logger: createLogger('silent'),
      startJobs: false,
      interactionLimits: RELAXED_INTERACTION_LIMITS,
    });
  }

  /**
   * The store's SQLite file runs in WAL mode: its `-wal` file exists while a connection is open and
   * is removed when the last one closes. The service client's connection pools close with `close()`.
   */
  function expectClosed(poolsClosed: { mock: { calls: unknown[] } }) {
    expect(existsSync(path.join(dataDir, 'kiroku.sqlite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'kiroku.sqlite-wal'))).toBe(false);
    expect(poolsClosed.mock.calls).toHaveLength(1);
  }

  it('closes the store and the connection pools when Discord refuses the token', async () => {
    const poolsClosed = vi.spyOn(HttpTransport.prototype, 'close');
    await expect(start({ DISCORD_TOKEN: 'not-the-bot-token' })).rejects.toThrow(/token/i);
    expectClosed(poolsClosed);
    expect(discord.sessions().filter((session) => session.connected)).toHaveLength(0);
  });

  it('closes them when the HTTP port is already taken', async () => {
    const server = createServer();
    occupied = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const poolsClosed = vi.spyOn(HttpTransport.prototype, 'close');
    await expect(start({ HTTP_PORT: String(port) })).rejects.toThrow(/EADDRINUSE/);
    expectClosed(poolsClosed);
  });

  it('closes them in a stop after a start that succeeded, too', async () => {
    const poolsClosed = vi.spyOn(HttpTransport.prototype, 'close');
    const kiroku = await start({});
    expect(existsSync(path.join(dataDir, 'kiroku.sqlite-wal'))).toBe(true);
    await kiroku.stop();
    expectClosed(poolsClosed);
  });
});
