// The static server (`npm start`, the tests' portals) over real HTTP, on a folder shaped like a
// built portal. Its redirects never leave the site: `GET /.//schemas` was answered with
// `Location: //schemas/`, which a browser follows to the host `schemas`. And what a reader's
// browser relies on: pages, the 404 page, HEAD, caching, ranges, a base path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic, type StaticServer } from '../../scripts/infra/serve-static.ts';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with its target sent exactly as written (fetch would normalize it first). */
function send(server: StaticServer, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'GET', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', fail).end();
  });
}

let dir: string;
let root: StaticServer;
let docs: StaticServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-server-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('index.html', '<p>home</p>');
  write('404.html', '<p>the portal 404</p>');
  write('schemas/index.html', '<p>schemas</p>');
  write('schemas/pet/index.html', '<p>pet</p>');
  write('a b/index.html', '<p>spaced</p>');
  write('_astro/page.abc123.js', 'console.log(1);');
  write('llms.txt', 'Pets — the API\n');
  root = await serveStatic(dir, { host: '127.0.0.1', port: 0 });
  docs = await serveStatic(dir, { host: '127.0.0.1', port: 0, base: '/docs/' });
});

afterAll(async () => {
  await root?.close();
  await docs?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('redirects stay on the site', () => {
  const hostile = ['/.//schemas', '//schemas', '/%2F%2Fschemas', '/\\schemas', '/./\\/schemas', '///schemas', '/..//schemas'];

  for (const path of hostile) {
    it(`GET ${path} redirects to /schemas/ on this host`, async () => {
      const answer = await send(root, path);
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/schemas/');
    });
  }

  it('under a base path too: /docs//schemas redirects to /docs/schemas/, /docs to /docs/', async () => {
    expect((await send(docs, '/docs//schemas')).headers.location).toBe('/docs/schemas/');
    expect((await send(docs, '/docs/.//schemas/pet')).headers.location).toBe('/docs/schemas/pet/');
    expect((await send(docs, '/docs')).headers.location).toBe('/docs/');
  });

  it('encodes the folder it names', async () => {
    expect((await send(root, '/a%20b')).headers.location).toBe('/a%20b/');
  });
});

describe('what a browser gets', () => {
  it("serves a folder's page, with its type and charset, revalidated", async () => {
    const page = await send(root, '/schemas/pet/');
    expect(page.status).toBe(200);
    expect(page.body).toBe('<p>pet</p>');
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-cache');
    const again = await send(root, '/schemas/pet/', { headers: { 'If-None-Match': String(page.headers.etag) } });
    expect(again.status).toBe(304);
    expect((await send(root, '/llms.txt')).headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it("keeps Astro's hashed assets for a year", async () => {
    expect((await send(root, '/_astro/page.abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("answers what is not there, or outside the folder, with the portal's 404 page", async () => {
    for (const path of ['/missing/', '/404', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/docs/']) {
      const answer = await send(root, path);
      expect(answer.status, path).toBe(404);
      expect(answer.body, path).toBe('<p>the portal 404</p>');
    }
    expect((await send(docs, '/schemas/')).status).toBe(404);
    expect((await send(docs, '/docs/schemas/')).body).toBe('<p>schemas</p>');
  });

  it('answers HEAD without a body, and refuses other methods', async () => {
    const head = await send(root, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe('11');
    expect(head.body).toBe('');
    const post = await send(root, '/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('serves a range from a start, and the whole file for a range it does not read as one', async () => {
    const part = await send(root, '/index.html', { headers: { Range: 'bytes=3-6' } });
    expect(part.status).toBe(206);
    expect(part.body).toBe('home');
    for (const range of ['bytes=-4', 'bytes=0-1,4-5']) {
      const whole = await send(root, '/index.html', { headers: { Range: range } });
      expect(whole.status, range).toBe(200);
      expect(whole.body, range).toBe('<p>home</p>');
    }
  });
});
