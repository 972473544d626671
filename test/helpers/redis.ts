// Debian's `redis-server` for the tests of the shared state store: started on a free port
// of 127.0.0.1 with nothing written to disk, ready once it answers PING, stopped by the test.
import { ping, REDIS_SERVER } from '../../scripts/bench/redis.ts';
import { freePort } from './ports.ts';
import { start, stop, type Running } from './processes.ts';

export { REDIS_SERVER };

export interface RedisServer {
  url: string;
  port: number;
  process: Running;
}

/** `port`: start again where a stopped one listened (a restart, as the mock sees it). */
export async function startRedis(timeoutMs = 15_000, port?: number): Promise<RedisServer> {
  port ??= await freePort();
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
