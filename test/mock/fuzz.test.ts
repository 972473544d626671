// Malformed requests by the thousand, sent concurrently over raw sockets:
// every one is answered within a bound, never with a 5xx, and every error
// has the Error shape. The sequence is seeded, so a failure replays exactly
// (set MOCK_FUZZ_SEED to try other sequences).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { expectErrorShape, prng, rawRequest, startMock, type RawResponse } from './helpers.ts';

const SEED = Number(process.env.MOCK_FUZZ_SEED ?? 20260501);
const COUNT = 1200;
const BATCH = 50;
const BOUND_MS = 2000;

let mock: MockServer;

beforeAll(async () => {
  mock = await startMock();
});

afterAll(async () => {
  await mock?.close();
});

interface Case {
  kind: string;
  payload: Buffer;
  /** Codes this case may legitimately get (undefined: any non-5xx). */
  codes?: string[];
}

const BODY_TARGETS: [string, string, Record<string, unknown>][] = [
  ['POST', '/pets', { name: 'Rex', categoryId: 1, status: 'available' }],
  ['POST', '/categories', { name: 'Dogs', description: 'Dogs of every breed and size.' }],
  ['POST', '/store/orders', { petId: 42, quantity: 2, shipDate: '2026-05-04T10:00:00Z', complete: false }],
  ['PUT', '/store/inventory/42', { quantity: 5 }],
];
const GET_PATHS = [
  '/pets',
  '/pets/42',
  '/pets/records/42',
  '/categories',
  '/categories/1',
  '/store/orders',
  '/store/orders/1001',
  '/store/inventory',
  '/store/inventory/42',
];
const ODD_METHODS = [
  'PROPFIND',
  'MKCOL',
  'LOCK',
  'UNLOCK',
  'PURGE',
  'SEARCH',
  'REPORT',
  'TRACE',
  'PATCH',
  'DELETE',
  'FOO',
  'get',
  'G3T',
  'SOURCE',
  'LINK',
  'QUERY',
];

