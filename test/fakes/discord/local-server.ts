/** One 127.0.0.1 HTTP server for REST, upgrading gateway connections, closed with every socket it holds. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { FakeGateway } from './gateway.js';

export interface LocalServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function listenLocal(
  restHandler: (req: IncomingMessage, res: ServerResponse) => void,
  gateway: FakeGateway,
  port: number,
): Promise<LocalServer> {
  const sockets = new Set<Socket>();
  const server = createServer(restHandler);
  server.keepAliveTimeout = 1000;
  server.on('connection', (socket) => {
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
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
