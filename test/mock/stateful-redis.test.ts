// The state store on Redis: two `npm run mock --state redis://…` processes
// over one `redis-server` the test starts, as two instances behind a load
// balancer would run: what one creates the other reads, sessions stay apart,
// a reset through either is seen by both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, refused } from '../helpers/ports.ts';
import { startScript, stop, type Running } from '../helpers/processes.ts';
import { startRedis, stopRedis, type RedisServer } from '../helpers/redis.ts';
import { AUTH } from './helpers.ts';
import { defined } from '../helpers/defined.ts';

let redis: RedisServer;
const mocks: Running[] = [];
const urls: string[] = [];

beforeAll(async () => {
  redis = await startRedis();
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const mock = startScript('scripts/mock.ts', ['--port', String(port), '--state', redis.url, '--store-timeout', '10s', '--quiet'], { timeoutMs: 120_000 });
    mocks.push(mock);
    await mock.waitFor(/Mock server listening on/, 30_000);
    urls.push(`http://127.0.0.1:${port}`);
  }
});

afterAll(async () => {
  for (const mock of mocks) await stop(mock);
  await stopRedis(redis);
});

async function api(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('two mock processes sharing one redis-server', () => {
  it('say where their records are kept', () => {
    for (const mock of mocks) expect(mock.stdout()).toContain(`Stateful (${redis.url}): 4 resources`);
  });

  it('read on one what the other created, each id handed out once', async () => {
    const [a, b] = [defined(urls[0], 'the first mock'), defined(urls[1], 'the second mock')];
    const first = await api(a, 'POST', '/pets', { name: 'Ada', categoryId: 1 });
    const second = await api(b, 'POST', '/pets', { name: 'Bea', categoryId: 2 });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(new Set([first.body.id, second.body.id]).size).toBe(2);
    expect((await api(b, 'GET', `/pets/records/${first.body.id}`)).body).toEqual(first.body);
    expect((await api(a, 'GET', `/pets/records/${second.body.id}`)).body).toEqual(second.body);
    expect((await api(a, 'GET', '/pets')).body.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Luna', 'Ada', 'Bea']);
    const put = await api(b, 'PUT', '/store/inventory/42', { quantity: 11 });
    expect(put.body.quantity).toBe(11);
    expect((await api(a, 'GET', '/store/inventory/42')).body.quantity).toBe(11);
  });

  it('keep sessions apart and reset them through either process', async () => {
    const [a, b] = [defined(urls[0], 'the first mock'), defined(urls[1], 'the second mock')];
    const s1 = { 'mock-session': 'suite-1' };
    const created = await api(a, 'POST', '/categories', { name: 'Owls' }, s1);
    expect((await api(b, 'GET', `/categories/${created.body.id}`, undefined, s1)).body).toEqual(created.body);
    expect((await api(b, 'GET', `/categories/${created.body.id}`)).status).toBe(404);
    expect((await api(b, 'POST', '/__mock/reset', undefined, s1)).body).toEqual({ reset: { session: 'suite-1' }, stateful: true });
    expect((await api(a, 'GET', `/categories/${created.body.id}`, undefined, s1)).status).toBe(404);
    // The shared session still has what was created in it until everything is reset.
    expect((await api(a, 'GET', '/pets')).body).toHaveLength(4);
    await api(a, 'POST', '/__mock/reset');
    expect((await api(b, 'GET', '/pets')).body.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Luna']);
  });

  it('stop cleanly, and so does the server', async () => {
    for (const mock of mocks.splice(0)) {
      mock.child.kill('SIGTERM');
      expect(await mock.exited).toEqual({ code: 0, signal: null });
    }
    await stopRedis(redis);
    expect(await refused(redis.port)).toBe(true);
  });
});
