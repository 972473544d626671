// `npm run mock` as a user runs it: it prints its address, logs one line per
// request, and stops cleanly (exit 0, its port free) on SIGINT and SIGTERM,
// even with a keep-alive connection open.
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, refused } from '../helpers/ports.ts';
import { gone, startScript, stop, type Running } from '../helpers/processes.ts';

const started: Running[] = [];

afterEach(async () => {
  for (const mock of started.splice(0)) {
    await stop(mock, 'SIGKILL');
    expect(gone(mock)).toBe(true);
  }
});

function startMockCommand(args: string[]): Running {
  const mock = startScript('scripts/mock.ts', args, { timeoutMs: 60_000 });
  started.push(mock);
  return mock;
}

/** Sends the signal and waits for the process to exit (the test's time limit applies). */
async function stopWith(mock: Running, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  mock.child.kill(signal);
  return mock.exited;
}

describe('npm run mock', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints its address, logs requests, and exits 0 on ${signal}`, async () => {
      const port = await freePort();
      const mock = startMockCommand(['--port', String(port)]);
      const [, url, operations] = await mock.waitFor(/Mock server listening on (http:\/\/127\.0\.0\.1:\d+) \(Petstore API [^,]+, (\d+) operations\)/, 15_000);
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
      // One line per request, with the operation it matched.
      await mock.waitFor(/^GET \/pets\?limit=2 200 \d+\.\dms listPets$/m, 15_000);

      // Exits on its own, the connection still open, within the test's time limit.
      const exit = await stopWith(mock, signal);
      agent.destroy();
      expect(exit).toEqual({ code: 0, signal: null });
      expect(await refused(port)).toBe(true);
      expect(mock.output()).not.toMatch(/Error|error/);
    });
  }

  it('prints no request lines with --quiet', async () => {
    const port = await freePort();
    const mock = startMockCommand(['--port', String(port), '--quiet']);
    await mock.waitFor(/listening on/, 15_000);
    const response = await fetch(`http://127.0.0.1:${port}/nowhere`);
    expect(response.status).toBe(404);
    await new Promise((r) => setTimeout(r, 150));
    expect(await stopWith(mock, 'SIGTERM')).toEqual({ code: 0, signal: null });
    expect(await refused(port)).toBe(true);
    expect(mock.output()).not.toContain('/nowhere');
  });

  it('--help names every switch and exits 0', async () => {
    const mock = startMockCommand(['--help']);
    expect((await mock.closed).code).toBe(0);
    for (const flag of [
      '--stateful',
      '--state',
      '--seed',
      '--dynamic',
      '--latency',
      '--fault-rate',
      '--error-rate',
      '--callback-hosts',
      '--callbacks',
      '/__mock/reset',
    ]) {
      expect(mock.stdout()).toContain(flag);
    }
  });

  it('exits 2 on an unknown option or a malformed value, saying which', async () => {
    const unknown = startMockCommand(['--nope']);
    expect((await unknown.closed).code).toBe(2);
    expect(unknown.stderr()).toContain("Unknown option '--nope'");
    const rate = startMockCommand(['--error-rate', '2']);
    expect((await rate.closed).code).toBe(2);
    expect(rate.stderr()).toContain('--error-rate "2" must be a number from 0 to 1');
  });

  it('says so and exits 1 when the port is taken', async () => {
    const blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const { port } = blocker.address() as { port: number };
    try {
      const mock = startMockCommand(['--port', String(port)]);
      const { code } = await mock.closed;
      expect(code).toBe(1);
      expect(mock.output()).toContain(`Port ${port}`);
    } finally {
      blocker.close();
    }
  });
});
