// What the stateful mock holds is bounded, over real HTTP, in the process and in a real
// redis-server the test starts: past `--max-sessions` the least recently used session is gone;
// an idle session goes after `--session-ttl` (in Redis by its keys' own expiry); a resource
// takes so many records per session and a session so many bytes, then a 507 in the API's error
// shape; a record keeps its schema's fields only, so large bodies cost what the schema says;
// a reset gives everything back.
import { createClient } from '@redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import type { StoreLimits } from '../../scripts/mock/store/limits.ts';
import { startRedis, stopRedis, type RedisServer } from '../helpers/redis.ts';
import { AUTH, expectErrorShape, GALAXY_SPEC, startMock } from './helpers.ts';
import { WAIT_MS } from '../helpers/wait.ts';

let redis: RedisServer;
let redisClient: ReturnType<typeof createClient>;

beforeAll(async () => {
  redis = await startRedis();
  redisClient = createClient({ url: redis.url });
  await redisClient.connect();
});

afterAll(async () => {
  await redisClient?.close();
  await stopRedis(redis);
});

async function call(mock: MockServer, method: string, path: string, session: string, body?: unknown) {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { ...AUTH, 'mock-session': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), bytes: Buffer.byteLength(text) };
}

const sessionsHeld = async (mock: MockServer) => ((await (await fetch(`${mock.url}/__mock/resources`)).json()) as { sessions: number }).sessions;

