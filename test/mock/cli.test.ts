// `npm run mock` as a user runs it: it prints its address, logs one line per
// request, and stops cleanly (exit 0, within a second) on SIGINT and SIGTERM,
// even with a keep-alive connection open.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from './helpers.ts';

const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    // Gone: signal 0 to its pid fails.
    expect(() => process.kill(child.pid!, 0)).toThrow();
  }
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

function start(args: string[]): { child: ChildProcess; output: () => string; waitFor: (pattern: RegExp) => Promise<RegExpMatchArray> } {
  const child = spawn(process.execPath, [resolve(ROOT, 'scripts/mock.ts'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const waitFor = async (pattern: RegExp) => {
    const started = Date.now();
    for (;;) {
      const m = pattern.exec(text);
      if (m) return m;
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}: ${text}`);
      if (Date.now() - started > 15_000) throw new Error(`no ${pattern} in: ${text}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { child, output: () => text, waitFor };
}

async function stopWith(child: ChildProcess, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
  const started = Date.now();
  const exited = once(child, 'exit');
  child.kill(signal);
  const [code] = await exited;
  return { code, ms: Date.now() - started };
}

describe('npm run mock', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints its address, logs requests, and exits 0 on ${signal}`, async () => {
      const port = await freePort();
      const { child, output, waitFor } = start(['--port', String(port)]);
      const [, url, operations] = await waitFor(/Mock server listening on (http:\/\/127\.0\.0\.1:\d+) \(Petstore API [^,]+, (\d+) operations\)/);
      expect(url).toBe(`http://127.0.0.1:${port}`);
      expect(Number(operations)).toBeGreaterThan(5);

      // A keep-alive connection left open must not hold the process up.
      const agent = new Agent({ keepAlive: true });
      const status = await new Promise<number>((done, fail) => {
        request(`${url}/pets?limit=2`, { agent, headers: { authorization: 'Bearer k' } }, (res) => {
          res.resume();
          res.on('end', () => done(res.statusCode!));
        })
          .on('error', fail)
          .end();
      });
      expect(status).toBe(200);
      await waitFor(/^GET \/pets\?limit=2 200 \d+\.\dms$/m);

      const { code, ms } = await stopWith(child, signal);
      agent.destroy();
      expect(code).toBe(0);
      expect(ms).toBeLessThan(1500);
      expect(output()).not.toMatch(/Error|error/);
    }, 30_000);
  }

  it('prints no request lines with --quiet', async () => {
    const port = await freePort();
    const { child, output, waitFor } = start(['--port', String(port), '--quiet']);
    await waitFor(/listening on/);
    const response = await fetch(`http://127.0.0.1:${port}/nowhere`);
    expect(response.status).toBe(404);
    await new Promise((r) => setTimeout(r, 150));
    expect((await stopWith(child, 'SIGTERM')).code).toBe(0);
    expect(output()).not.toContain('/nowhere');
  }, 30_000);

  it('says so and exits 1 when the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as { port: number };
    try {
      const { child, output } = start(['--port', String(port)]);
      const [code] = await once(child, 'exit');
      expect(code).toBe(1);
      expect(output()).toContain(`Port ${port}`);
    } finally {
      blocker.close();
    }
  }, 30_000);
});
