// Latency and faults a frontend must survive, seen where a client sees them:
// a delayed answer takes its time while other clients are answered at once,
// and each fault is observed at the socket by a raw client (node:net).
import { connect, type Socket } from 'node:net';
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { freePort } from '../helpers/ports.ts';
import { startScript, stop, type Running } from '../helpers/processes.ts';
import { AUTH, expectErrorShape, GALAXY_SPEC, parseResponse, startMock } from './helpers.ts';
import { defined } from '../helpers/defined.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const GET_PETS = (prefer: string) => `GET /pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nPrefer: ${prefer}\r\n\r\n`;

interface Observed {
  socket: Socket;
  chunks: { at: number; data: Buffer }[];
  ended: boolean;
  error?: NodeJS.ErrnoException;
  closed: Promise<void>;
  sentAt: number;
}

/** A raw connection that records every chunk with its arrival time, and how it ended. */
function observe(port: number, payload: string): Observed {
  const socket = connect(port, '127.0.0.1');
  const seen: Observed = { socket, chunks: [], ended: false, closed: Promise.resolve(), sentAt: 0 };
  seen.closed = new Promise((done) => socket.once('close', () => done()));
  socket.on('data', (data) => seen.chunks.push({ at: performance.now(), data }));
  socket.on('end', () => (seen.ended = true));
  socket.on('error', (error) => (seen.error = error));
  socket.on('connect', () => {
    seen.sentAt = performance.now();
    socket.write(payload);
  });
  return seen;
}

function get(agent: Agent, port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((done, fail) => {
    request({ host: '127.0.0.1', port, path, agent, headers: { ...AUTH, ...headers } }, (res) => {
      res.resume();
      res.on('end', () => done({ status: res.statusCode!, ms: performance.now() - started }));
    })
      .on('error', fail)
      .end();
  });
}

/**
 * A keep-alive connection that sends one request at a time and times each answer. Raw: a
 * full HTTP client costs more per request than the mock does, and would be what is measured.
 */
async function keepAlive(port: number): Promise<{ send(): Promise<{ status: number; ms: number }>; close(): void }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((done) => socket.once('connect', done));
  socket.setNoDelay(true);
  const payload = 'GET /pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\n\r\n';
  let buffer = '';
  let waiting: ((status: number) => void) | undefined;
  socket.on('data', (chunk) => {
    buffer += chunk.toString('latin1');
    const parsed = parseResponse(buffer);
    if (parsed && waiting) {
      buffer = buffer.slice(parsed.raw.indexOf('\r\n\r\n') + 4 + Number(parsed.headers['content-length'] ?? 0));
      const resolve = waiting;
      waiting = undefined;
      resolve(parsed.status);
    }
  });
  return {
    send() {
      const started = performance.now();
      return new Promise((done) => {
        waiting = (status) => done({ status, ms: performance.now() - started });
        socket.write(payload);
      });
    },
    close: () => socket.destroy(),
  };
}

describe('Prefer: delay and the other clients', () => {
  let mock: Running;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    mock = startScript('scripts/mock.ts', ['--port', String(port), '--quiet'], { timeoutMs: 120_000 });
    await mock.waitFor(/Mock server listening on/, 30_000);
  });
  afterAll(async () => {
    await stop(mock);
  });

  it('delays one answer by at least 500 ms while 20 concurrent plain requests keep being answered', async () => {
    const agent = new Agent({ keepAlive: true });
    const clients = await Promise.all(Array.from({ length: 20 }, () => keepAlive(port)));
    try {
      // Code warm before measuring.
      for (let round = 0; round < 20; round++) await Promise.all(clients.map((c) => c.send()));
      // A delayed request in flight, and 20 clients asking again and again until it is answered.
      const delayed = get(agent, port, '/pets', { prefer: 'delay=500' });
      let pending = true;
      void delayed.then(() => (pending = false));
      const answered = await Promise.all(
        clients.map(async (client) => {
          let count = 0;
          while (pending) {
            const r = await client.send();
            expect(r.status).toBe(200);
            count++;
          }
          return count;
        }),
      );
      const slow = await delayed;
      expect(slow.status).toBe(200);
      expect(slow.ms).toBeGreaterThanOrEqual(500);
      // Every client was answered again and again while the delay ran: a delay that held the server
      // would leave each with at most the one answer in flight when it started. (Their latency on a
      // quiet machine, p99 under 10 ms, is measured by `npm run bench`.)
      for (const count of answered) expect(count).toBeGreaterThanOrEqual(5);
    } finally {
      for (const c of clients) c.close();
      agent.destroy();
    }
  });

  it('refuses a malformed delay or fault', async () => {
    for (const prefer of ['delay=soon', 'fault=explode']) {
      const r = await fetch(`http://127.0.0.1:${port}/pets`, { headers: { ...AUTH, prefer } });
      expect(r.status).toBe(400);
      expectErrorShape(await r.json(), 400, 'invalid_prefer');
    }
  });
});

