/** One 127.0.0.1 HTTP server for REST, upgrading gateway connections, closed with every socket it holds. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FakeGateway } from './gateway.js';

export interface LocalServer {
  readonly port: number;
  /** TCP connections accepted so far (REST and gateway alike). */
  readonly connectionsOpened: number;
  close(): Promise<void>;
}

export async function listenLocal(
  restHandler: (req: IncomingMessage, res: ServerResponse) => void,
  gateway: FakeGateway,
  port: number,
): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  let connectionsOpened = 0;
  const server = createServer(restHandler);
  // Discord keeps a bot's REST connections open between requests. Node's default of 5 s, like it:
  // undici (discord.js's REST client) keeps a socket only when the server's Keep-Alive hint leaves
  // more than its 1 s margin, so a shorter one made every REST call open a new connection.
  server.keepAliveTimeout = 5_000;
  server.on('connection', (socket) => {
    connectionsOpened += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    get connectionsOpened() {
      return connectionsOpened;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
