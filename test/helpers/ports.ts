// Ports for servers the tests start, and the check that nothing listens on one any more.
import { once } from 'node:events';
import { connect, createServer } from 'node:net';

/**
 * A port nobody listens on right now, chosen by the system. Only for a process that must be
 * told a number up front (a command line); an in-process server listens on port 0 instead.
 */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

/** Whether a TCP connection to the port is refused, that is: nothing listens there. */
export function refused(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
