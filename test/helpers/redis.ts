// Debian's `redis-server` for the tests of the shared state store: started on a free port
// of 127.0.0.1 with nothing written to disk, ready once it answers PING, stopped by the test.
import { connect } from 'node:net';
import { freePort } from './ports.ts';
import { start, stop, type Running } from './processes.ts';

export const REDIS_SERVER = '/usr/bin/redis-server';

export interface RedisServer {
  url: string;
  port: number;
  process: Running;
}

/** Resolves once `PING` is answered with `+PONG`; rejects after `timeoutMs`. */
function ping(port: number): Promise<boolean> {
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

export async function startRedis(timeoutMs = 15_000): Promise<RedisServer> {
  const port = await freePort();
  const process = start(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { timeoutMs: 600_000 });
  const deadline = Date.now() + timeoutMs;
  // The server is ready when it answers, not after some time: poll PING until then.
  while (!(await ping(port))) {
    if (Date.now() > deadline) {
      await stop(process);
      throw new Error(`redis-server did not answer PING within ${timeoutMs} ms:\n${process.output()}`);
    }
    await process.waitFor(/Ready to accept connections/, Math.max(1, deadline - Date.now())).catch(() => undefined);
  }
  return { url: `redis://127.0.0.1:${port}`, port, process };
}

export async function stopRedis(redis: RedisServer | undefined): Promise<void> {
  if (redis) await stop(redis.process);
}