for (const where of ['memory', 'redis'] as const) {
  describe(`in ${where === 'memory' ? 'the process' : 'Redis'}`, () => {
    const start = async (limits: Partial<StoreLimits>) => {
      if (where === 'redis') await redisClient.sendCommand(['FLUSHALL']);
      return startMock({
        features: {
          stateful: true,
          state: where === 'redis' ? redis.url : undefined,
          // A loaded machine can hold a command past the default 500 ms: these tests are about bounds, not timeouts.
          storeTimeoutMs: 10_000,
          limits: { ...defaults, ...limits },
        },
      });
    };
    const defaults: StoreLimits = { maxSessions: 1000, sessionTtlMs: 0, maxRecords: 1000, maxSessionBytes: 256 * 1024 };
    const mocks: MockServer[] = [];
    const started = async (limits: Partial<StoreLimits>) => {
      const mock = await start(limits);
      mocks.push(mock);
      return mock;
    };
    afterAll(async () => {
      for (const mock of mocks) await mock.close();
    });

    it('--max-sessions 50: after 61 sessions the least recently used are gone, one read meanwhile kept', async () => {
      const mock = await started({ maxSessions: 50 });
      const created = new Map<string, number>();
      const create = async (session: string) => {
        const r = await call(mock, 'POST', '/categories', session, { name: `Birds of ${session}` });
        expect(r.status).toBe(201);
        created.set(session, r.body.id);
      };
      for (let i = 0; i < 50; i++) await create(`s${i}`);
      // s0 is read, so s1 is now the least recently used.
      expect((await call(mock, 'GET', `/categories/${created.get('s0')}`, 's0')).status).toBe(200);
      for (let i = 50; i < 61; i++) await create(`s${i}`);
      expect(await sessionsHeld(mock)).toBe(50);
      const kept = async (i: number) => (await call(mock, 'GET', `/categories/${created.get(`s${i}`)}`, `s${i}`)).status === 200;
      for (let i = 1; i <= 11; i++) expect(await kept(i), `s${i}`).toBe(false);
      for (const i of [0, 12, 30, 60]) expect(await kept(i), `s${i}`).toBe(true);
      // A forgotten session starts again from the examples.
      expect((await call(mock, 'GET', '/categories', 's1')).body).toHaveLength(2);
    });

    it('--session-ttl: an idle session is forgotten', async () => {
      const mock = await started({ sessionTtlMs: 300 });
      const r = await call(mock, 'POST', '/categories', 'idle', { name: 'Fish' });
      expect(r.status).toBe(201);
      if (where === 'redis') {
        // Redis drops the session's keys by itself, with no request to the mock.
        const keys = async () => (await redisClient.sendCommand(['KEYS', 'mock:[bms]:idle*'])) as string[];
        expect((await keys()).length).toBeGreaterThan(0);
        await expect.poll(keys, { timeout: WAIT_MS }).toEqual([]);
      }
      await expect.poll(() => sessionsHeld(mock), { timeout: WAIT_MS }).toBe(0);
      expect((await call(mock, 'GET', `/categories/${r.body.id}`, 'idle')).status).toBe(404);
    });

    it('takes so many records of a resource per session, then answers 507 in the error shape', async () => {
      const mock = await started({ maxRecords: 5 });
      // Two categories are the examples: three more fit.
      for (let i = 0; i < 3; i++) expect((await call(mock, 'POST', '/categories', 'full', { name: `c${i}` })).status).toBe(201);
      const refused = await call(mock, 'POST', '/categories', 'full', { name: 'one too many' });
      expect(refused.status).toBe(507);
      expectErrorShape(refused.body, 507, 'insufficient_storage');
      expect(refused.body.message).toBe(
        'This session holds 5 Category records, as much as the mock keeps for one session; delete some, or start again with POST /__mock/reset.',
      );
      expect((await call(mock, 'GET', '/categories', 'full')).body).toHaveLength(5);
      // Another session, and the same one after a reset, have room.
      expect((await call(mock, 'POST', '/categories', 'other', { name: 'x' })).status).toBe(201);
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST', headers: { 'mock-session': 'full' } });
      expect((await call(mock, 'POST', '/categories', 'full', { name: 'again' })).status).toBe(201);
    });

    it('takes so many bytes per session, then answers 507', async () => {
      const mock = await started({ maxSessionBytes: 4096 });
      const description = 'd'.repeat(500);
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await call(mock, 'POST', '/categories', 'bytes', { name: `c${i}`, description })).status);
      // Each record costs its JSON (about 540 bytes) and 64: five fit beside the bucket's 256 and the examples'.
      expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 507, 507, 507, 507]);
      const refused = await call(mock, 'POST', '/categories', 'bytes', { name: 'more', description });
      expectErrorShape(refused.body, 507, 'insufficient_storage');
      expect(refused.body.message).toContain('This session holds 4 KiB of records');
    });

    it('keeps only the fields the schema declares: 200 creates of 60 KB bodies hold a few KB', async () => {
      const mock = await started({});
      const padding = 'x'.repeat(30_000);
      for (let i = 0; i < 200; i++) {
        const r = await call(mock, 'POST', '/pets', 'large', { name: `Pet ${i}`, categoryId: 1, padding, nested: { padding } });
        expect(r.status).toBe(201);
        expect(Object.keys(r.body)).toEqual(['id', 'name', 'categoryId', 'status']);
      }
      // Every record, listed in pages of 100 (the API's largest): a few dozen bytes each.
      let listed = 0;
      for (let offset = 0; offset < 202; offset += 100) listed += (await call(mock, 'GET', `/pets?limit=100&offset=${offset}`, 'large')).bytes;
      expect(listed).toBeLessThan(202 * 100);
      if (where === 'redis') {
        const memory = Number(((await redisClient.sendCommand(['MEMORY', 'USAGE', 'mock:b:large:Pet:'])) as number | null) ?? 0);
        expect(memory).toBeLessThan(64 * 1024);
      }
    });

    it('gives back every session on a reset', async () => {
      const mock = await started({});
      for (let i = 0; i < 20; i++) await call(mock, 'POST', '/categories', `r${i}`, { name: 'x' });
      expect(await sessionsHeld(mock)).toBe(20);
      await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
      expect(await sessionsHeld(mock)).toBe(0);
      if (where === 'redis') expect((await redisClient.sendCommand(['KEYS', 'mock:[bms]:*'])) as string[]).toEqual([]);
    });
  });
}

describe("a full session in another API's error shape", () => {
  it("Galaxy's 507 is its own problem body (RFC 9457), borrowed from its 400, with the status 507", async () => {
    const mock = await startMock({
      spec: GALAXY_SPEC,
      features: { stateful: true, limits: { maxSessions: 10, sessionTtlMs: 0, maxRecords: 1, maxSessionBytes: 1 << 20 } },
    });
    try {
      const create = () =>
        fetch(`${mock.url}/planets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'mock-session': 'g' },
          body: JSON.stringify({ name: 'Vulcan' }),
        });
      let r = await create();
      for (let i = 0; i < 20 && r.status === 201; i++) r = await create();
      expect(r.status).toBe(507);
      const body = await r.json();
      expect(body).toMatchObject({ status: 507, title: 'Insufficient Storage', detail: expect.stringContaining('This session holds 1 Planet record,') });
    } finally {
      await mock.close();
    }
  });
});
