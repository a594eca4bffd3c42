/**
 * SIGTERM while the process is still starting (here: waiting for Discord, which accepts the
 * connection and never answers, while the store is already open) stops it cleanly: exit 0, the store closed, no wait for a kill.
 * Without a handler installed before the start, Node's default action would end the process by the
 * signal instead (and as a container's PID 1 it would ignore it).
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BotProcess, directoryWithEnvExample, FROM_SOURCE, spawnBot } from '../support/spawn-bot.js';

describe('a stop signal during start-up', () => {
  let silentDiscord: Server;
  const sockets: Socket[] = [];
  let requests = 0;
  let dataDir: string;
  let bot: BotProcess | undefined;

  beforeEach(async () => {
    requests = 0;
    // Takes the REST request for the gateway URL and never answers it: the start waits there.
    silentDiscord = createServer((socket) => {
      sockets.push(socket);
      socket.once('data', () => {
        requests += 1;
      });
    });
    await new Promise<void>((resolve) => silentDiscord.listen(0, '127.0.0.1', resolve));
    dataDir = await directoryWithEnvExample('kiroku-start-signal-');
  });
  afterEach(async () => {
    bot?.kill('SIGKILL');
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise((resolve) => silentDiscord.close(resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal} while waiting for Discord exits 0 and closes the store`, { timeout: 60_000 }, async () => {
      const address = silentDiscord.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      bot = spawnBot(FROM_SOURCE, {
        cwd: dataDir,
        env: {
          ...process.env,
          DISCORD_TOKEN: 'start-signal-token',
          DISCORD_REST_URL: `http://127.0.0.1:${address.port}/api`,
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
        },
      });
      // The login starts first and the store opens meanwhile (WAL mode keeps its -wal file while a
      // connection is open): both have happened before the signal.
      const wal = path.join(dataDir, 'kiroku.sqlite-wal');
      for (let i = 0; i < 600 && (requests === 0 || !existsSync(wal)); i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(requests).toBeGreaterThan(0);
      expect(existsSync(wal)).toBe(true);
      bot.kill(signal);
      expect(await bot.exited).toBe(0);
      expect(bot.output()).toContain('stopped during start-up');
      expect(existsSync(path.join(dataDir, 'kiroku.sqlite-wal'))).toBe(false);
    });
  }
});
