import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Counts the requests in progress on each connection, so a stopping service can close the
 * connections that carry none (idle keep-alive ones, and ones a proxy opened in advance and
 * never used, which Node counts as active until its header timeout, a minute later) while those
 * serving a request finish it first.
 */
export function trackConnections(server: Server): { closeUnused(): void } {
  const inProgress = new Map<Socket, number>();
  let closing = false;
  const release = (socket: Socket) => {
    // end() rather than destroy(): a response just written is still flushed to the client.
    socket.end();
    setTimeout(() => socket.destroy(), 1000).unref();
  };
  server.on('connection', (socket: Socket) => {
    inProgress.set(socket, 0);
    socket.once('close', () => inProgress.delete(socket));
  });
  server.on('request', (request: { socket: Socket }, response: { once(event: 'close', listener: () => void): unknown }) => {
    const { socket } = request;
    inProgress.set(socket, (inProgress.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const left = (inProgress.get(socket) ?? 1) - 1;
      inProgress.set(socket, left);
      if (closing && left === 0) release(socket);
    });
  });
  return {
    closeUnused() {
      closing = true;
      for (const [socket, count] of inProgress) if (count === 0) release(socket);
    },
  };
}
