// The journal a test asserts on, over real HTTP: `GET /__mock/requests?operation=createPet`
// gives exactly that request with its body and headers, Authorization redacted; filters by
// session, status and time; a body past the bound is cut; `DELETE` clears it; reading it
// is not an entry of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { startMock } from './helpers.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ features: { stateful: true } });
});
afterAll(async () => {
  await mock?.close();
});

interface Entry {
  id: number;
  time: string;
  method: string;
  url: string;
  status: number;
  operation?: string;
  session?: string;
  headers: Record<string, string>;
  body?: unknown;
  bodyTruncated?: boolean;
  source: string;
}

async function journal(query = ''): Promise<Entry[]> {
  const r = await fetch(`${mock.url}/__mock/requests${query}`);
  expect(r.status).toBe(200);
  return ((await r.json()) as { requests: Entry[] }).requests;
}

async function send(method: string, path: string, body?: unknown, session = 'journal') {
  const r = await fetch(`${mock.url}${path}`, {
    method,
    headers: { authorization: 'Bearer secret-key-123', 'mock-session': session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  await r.arrayBuffer();
  return r.status;
}

describe('GET /__mock/requests', () => {
  it('gives exactly the createPet request, with its body, its headers and Authorization redacted', async () => {
    await fetch(`${mock.url}/__mock/requests`, { method: 'DELETE' });
    expect(await send('GET', '/pets')).toBe(200);
    expect(await send('POST', '/pets', { name: 'Kit', categoryId: 2 })).toBe(201);
    expect(await send('GET', '/pets/records/44')).toBe(200);
    const calls = await journal('?operation=createPet');
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call).toMatchObject({ method: 'POST', url: '/pets', status: 201, operation: 'createPet', session: 'journal', source: 'mock' });
    expect(call?.body).toEqual({ name: 'Kit', categoryId: 2 });
    expect(call?.headers.authorization).toBe('Bearer [redacted]');
    expect(call?.headers['content-type']).toBe('application/json');
    expect(JSON.stringify(calls)).not.toContain('secret-key-123');
  });

  it('filters by session, status (exact or a class) and time', async () => {
    const before = await journal();
    const last = before.at(-1)!;
    expect(await send('GET', '/pets/records/999', undefined, 'other')).toBe(404);
    expect((await journal('?session=other')).map((e) => e.url)).toEqual(['/pets/records/999']);
    expect((await journal('?status=4xx')).map((e) => e.status)).toEqual([404]);
    expect((await journal('?status=201')).map((e) => e.operation)).toEqual(['createPet']);
    expect((await journal(`?since=${encodeURIComponent(last.time)}`)).map((e) => e.url)).toEqual(['/pets/records/999']);
    expect((await fetch(`${mock.url}/__mock/requests?status=teapot`)).status).toBe(400);
  });

  it('keeps a body up to its bound, cut and marked past it', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(20_000), categoryId: 1 });
    expect(await send('POST', '/pets', big, 'big')).toBe(400);
    const [entry] = await journal('?session=big');
    expect(entry?.bodyTruncated).toBe(true);
    expect(typeof entry?.body === 'string' && entry.body.length).toBe(8192);
  });

  it('is cleared by DELETE, and reading it adds nothing to it', async () => {
    const cleared = await fetch(`${mock.url}/__mock/requests`, { method: 'DELETE' });
    expect(await cleared.json()).toEqual({ cleared: true });
    expect(await journal()).toEqual([]);
    expect(await journal()).toEqual([]);
  });
});