function build(rand: () => number): Case {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!; // rand() < 1, lists not empty
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const randomText = (n: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789-_.~') =>
    Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join('');
  const request = (method: string, path: string, headers: string[], body?: Buffer) =>
    Buffer.concat([
      Buffer.from(`${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers.map((h) => `${h}\r\n`).join('')}`),
      Buffer.from(body ? `Content-Length: ${body.length}\r\n\r\n` : '\r\n'),
      body ?? Buffer.alloc(0),
    ]);
  const auth = 'Authorization: Bearer fuzz';
  const json = 'Content-Type: application/json';
  const [method, path, example] = pick(BODY_TARGETS);

  switch (int(0, 13)) {
    case 0: {
      // A strict prefix of an object's JSON is never valid JSON.
      const text = JSON.stringify(example);
      return {
        kind: 'truncated json',
        payload: request(method, path, [auth, json], Buffer.from(text.slice(0, int(1, text.length - 1)))),
        codes: ['invalid_json'],
      };
    }
    case 1: {
      const values = [null, 'text', -1, 0, 3.5, 1e308, true, [], {}, [1, 'a'], { nested: { deep: [null] } }, 'x'.repeat(int(0, 300))];
      const body: Record<string, unknown> = { ...example };
      const keys = Object.keys(body);
      body[rand() < 0.8 ? pick(keys) : randomText(int(1, 12))] = pick(values);
      if (rand() < 0.3) delete body[pick(keys)];
      return { kind: 'wrong types', payload: request(method, path, [auth, json], Buffer.from(JSON.stringify(body))), codes: ['validation_failed'] };
    }
    case 2: {
      const size = int(64 * 1024 + 1, 300 * 1024);
      return { kind: 'oversized body', payload: request(method, path, [auth, json], Buffer.alloc(size, 0x20)), codes: ['payload_too_large'] };
    }
    case 3:
      return { kind: 'empty body', payload: request(method, path, [auth, json], Buffer.alloc(0)), codes: ['validation_failed'] };
    case 4: {
      const bad = Buffer.from([pick([0xc3, 0xe2, 0xf0, 0xff, 0xfe, 0x80]), pick([0x28, 0x41, 0xff, 0x00])]);
      const body = Buffer.concat([Buffer.from('{"name":"'), bad, Buffer.from('"}')]);
      return { kind: 'invalid utf-8 body', payload: request(method, path, [auth, json], body), codes: ['invalid_json'] };
    }
    case 5: {
      const bytes = Buffer.from(Array.from({ length: int(1, 6) }, () => int(0x80, 0xff)));
      const encoded = rand() < 0.5;
      const target = encoded ? `/pets/records/${[...bytes].map((b) => `%${b.toString(16)}`).join('')}` : undefined;
      const payload = encoded
        ? request('GET', target!, [auth])
        : Buffer.concat([Buffer.from('GET /pets/'), bytes, Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]);
      return { kind: 'invalid utf-8 url', payload, codes: ['bad_request', 'validation_failed', 'route_not_found'] };
    }
    case 6:
      return { kind: 'odd method', payload: request(pick(ODD_METHODS), pick(GET_PATHS), [auth]), codes: ['bad_request', 'method_not_allowed'] };
    case 7: {
      const segments = Array.from({ length: int(1, 8) }, () => (rand() < 0.2 ? `%${randomText(2, '0123456789abcdefXYZ')}` : randomText(int(1, 20))));
      return { kind: 'unknown path', payload: request(pick(['GET', 'POST', 'DELETE']), `/zz/${segments.join('/')}`, [auth]), codes: ['route_not_found'] };
    }
    case 8:
      return {
        kind: 'huge header',
        payload: request('GET', pick(GET_PATHS), [auth, `X-Huge: ${'h'.repeat(int(17_000, 60_000))}`]),
        codes: ['header_too_large'],
      };
    case 9: {
      const name = pick(['Authorization', 'Content-Type', 'Prefer', 'X-Repeat', 'Origin', 'Accept']);
      const value = pick(['Bearer a', 'application/json', 'code=404', 'x', 'http://127.0.0.1:4321', '*/*', '']);
      const headers = [auth, ...Array.from({ length: int(2, 400) }, () => `${name}: ${value}`)];
      return { kind: 'repeated headers', payload: request('GET', pick(GET_PATHS), headers) };
    }
    case 10: {
      // Random bytes, ended so the parser either rejects them or sees a complete head.
      const junk = Buffer.from(Array.from({ length: int(1, 400) }, () => int(0, 255)));
      return { kind: 'garbage', payload: Buffer.concat([junk, Buffer.from('\r\n\r\n')]) };
    }
    case 11: {
      const query = pick([
        'limit=%zz',
        'limit=abc',
        'limit=-1',
        'offset=1e999',
        'status=%FF%FE',
        'limit=1&limit=2',
        '__code=9999',
        '__dynamic=maybe',
        '__example=',
        `${randomText(5)}=${randomText(5)}`,
      ]);
      return { kind: 'bad query', payload: request('GET', `${pick(GET_PATHS)}?${query}`, [auth]) };
    }
    case 12: {
      // Long runs of slashes, trailing or before a last segment: must cost one pass, not one lookup per slash.
      const run = '/'.repeat(int(1_000, 15_000));
      const target = rand() < 0.5 ? `${pick(GET_PATHS)}${run}` : `${run}x/`;
      return { kind: 'runs of slashes', payload: request('GET', target, [auth]) };
    }
    default: {
      const prefer = pick([
        'code=abc',
        'code=',
        'example=',
        'dynamic=perhaps',
        'code=200, example=nope',
        ';;;,,,=',
        `code=${int(100, 599)}`,
        'respond-async, wait=5',
        `example=${randomText(8)}`,
      ]);
      return { kind: 'odd Prefer', payload: request('GET', pick(GET_PATHS), [auth, `Prefer: ${prefer}`]) };
    }
  }
}

describe('malformed requests', () => {
  it(`answers ${COUNT} of them (seed ${SEED}), each in time, none with a 5xx, every error in the Error shape`, async () => {
    const rand = prng(SEED);
    const cases = Array.from({ length: COUNT }, () => build(rand));
    const failures: string[] = [];
    const kinds = new Map<string, number>();
    for (let i = 0; i < cases.length; i += BATCH) {
      const batch = cases.slice(i, i + BATCH);
      const results = await Promise.allSettled(batch.map((c) => rawRequest(mock.port, c.payload, BOUND_MS)));
      results.forEach((result, j) => {
        const c = batch[j]!; // one result per case of the batch
        const label = `#${i + j} ${c.kind}: ${JSON.stringify(c.payload.subarray(0, 120).toString('latin1'))}`;
        kinds.set(c.kind, (kinds.get(c.kind) ?? 0) + 1);
        if (result.status === 'rejected') {
          failures.push(`${label} → ${String(result.reason?.message ?? result.reason)}`);
          return;
        }
        const r: RawResponse = result.value;
        if (r.status >= 500) failures.push(`${label} → ${r.status} ${r.body}`);
        if (r.status >= 400) {
          try {
            if (r.headers['content-type'] !== 'application/json') throw new Error(`content-type ${r.headers['content-type']}`);
            const body = JSON.parse(r.body);
            expectErrorShape(body, r.status);
            if (c.codes && !c.codes.includes(body.code)) throw new Error(`code ${body.code}, expected one of ${c.codes.join(', ')}`);
          } catch (error) {
            failures.push(`${label} → ${r.status} ${r.body.slice(0, 200)}: ${(error as Error).message}`);
          }
        } else if (c.codes && !['wrong types'].includes(c.kind)) {
          failures.push(`${label} → ${r.status}, expected an error (${c.codes.join(', ')})`);
        }
      });
    }
    expect(failures.slice(0, 20)).toEqual([]);
    // Every kind of malformation was actually tried.
    expect(kinds.size).toBe(14);

    const after = await fetch(`${mock.url}/pets`, { headers: { authorization: 'Bearer after-fuzz' } });
    expect(after.status).toBe(200);
    expect(Array.isArray(await after.json())).toBe(true);
  });
});
