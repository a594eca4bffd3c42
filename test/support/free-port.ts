import { once } from 'node:events';
import { createServer } from 'node:net';

/** A loopback port free right now: the tests' servers and child processes listen on 127.0.0.1 only. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
