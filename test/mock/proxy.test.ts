// `--proxy` against a real upstream: a node:http server on loopback standing in for the real
// API, answering outside the description on purpose (a wrong type, an undeclared status, a
// missing required header) and at a path the description does not declare. Each mismatch is
// named, with the operation and the failing value's JSON pointer, in the log, in the journal
// and in the summary on exit; the undeclared path is relayed and named undocumented; `--errors`
// turns a mismatch into a 502 in the API's error shape; `--record` then `--examples` serves
// what was recorded, with no upstream at all.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { freePort } from '../helpers/ports.ts';
import { AUTH, type Collected, expectErrorShape, startMock } from './helpers.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let upstream: Server;
let upstreamUrl: string;
const received: Received[] = [];
const dir = mkdtempSync(join(tmpdir(), 'mock-record-'));

const ANSWERS: Record<string, { status: number; headers?: Record<string, string>; body: string }> = {
  // The id is a string where the description says integer.
  'GET /v1/pets': { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ id: 'seven', name: 'Rex', categoryId: 1 }]) },
  // A status the operation does not declare.
  'GET /v1/pets/records/1': { status: 418, headers: { 'content-type': 'text/plain' }, body: 'I am a teapot' },
  // Created, but without the Location the description requires.
  'POST /v1/pets': { status: 201, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id: 50, name: 'Kit', categoryId: 2 }) },
  // As described.
  'GET /v1/categories': { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify([{ id: 1, name: 'Dogs' }]) },
  // Not in the description at all.
  'GET /v1/internal/metrics': { status: 200, headers: { 'content-type': 'text/plain' }, body: 'requests 42' },
};

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const answer = ANSWERS[`${req.method} ${(req.url ?? '').split('?')[0]}`] ?? { status: 404, body: '' };
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body);
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => upstream.listen(port, '127.0.0.1', done));
  upstreamUrl = `http://127.0.0.1:${port}/v1`;
});

afterAll(async () => {
  await new Promise((done) => upstream.close(done));
  rmSync(dir, { recursive: true, force: true });
});

async function call(mock: MockServer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

async function journal(mock: MockServer, query: string) {
  return ((await (await fetch(`${mock.url}/__mock/requests${query}`)).json()) as { requests: { problems?: unknown[]; source: string; url: string }[] })
    .requests;
}

describe('--proxy', () => {
  let mock: MockServer & { output: Collected };
  beforeAll(async () => {
    mock = await startMock({ features: { proxy: upstreamUrl, record: dir } });
  });

  it('relays requests to the real API under its base path, with their headers, and the answers as they came', async () => {
    const r = await call(mock, 'GET', '/pets?limit=5', undefined, { 'mock-session': 'mine' });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text)).toEqual([{ id: 'seven', name: 'Rex', categoryId: 1 }]);
    const seen = received.at(-1)!;
    expect(seen.url).toBe('/v1/pets?limit=5');
    expect(seen.headers.authorization).toBe(AUTH.authorization);
    expect(seen.headers.host).toBe(new URL(upstreamUrl).host);
    // The mock's own header stays with the mock.
    expect(seen.headers['mock-session']).toBeUndefined();
  });

  it('names a wrong type by its JSON pointer, in the log and in the journal', async () => {
    // The log is written in batches: its line comes within moments.
    await expect.poll(() => mock.output.text).toMatch(/GET \/pets\?limit=5 200 [\d.]+ms listPets\n {2}body \/0\/id: body\[0\]\.id must be integer/);
    const [entry] = await journal(mock, '?operation=listPets');
    expect(entry).toMatchObject({ source: 'upstream', problems: [{ in: 'body', at: '/0/id', message: 'body[0].id must be integer' }] });
  });

  it('names an undeclared status and a missing required header', async () => {
    expect((await call(mock, 'GET', '/pets/records/1')).status).toBe(418);
    const created = await call(mock, 'POST', '/pets', { name: 'Kit', categoryId: 2 });
    expect(created.status).toBe(201);
    expect(received.at(-1)?.body).toBe(JSON.stringify({ name: 'Kit', categoryId: 2 }));
    expect((await journal(mock, '?operation=getPet'))[0]?.problems).toEqual([
      { in: 'status', message: '418 is not declared for this operation (declared: 200, 400, 401, 404)' },
    ]);
    expect((await journal(mock, '?operation=createPet'))[0]?.problems).toEqual([{ in: 'header', at: 'Location', message: 'is required but missing' }]);
    await expect.poll(() => mock.output.text).toContain('  header Location: is required but missing');
  });

  it('finds nothing to say about an answer as described', async () => {
    expect((await call(mock, 'GET', '/categories')).status).toBe(200);
    expect((await journal(mock, '?operation=listCategories'))[0]?.problems).toBeUndefined();
  });

  it('relays a path the description does not declare, and names it undocumented', async () => {
    const r = await call(mock, 'GET', '/internal/metrics');
    expect([r.status, r.text]).toEqual([200, 'requests 42']);
    const undocumented = (await journal(mock, '')).find((e) => e.url === '/internal/metrics');
    expect(undocumented?.problems).toEqual([{ in: 'request', message: 'GET /internal/metrics is not declared in the description (undocumented)' }]);
  });

  it('counts what differed in a summary when it stops, and records every answer', async () => {
    await mock.close();
    expect(mock.output.text).toContain('Proxy: 5 answers relayed, 3 differed from the description.');
    expect(mock.output.text).toMatch(/ {2}listPets: 1 answer\n {4}body \/0\/id: body\[0\]\.id must be integer/);
    expect(mock.output.text).toContain('  undocumented: GET /internal/metrics (1 request)');
    expect(readdirSync(dir).sort()).toEqual(['createPet.json', 'getPet.json', 'listCategories.json', 'listPets.json', 'undocumented.json']);
  });
});