describe('faults at the socket', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await startMock();
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('reset: the connection is reset before a byte of answer', async () => {
    const seen = observe(mock.port, GET_PETS('fault=reset'));
    await seen.closed;
    expect(seen.error?.code).toBe('ECONNRESET');
    expect(seen.chunks).toHaveLength(0);
  });

  it('hang: no answer at all, the connection left open', async () => {
    const seen = observe(mock.port, GET_PETS('fault=hang'));
    // The mock has taken the request (its log says so) and still has written nothing.
    await expect
      .poll(async () => ((await (await fetch(`${mock.url}/__mock/requests`)).json()) as { requests: { reason?: string }[] }).requests.map((r) => r.reason))
      .toContain('fault=hang');
    const plain = await fetch(`${mock.url}/pets`, { headers: AUTH });
    expect(plain.status).toBe(200);
    expect(seen.chunks).toHaveLength(0);
    expect(seen.ended).toBe(false);
    expect(seen.error).toBeUndefined();
    seen.socket.destroy();
    await seen.closed;
  });

  it('slow: the headers at once, then the body trickling in pieces', async () => {
    const normal = await (await fetch(`${mock.url}/pets`, { headers: AUTH })).text();
    const seen = observe(mock.port, GET_PETS('fault=slow'));
    await expect.poll(() => parseResponse(Buffer.concat(seen.chunks.map((c) => c.data)).toString('latin1')), { timeout: WAIT_MS }).toBeDefined();
    const response = parseResponse(Buffer.concat(seen.chunks.map((c) => c.data)).toString('latin1'))!;
    expect(response.status).toBe(200);
    expect(response.body).toBe(normal);
    expect(seen.chunks.length).toBeGreaterThanOrEqual(5);
    expect(seen.chunks[0]?.data.toString('latin1')).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const spread = defined(seen.chunks.at(-1), 'the last chunk').at - defined(seen.chunks[0], 'the first chunk').at;
    expect(spread).toBeGreaterThanOrEqual(500);
    seen.socket.destroy();
  });
});

describe('faults held within bounds', () => {
  const reasons = async (mock: MockServer) =>
    ((await (await fetch(`${mock.url}/__mock/requests`)).json()) as { requests: { reason?: string }[] }).requests.map((r) => r.reason);

  it('hang: the connection is closed after the bound, without a byte of answer', async () => {
    const mock = await startMock({ faultHold: { ms: 300 } });
    try {
      const seen = observe(mock.port, GET_PETS('fault=hang'));
      await seen.closed;
      expect(seen.chunks).toHaveLength(0);
      expect(await reasons(mock)).toContain('fault=hang');
    } finally {
      await mock.close();
    }
  });

  it('slow: a body still trickling at the bound is cut off there', async () => {
    const mock = await startMock({ faultHold: { ms: 300 } });
    try {
      const seen = observe(mock.port, GET_PETS('fault=slow'));
      await seen.closed;
      const text = Buffer.concat(seen.chunks.map((c) => c.data)).toString('latin1');
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      // The headers came, the whole body (two seconds' worth of pieces) did not.
      expect(parseResponse(text)).toBeUndefined();
    } finally {
      await mock.close();
    }
  });

  it('at most so many held at once: the one held longest is closed first, others are answered meanwhile', async () => {
    const mock = await startMock({ faultHold: { max: 2, ms: 60_000 } });
    try {
      const hangs: Observed[] = [];
      for (let i = 1; i <= 3; i++) {
        hangs.push(observe(mock.port, GET_PETS('fault=hang')));
        await expect.poll(async () => (await reasons(mock)).filter((r) => r === 'fault=hang').length).toBe(i);
      }
      const [first, second, third] = hangs as [Observed, Observed, Observed];
      await first.closed;
      expect(first.chunks).toHaveLength(0);
      expect((await fetch(`${mock.url}/pets`, { headers: AUTH })).status).toBe(200);
      for (const held of [second, third]) {
        expect(held.ended).toBe(false);
        expect(held.socket.destroyed).toBe(false);
        held.socket.destroy();
      }
    } finally {
      await mock.close();
    }
  });
});

describe('--latency, --fault-rate, --error-rate', () => {
  it('--latency delays every answer by at least its minimum', async () => {
    const mock = await startMock({ features: { latency: { min: 1500, max: 1600 } } });
    try {
      const started = performance.now();
      const r = await fetch(`${mock.url}/pets`, { headers: AUTH });
      expect(r.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
      // The mock's own routes are never delayed: a test run can always reset it.
      const admin = performance.now();
      await fetch(`${mock.url}/__mock/requests`);
      expect(performance.now() - admin).toBeLessThan(1500);
    } finally {
      await mock.close();
    }
  });

  it('--fault-rate 1 meets every request with a fault', async () => {
    const mock = await startMock({ features: { faultRate: 1 } });
    try {
      const seen = Array.from({ length: 6 }, () => observe(mock.port, GET_PETS('respond-async')));
      await expect
        .poll(async () => ((await (await fetch(`${mock.url}/__mock/requests`)).json()) as { requests: unknown[] }).requests.length)
        .toBeGreaterThanOrEqual(6);
      const { requests } = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as { requests: { url: string; reason?: string }[] };
      const faults = requests.filter((r) => r.url === '/pets').map((r) => r.reason);
      expect(faults).toHaveLength(6);
      for (const reason of faults) expect(reason).toMatch(/^fault=(reset|hang|slow)$/);
      for (const s of seen) s.socket.destroy();
    } finally {
      await mock.close();
    }
  });

  it('--error-rate 1 answers a declared 429 with its Retry-After, or a 503 where none is declared', async () => {
    const mock = await startMock({ spec: GALAXY_SPEC, features: { errorRate: 1 } });
    try {
      const token = await fetch(`${mock.url}/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'secret-password' }),
      });
      expect(token.status).toBe(429);
      expect(token.headers.get('retry-after')).toBe('60');
      const planets = await fetch(`${mock.url}/planets`);
      expect(planets.status).toBe(503);
      expect(planets.headers.get('retry-after')).toBe('1');
      expectErrorShape(await planets.json(), 503, 'simulated_error');
    } finally {
      await mock.close();
    }
  });
});
