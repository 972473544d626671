// Schemas that refer back to themselves through `allOf` at the same value (A
// all of B, B all of A; S all of S) are checked and answered: a valid request
// gets the example or a generated body, an invalid one a 400, never a 500.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { ROOT } from '../helpers/paths.ts';
import { expectErrorShape, startMock } from './helpers.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/hostile/allof-loops.yaml') });
});
afterAll(async () => {
  await mock?.close();
});

async function call(path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${mock.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

describe('allOf loops', () => {
  it('answers a valid request to mutually recursive schemas with a body', async () => {
    const r = await call('/a', { a: 'x', b: 1 });
    expect(r.status).toBe(200);
    expect(typeof r.body.a).toBe('string');
    expect(Number.isInteger(r.body.b)).toBe(true);
    const generated = await call('/a', { a: 'x', b: 1 }, { prefer: 'dynamic=true' });
    expect(generated.status).toBe(200);
    expect(typeof generated.body.a).toBe('string');
  });

  it('still checks what each member of the loop requires', async () => {
    for (const [body, message] of [
      [{ a: 'x', b: 'no' }, 'body.b must be integer'],
      [{ a: 1, b: 1 }, 'body.a must be string'],
    ] as const) {
      const r = await call('/a', body);
      expect(r.status).toBe(400);
      expectErrorShape(r.body, 400, 'validation_failed');
      expect(r.body.message).toBe(message);
    }
  });

  it('answers a schema that is all of itself', async () => {
    const r = await call('/self');
    expect(r.status).toBe(200);
    expect(typeof r.body.s).toBe('string');
    expect((await call('/self', undefined, { prefer: 'dynamic=true' })).status).toBe(200);
  });

  it('checks a loop through anyOf beside recursion through a field', async () => {
    expect((await call('/tree', { name: 'x', child: { name: 'y' } })).status).toBe(201);
    const bad = await call('/tree', { name: 'x', child: { name: 3 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('body.child.name must be string');
  });
});