describe('--proxy --errors', () => {
  it('answers a mismatch with a 502 naming it, in the API error shape; an upstream that is gone with a 502 too', async () => {
    const mock = await startMock({ features: { proxy: upstreamUrl, errors: true } });
    try {
      const r = await call(mock, 'GET', '/pets');
      expect(r.status).toBe(502);
      const body = JSON.parse(r.text);
      expectErrorShape(body, 502, 'upstream_mismatch');
      expect(body.message).toContain('body /0/id: body[0].id must be integer');
      expect((await call(mock, 'GET', '/categories')).status).toBe(200);
    } finally {
      await mock.close();
    }
    const gone = await startMock({ features: { proxy: `http://127.0.0.1:${await freePort()}` } });
    try {
      const r = await call(gone, 'GET', '/categories');
      expect(r.status).toBe(502);
      expectErrorShape(JSON.parse(r.text), 502, 'upstream_unavailable');
    } finally {
      await gone.close();
    }
  });
});

describe('--examples <dir> of what --record wrote', () => {
  it('serves the recorded answers with no upstream, and the description for the rest', async () => {
    const mock = await startMock({ features: { examples: dir } });
    try {
      expect(mock.output.text).toContain(`Examples: 5 recorded answers from ${dir}`);
      const pets = await call(mock, 'GET', '/pets?limit=5');
      expect([pets.status, JSON.parse(pets.text)]).toEqual([200, [{ id: 'seven', name: 'Rex', categoryId: 1 }]]);
      expect(JSON.parse((await call(mock, 'GET', '/categories')).text)).toEqual([{ id: 1, name: 'Dogs' }]);
      const metrics = await call(mock, 'GET', '/internal/metrics');
      expect([metrics.status, metrics.text, metrics.headers.get('content-type')]).toEqual([200, 'requests 42', 'text/plain']);
      // Not recorded: the description's example, as without --examples.
      expect((await call(mock, 'GET', '/categories/2')).status).toBe(200);
      // The request's checks still apply.
      expect((await call(mock, 'GET', '/pets', undefined, { authorization: '' })).status).toBe(401);
    } finally {
      await mock.close();
    }
  });
});
