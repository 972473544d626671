// Header values a description holds but HTTP cannot carry (CR, LF, other
// control characters): the answers are still 200 and 401, without those
// headers, a line at start says which were left out, and nothing a
// description wrote ever starts a header line of its own.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { expectErrorShape, rawRequest, startMock } from './helpers.ts';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/hostile/header-values.yaml'), site: 'http://portal.test' });
});
afterAll(async () => {
  await mock?.close();
});

const get = (path: string, headers = '') => rawRequest(mock.port, `GET ${path} HTTP/1.1\r\nHost: mock\r\n${headers}Connection: close\r\n\r\n`);

/** Header lines as sent, names lower-cased. */
const headerNames = (raw: string) =>
  raw
    .slice(0, raw.indexOf('\r\n\r\n'))
    .split('\r\n')
    .slice(1)
    .map((line) => line.slice(0, line.indexOf(':')).toLowerCase());

describe('header values from the description', () => {
  it('answers 200 without the headers it cannot send, and encodes the successor link', async () => {
    const r = await get('/old/a%20b', 'X-Key: k\r\n');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ old: true });
    const names = headerNames(r.raw);
    expect(names).not.toContain('sunset');
    expect(names).not.toContain('x-note');
    expect(names).not.toContain('x-injected');
    expect(names).toContain('x-fine');
    expect(r.headers.deprecation).toBe('@1735689600');
    expect(r.headers.link).toBe(
      '</nouveau/caf%C3%A9%0D%0AX-Injected:%20link/a%20b>; rel="successor-version", <http://portal.test/operations/get-old/>; rel="deprecation"',
    );
  });

  it('answers a deprecated operation whose Deprecation example it cannot send without one', async () => {
    const r = await get('/older');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ older: true });
    expect(headerNames(r.raw)).not.toContain('deprecation');
    expect(headerNames(r.raw)).not.toContain('x-injected');
    expect(r.headers.link).toBe('<http://portal.test/operations/get-older/>; rel="deprecation"');
  });

  it('answers 401 with a challenge it can send', async () => {
    for (const path of ['/old/1', '/plain']) {
      const r = await get(path);
      expect(r.status).toBe(401);
      expectErrorShape(JSON.parse(r.body), 401);
      expect(headerNames(r.raw)).not.toContain('x-injected');
      expect(headerNames(r.raw)).not.toContain('x-title');
      expect(r.headers['www-authenticate']).toBe('ApiKey realm="HostileX-Title: injected ", in="header", name="X-Key"');
    }
  });

  it('says at start which headers it leaves out, escaped', () => {
    const lines = mock.output.text.split('\n').filter((line) => line.startsWith('Left out by the mock:'));
    expect(lines).toEqual([
      'Left out by the mock: GET /old/{id}: header Sunset: "Wed, 11 Nov 2026 23:59:59 GMT\\r\\nX-Injected: sunset" cannot be sent in HTTP (a line break or control character).',
      'Left out by the mock: GET /old/{id}: header WWW-Authenticate: "ApiKey realm=\\"x\\"\\r\\nX-Injected: challenge" cannot be sent in HTTP (a line break or control character).',
      'Left out by the mock: GET /old/{id}: header X-Note: "line one\\nline two" cannot be sent in HTTP (a line break or control character).',
      'Left out by the mock: GET /older: header Deprecation: "@1735689600\\r\\nX-Injected: deprecation" cannot be sent in HTTP (a line break or control character).',
    ]);
  });
});
