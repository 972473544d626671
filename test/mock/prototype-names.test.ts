// Properties and parameters named `constructor`, `toString`, `valueOf`,
// `hasOwnProperty` or `__proto__` are fields like any other: a valid request
// passes, an invalid one is a 400 naming the field.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { ROOT } from '../helpers/paths.ts';
import { expectErrorShape, startMock } from './helpers.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/hostile/prototype-names.yaml') });
});
afterAll(async () => {
  await mock?.close();
});

async function post(path: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${mock.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: response.status, body: await response.json() };
}

describe('fields named like Object.prototype members', () => {
  it('accepts valid requests, with those fields present or absent', async () => {
    expect(await post('/things/abc', '{"constructor":"x"}')).toEqual({ status: 200, body: { ok: true } });
    const full = await post(
      '/things/abc?toString=3&__proto__=4&filter[toString]=3&filter[__proto__]=5',
      '{"constructor":"x","__proto__":"y","toString":"z","valueOf":1,"hasOwnProperty":true}',
      { valueOf: '5', cookie: 'hasOwnProperty=3' },
    );
    expect(full).toEqual({ status: 200, body: { ok: true } });
    const form = await fetch(`${mock.url}/things/abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'constructor=x&valueOf=3',
    });
    expect(form.status).toBe(200);
  });

  it('refuses invalid ones, naming the field', async () => {
    const cases: [string, string, Record<string, string>, string][] = [
      ['/things/abc', '{}', {}, 'body.constructor is required'],
      ['/things/abc', '{"constructor":5}', {}, 'body.constructor must be string'],
      ['/things/abc', '{"constructor":"x","toString":1}', {}, 'body.toString must be string'],
      ['/things/abc', '{"constructor":"x","valueOf":"v"}', {}, 'body.valueOf must be integer'],
      ['/things/abc', '{"constructor":"x","hasOwnProperty":1}', {}, 'body.hasOwnProperty must be boolean'],
      ['/things/abc', '{"constructor":"x","__proto__":5}', {}, 'body.__proto__ must be string'],
      ['/things/abcdefgh', '{"constructor":"x"}', {}, 'path.constructor must NOT have more than 5 characters'],
      ['/things/abc?toString=x', '{"constructor":"x"}', {}, 'query.toString must be integer'],
      ['/things/abc?__proto__=x', '{"constructor":"x"}', {}, 'query.__proto__ must be integer'],
      ['/things/abc?filter[__proto__]=x', '{"constructor":"x"}', {}, 'query.filter.__proto__ must be integer'],
      ['/things/abc', '{"constructor":"x"}', { valueOf: 'v' }, 'header.valueOf must be integer'],
      ['/things/abc', '{"constructor":"x"}', { cookie: 'hasOwnProperty=x' }, 'cookie.hasOwnProperty must be integer'],
    ];
    for (const [path, body, headers, message] of cases) {
      const r = await post(path, body, headers);
      expect(r.status, `${path} ${body}`).toBe(400);
      expectErrorShape(r.body, 400, 'validation_failed');
      expect(r.body.message).toBe(message);
    }
    const form = await fetch(`${mock.url}/things/abc`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'toString=x',
    });
    expect(form.status).toBe(400);
    expect((await form.json()).message).toBe('body.constructor is required');
  });

  it('answers from a component named __proto__, its example and a generated body alike, touching no prototype', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const example = await fetch(`${mock.url}/component`);
    expect(example.status).toBe(200);
    expect(await example.json()).toEqual({ constructor: 'built', toString: 7 });
    const generated = await fetch(`${mock.url}/component`, { headers: { prefer: 'dynamic=true' } });
    expect(generated.status).toBe(200);
    const body = await generated.json();
    expect(typeof body.constructor).toBe('string');
    expect(Number.isInteger(body.toString)).toBe(true);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});
