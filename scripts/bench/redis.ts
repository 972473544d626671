// Debian's redis-server for the stateful mock's shared store: on a free port of 127.0.0.1,
// nothing written to disk, ready once it answers PING; stopped with the other processes.
import { existsSync, mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './http.ts';
import { TMP } from './paths.ts';
import { start, type Started } from './processes.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RunningRedis {
  url: string;
  process: Started;
}

/** Whether a redis-server on the port answers `PING` with `+PONG` (also the tests' readiness check). */
export function ping(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\r\n')) {
        socket.destroy();
        resolve(text.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('connect', () => socket.write('PING\r\n'));
  });
}

/** A started redis-server, or undefined when it is not installed (`apt-get install redis-server`). */
export async function startRedis(): Promise<RunningRedis | undefined> {
  if (!existsSync(REDIS_SERVER)) return undefined;
  const port = await freePort();
  mkdirSync(join(TMP, 'logs'), { recursive: true });
  const process = start(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    log: join(TMP, 'logs', `redis-${port}.log`),
  });
  const deadline = Date.now() + 15_000;
  while (!(await ping(port))) {
    if (Date.now() > deadline) {
      await process.stop();
      throw new Error(`redis-server did not answer PING within 15 s; see ${process.log}`);
    }
    await sleep(20);
  }
  return { url: `redis://127.0.0.1:${port}`, process };
}
