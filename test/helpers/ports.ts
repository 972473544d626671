// Ports for servers the tests start, and the check that nothing listens on one any more.
import { connect } from 'node:net';

export { freePort } from '../../scripts/infra/ports.ts';

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
