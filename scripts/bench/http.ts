// Small HTTP helpers: a free port on 127.0.0.1 (the project's one, re-exported), one request, and waiting for a server's first answer.
import { request, type Agent } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export { freePort } from '../infra/ports.ts';

export interface Probe {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  body: string;
}

/** One request; rejects on connection errors and after `timeoutMs`. */
export function send(base: string, probe: Probe, timeoutMs = 5000, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(probe.path, base), { method: probe.method, headers: probe.headers, timeout: timeoutMs, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(probe.body);
  });
}

/**
 * Polls every 20 ms until the server answers `probe` with 200, and resolves with the time
 * that took from `since` (a performance.now() reading). Rejects when `exited` settles first.
 */
export async function waitForOk(base: string, probe: Probe, since: number, exited: Promise<unknown>, timeoutMs = 180_000): Promise<number> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = since + timeoutMs;
  let last = 'no answer';
  while (performance.now() < deadline) {
    if (gone) throw new Error(`the server exited before answering (${last})`);
    try {
      const answer = await send(base, probe, 2000);
      if (answer.status === 200) return performance.now() - since;
      last = `HTTP ${answer.status}: ${answer.body.slice(0, 200)}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(20);
  }
  throw new Error(`no 200 from ${base}${probe.path} within ${timeoutMs / 1000} s (${last})`);
}
