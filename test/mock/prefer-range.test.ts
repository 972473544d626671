// `Prefer: code=` (and `__code`) outside 200–599 is a 400 with the Error body,
// read off the raw socket so an interim response sent before it would show;
// a document that declares only an interim answer still gets a final one.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { ROOT } from '../helpers/paths.ts';
import { expectErrorShape, rawRequest, startMock } from './helpers.ts';

let mock: MockServer;
beforeAll(async () => {
  mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/hostile/interim-codes.yaml') });
});
afterAll(async () => {
  await mock?.close();
});

const get = (path: string, headers = '') => rawRequest(mock.port, `GET ${path} HTTP/1.1\r\nHost: mock\r\n${headers}Connection: close\r\n\r\n`);

describe('Prefer: code outside 200–599', () => {
  for (const code of ['100', '101', '103', '199', '600']) {
    it(`code=${code} is a 400 with the Error body and nothing before it`, async () => {
      for (const response of [await get('/switch', `Prefer: code=${code}\r\n`), await get(`/switch?__code=${code}`)]) {
        expect(response.raw.startsWith('HTTP/1.1 400 '), response.raw.slice(0, 80)).toBe(true);
        expect(response.raw.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
        expect(response.headers['content-type']).toBe('application/json');
        const body = JSON.parse(response.body);
        expectErrorShape(body, 400, 'invalid_prefer');
        expect(body.message).toContain(`code=${code} is outside 200–599`);
      }
    });
  }

  it('still answers a final status it declares', async () => {
    const response = await get('/switch', 'Prefer: code=200\r\n');
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
  });

  it('answers an operation that declares only an interim status with a final one', async () => {
    const response = await get('/only-interim');
    expect(response.raw.startsWith('HTTP/1.1 200 '), response.raw.slice(0, 80)).toBe(true);
    expect(response.raw.match(/^HTTP\/1\.1 /gm)).toHaveLength(1);
  });
});
