// Request checks on schema features where OpenAPI 3.0 and JSON Schema differ
// (`nullable`, boolean `exclusiveMinimum`, `readOnly` fields a client may
// leave out, recursion) and on 3.1's own (`type` lists, `const`,
// `prefixItems`), plus parameters in the query and headers and form bodies.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { ROOT } from '../helpers/paths.ts';
import { expectErrorShape, startMock } from './helpers.ts';

async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

describe('OpenAPI 3.0 schemas', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/schemas-3.0.yaml') });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('accepts null where the schema is nullable, and leaves read-only fields to the server', async () => {
    expect((await post(mock.url, '/things', { name: null, score: 1.5, tag: null })).status).toBe(201);
    expect((await post(mock.url, '/things', { name: 'x', score: 2, tag: 'a', parent: { name: 'p', score: 1 } })).status).toBe(201);
  });

  it('rejects what the 3.0 keywords rule out', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'x', score: 0 }, 'body.score must be > 0'],
      [{ name: 'x', score: 1, tag: 'c' }, 'body.tag'],
      [{ score: 1 }, 'body.name is required'],
      [{ name: 'x', score: 1, parent: { name: 'p', score: -1 } }, 'body.parent.score must be > 0'],
    ];
    for (const [body, message] of cases) {
      const r = await post(mock.url, '/things', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(r.body, 400, 'validation_failed');
      expect(r.body.message).toContain(message);
    }
  });

  it('checks path, query array and header parameters', async () => {
    const get = (path: string, headers: Record<string, string> = { 'x-trace': 'abc' }) => fetch(`${mock.url}${path}`, { headers });
    expect((await get('/things/7?tags=red&tags=green')).status).toBe(200);
    const wrongItem = await get('/things/7?tags=red&tags=blue');
    expect(wrongItem.status).toBe(400);
    expect((await wrongItem.json()).message).toMatch(/^query\.tags\[1\] must be one of/);
    expect((await (await get('/things/7', {})).json()).message).toBe('header.X-Trace is required');
    expect((await (await get('/things/7', { 'x-trace': 'ab' })).json()).message).toMatch(/^header\.X-Trace must NOT have fewer than 3 characters/);
    expect((await (await get('/things/99999999999')).json()).message).toMatch(/^path\.id must match format "int32"/);
  });

  it('checks form bodies, with their text turned into numbers', async () => {
    const patch = (body: string) => fetch(`${mock.url}/things/7`, { method: 'PATCH', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
    const ok = await patch('score=7.5');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('content-length')).toBeNull();
    const tooBig = await patch('score=11');
    expect(tooBig.status).toBe(400);
    expect((await tooBig.json()).message).toBe('body.score must be <= 10');
    expect((await (await patch('other=1')).json()).message).toBe('body.score is required');
  });
});

describe('OpenAPI 3.1 schemas', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/schemas-3.1.yaml') });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('validates with JSON Schema 2020-12', async () => {
    const ok = await post(mock.url, '/points', { kind: 'point', at: [1, 2], label: null, weight: 0.5 });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ kind: 'point', at: [0, 0], label: null });
    for (const [body, message] of [
      [{ kind: 'line', at: [1, 2] }, 'body.kind must be "point"'],
      [{ kind: 'point', at: [1, 2, 3] }, 'body.at'],
      [{ kind: 'point', at: [1, 'x'] }, 'body.at[1] must be number'],
      [{ kind: 'point', at: [1, 2], label: 3 }, 'body.label must be string or null'],
      [{ kind: 'point', at: [1, 2], weight: 0 }, 'body.weight must be > 0'],
    ] as [unknown, string][]) {
      const r = await post(mock.url, '/points', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toContain(message);
    }
  });
});
