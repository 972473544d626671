// Ports from the command line, checked before anything is built: the commands that listen
// (`npm start`, `npm run dev`, `npm run mock`) say the same thing about a bad or taken port.
import { once } from 'node:events';
import { createServer } from 'node:net';

/** How a user changes the port: `npm start` and `--mock-port`, for `npm start -- --mock-port 4011`. */
export interface PortHint {
  command: string;
  flag: string;
}

/** A port number from a flag's text; throws a message naming the flag. Port 0 (any free port) only when allowed. */
export function parsePort(flag: string, text: string, options: { allowZero?: boolean } = {}): number {
  const value = Number(text);
  const lowest = options.allowZero ? 0 : 1;
  if (text.trim() === '' || !Number.isInteger(value) || value < lowest || value > 65535) {
    throw new Error(`${flag} must be a port number from ${lowest} to 65535, not "${text}".`);
  }
  return value;
}

/** What a listen error means for the user, and what to do about it. */
export function portProblem(error: NodeJS.ErrnoException, host: string, port: number, what: string, hint: PortHint): string {
  if (error.code === 'EADDRINUSE') {
    return `Port ${port} on ${host} is already in use, so the ${what} cannot start there. Stop what uses it, or pick another port: ${hint.command} -- ${hint.flag} ${port + 1}`;
  }
  if (error.code === 'EACCES') return `Not allowed to listen on port ${port} on ${host} (${what}): pick a port above 1023 with ${hint.flag}.`;
  if (error.code === 'EADDRNOTAVAIL') return `${host} is not an address of this machine: pass another --host, e.g. 127.0.0.1.`;
  return `The ${what} cannot listen on ${host}:${port}: ${error.message}`;
}

/** Resolves when the port is free on the host; rejects with `portProblem`'s message otherwise. */
export function checkPort(host: string, port: number, what: string, hint: PortHint): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => reject(new Error(portProblem(error, host, port, what, hint))));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Checks every port a command needs and rejects with all the problems at once, so one try fixes them all. */
export async function checkPorts(host: string, ports: { port: number; what: string; hint: PortHint }[]): Promise<void> {
  const results = await Promise.allSettled(ports.map(({ port, what, hint }) => checkPort(host, port, what, hint)));
  const problems = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/**
 * A port nobody listens on right now on 127.0.0.1, chosen by the system: for a process that must
 * be told a number up front (a command line), in the benchmarks and the tests. An in-process
 * server listens on port 0 instead.
 */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}
