// The stateful mock as a service over a real redis-server the test starts, stops and starts
// again: two `npm run mock --state redis://…` processes, as two instances behind a balancer.
// While Redis is gone every stateful answer is a 503 with `Retry-After` in the API's error
// shape, at once (no request waits for a connection that will not come), and health is 503;
// once Redis is back, on the same port and empty, both answer again by themselves with the
// examples seeded again, and concurrent creates through both still get unique ids. A Redis
// that stops answering without closing (SIGSTOP) is met by the command timeout.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';
import { startScript, stop, type Running } from '../helpers/processes.ts';
import { startRedis, stopRedis, type RedisServer } from '../helpers/redis.ts';
import { WAIT_MS } from '../helpers/wait.ts';
import { AUTH, expectErrorShape } from './helpers.ts';

let redis: RedisServer;
const mocks: Running[] = [];
const urls: string[] = [];
/** What the mock waited for a dead Redis before: no answer may take that long now. */
const OLD_WAIT_MS = 5000;

beforeAll(async () => {
  redis = await startRedis();
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const mock = startScript('scripts/mock.ts', ['--port', String(port), '--state', redis.url, '--quiet'], { timeoutMs: 300_000 });
    mocks.push(mock);
    await mock.waitFor(/Mock server listening on/, 30_000);
    urls.push(`http://127.0.0.1:${port}`);
  }
});

afterAll(async () => {
  if (redis) redis.process.child.kill('SIGCONT');
  for (const mock of mocks) await stop(mock);
  await stopRedis(redis);
});

async function call(base: string, method: string, path: string, body?: unknown) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text), ms: performance.now() - started };
}

/** Polls until every mock answers `GET /pets` with 200 (no fixed sleep: as soon as they do). */
async function untilAnswering(): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const answers = await Promise.all(urls.map((u) => call(u, 'GET', '/pets')));
    if (answers.every((a) => a.status === 200)) return;
    if (Date.now() > deadline) throw new Error(`still ${answers.map((a) => a.status).join(', ')} after ${WAIT_MS} ms`);
    await new Promise((done) => setImmediate(done));
  }
}

/** Ten creates through each mock at once: every id different. */
async function createAtOnce(tag: string): Promise<number[]> {
  const made = await Promise.all(Array.from({ length: 20 }, (_, i) => call(urls[i % 2]!, 'POST', '/pets', { name: `${tag}${i}`, categoryId: 1 })));
  expect(made.map((m) => m.status)).toEqual(made.map(() => 201));
  const ids = made.map((m) => m.body.id as number);
  expect(new Set(ids).size).toBe(ids.length);
  return ids;
}

async function expectUnavailable(): Promise<void> {
  for (const base of urls) {
    for (const [method, path, body] of [
      ['GET', '/pets'],
      ['POST', '/pets', { name: 'Nope', categoryId: 1 }],
      ['GET', '/pets/records/1'],
    ] as const) {
      const r = await call(base, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      // The API's error shape (its Error schema), with the mock's code.
      expectErrorShape(r.body, 503, 'store_unavailable');
      expect(r.ms).toBeLessThan(OLD_WAIT_MS);
    }
    const health = await call(base, 'GET', '/__mock/health');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'unavailable', store: { ok: false, where: redis.url } });
    // What does not need the store still answers.
    expect((await call(base, 'GET', '/categories?__code=200', undefined)).status).toBe(200);
  }
}

describe('two mocks over a Redis that goes away and comes back', () => {
  it('are healthy, and hand out unique ids under concurrent creates', async () => {
    for (const base of urls) {
      const health = await call(base, 'GET', '/__mock/health');
      expect(health.status).toBe(200);
      expect(health.body).toMatchObject({ status: 'ok', api: { title: 'Petstore API' }, store: { ok: true, where: redis.url } });
    }
    await createAtOnce('before');
  });

  it('answer 503 with Retry-After at once while Redis is stopped, and say so once', async () => {
    await stopRedis(redis);
    await expectUnavailable();
    for (const mock of mocks)
      expect(mock.output()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is unavailable \(.+\): stateful answers are 503, reconnecting\./);
  });

  it('answer again by themselves once Redis is back, with the examples seeded again and ids unique', async () => {
    redis = await startRedis(15_000, redis.port);
    await untilAnswering();
    for (const base of urls) {
      expect((await call(base, 'GET', '/pets')).body.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Luna']);
      expect((await call(base, 'GET', '/__mock/health')).status).toBe(200);
    }
    const ids = await createAtOnce('after');
    const listed = (await call(urls[1]!, 'GET', '/pets?limit=100')).body.map((p: { id: number }) => p.id);
    expect(listed).toEqual(expect.arrayContaining(ids));
    expect(listed).toHaveLength(22);
    for (const mock of mocks) expect(mock.output()).toMatch(/Redis at redis:\/\/127\.0\.0\.1:\d+ is back after \d+\.\d s\./);
  });

  it('answer 503 within the command timeout when Redis stops answering without closing, and recover when it answers', async () => {
    redis.process.child.kill('SIGSTOP');
    try {
      await expectUnavailable();
    } finally {
      redis.process.child.kill('SIGCONT');
    }
    await untilAnswering();
    expect((await call(urls[0]!, 'GET', '/pets?limit=100')).body).toHaveLength(22);
  });
});
