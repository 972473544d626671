// Fail before building anything when a port is taken, with the flag to change.
import { createServer } from 'node:net';

export function parsePort(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new Error(`${flag} must be a port number from 1 to 65535, not "${text}".`);
  return value;
}

export function checkPort(host: string, port: number, what: string, flag: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const message =
        error.code === 'EADDRINUSE'
          ? `Port ${port} on ${host} is already in use, so the ${what} cannot start there. Stop what uses it, or pick another port: npm run dev -- ${flag} ${port + 1}`
          : error.code === 'EACCES'
            ? `Not allowed to listen on port ${port} on ${host} (${what}): pick a port above 1023 with ${flag}.`
            : error.code === 'EADDRNOTAVAIL'
              ? `${host} is not an address of this machine: pass another --host, e.g. 127.0.0.1.`
              : `The ${what} cannot listen on ${host}:${port}: ${error.message}`;
      reject(new Error(message));
    });
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
