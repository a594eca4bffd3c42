import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { Socket } from 'node:net';
import { freePort } from './free-port.js';
import { stopChild } from './stop-child.js';

/** True when a `redis-server` binary is on PATH (CI installs it with apt-get). */
export function redisServerAvailable(): boolean {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

export const REDIS_MISSING =
  'redis-server is not installed (apt-get install -y redis-server): skipping the Redis tests';

export interface RedisServer {
  /** redis://127.0.0.1:PORT */
  url: string;
  port: number;
  stop(): Promise<void>;
}

async function accepts(port: number): Promise<boolean> {
  const socket = new Socket();
  try {
    socket.connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write('PING\r\n');
    const [data] = (await once(socket, 'data')) as [Buffer];
    return data.toString().startsWith('+PONG');
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

async function startOn(port: number): Promise<RedisServer | undefined> {
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--loglevel',
      'warning',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return undefined; // e.g. the port was taken meanwhile
    if (await accepts(port)) {
      return { url: `redis://127.0.0.1:${port}`, port, stop: () => stopChild(child, { graceMs: 3_000 }) };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stopChild(child, { graceMs: 3_000 });
  return undefined;
}

/** Starts a throwaway redis-server (no persistence) on a free loopback port, or on `port` (a restart). */
export async function startRedisServer(port?: number): Promise<RedisServer> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const server = await startOn(port ?? (await freePort()));
    if (server) return server;
  }
  throw new Error('could not start redis-server');
}
