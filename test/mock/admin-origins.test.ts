// The mock's own routes are its own: in real Chromium, a page of another origin (another local
// app on another port) can neither read `/__mock/requests` nor reset a session, by fetch, by a
// simple cross-origin POST or by a form; the portal's own page (`--site`) can do both. Over plain
// HTTP: the answers a browser would get, with and without CORS, and requests from outside a
// browser (no Origin) as before.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { AUTH, expectErrorShape, startMock } from './helpers.ts';

let mock: MockServer;
let portal: Server;
let other: Server;
let portalOrigin: string;
let otherOrigin: string;
let browser: Browser;

async function pageServer(title: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.method === 'POST') {
      // Where the form's navigation lands, so the page loads and the test knows the form went out.
      req.resume();
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Posted</title>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>${title}</title>`);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Creates a pet in the session and gives the path that reads it back. */
async function petIn(session: string): Promise<string> {
  const r = await fetch(`${mock.url}/pets`, {
    method: 'POST',
    headers: { ...AUTH, 'content-type': 'application/json', 'mock-session': session },
    body: JSON.stringify({ name: 'Kept', categoryId: 1 }),
  });
  expect(r.status).toBe(201);
  return `/pets/records/${((await r.json()) as { id: number }).id}`;
}

const readStatus = async (path: string, session: string) => (await fetch(`${mock.url}${path}`, { headers: { ...AUTH, 'mock-session': session } })).status;

beforeAll(async () => {
  ({ server: portal, origin: portalOrigin } = await pageServer('Portal'));
  ({ server: other, origin: otherOrigin } = await pageServer('Another local app'));
  mock = await startMock({ site: `${portalOrigin}/`, features: { stateful: true } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await mock?.close();
  for (const server of [portal, other]) server?.close();
});

async function openPage(origin: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  return page;
}

describe('in Chromium', () => {
  it('a page of another origin cannot read the journal or reset a session, by fetch or by a form', async () => {
    const path = await petIn('kept');
    const page = await openPage(otherOrigin);
    try {
      const attempts = await page.evaluate(async (base) => {
        const outcome = async (request: Promise<Response>) => {
          try {
            const r = await request;
            return r.type === 'opaque' ? 'opaque' : `${r.status} ${await r.text()}`;
          } catch (error) {
            return `refused: ${(error as Error).name}`;
          }
        };
        return {
          journal: await outcome(fetch(`${base}/__mock/requests`)),
          // Sent without a preflight: the request reaches the server, only its answer is hidden.
          simple: await outcome(fetch(`${base}/__mock/reset`, { method: 'POST', body: 'x', headers: { 'content-type': 'text/plain' } })),
          noCors: await outcome(fetch(`${base}/__mock/reset?session=kept`, { method: 'POST', mode: 'no-cors' })),
          preflighted: await outcome(fetch(`${base}/__mock/reset`, { method: 'POST', headers: { 'mock-session': 'kept' } })),
        };
      }, mock.url);
      expect(attempts.journal).toBe('refused: TypeError');
      expect(attempts.simple).toBe('refused: TypeError');
      expect(attempts.noCors).toBe('opaque');
      expect(attempts.preflighted).toBe('refused: TypeError');
      // The classic cross-site form post, a navigation of the whole page.
      await Promise.all([
        page.waitForEvent('framenavigated'),
        page.evaluate((base) => {
          const form = document.createElement('form');
          form.method = 'POST';
          form.action = `${base}/__mock/reset?session=kept`;
          document.body.append(form);
          form.submit();
        }, mock.url),
      ]);
      await page.waitForLoadState('load');
      expect(await page.textContent('body')).toContain('forbidden_origin');
    } finally {
      await page.close();
    }
    expect(await readStatus(path, 'kept')).toBe(200);
    // Each attempt reached the mock and was refused, and says so in the journal (read from outside a browser).
    const { requests } = (await (await fetch(`${mock.url}/__mock/requests`)).json()) as { requests: { url: string; status: number; reason?: string }[] };
    const refusals = requests.filter((r) => r.url.startsWith('/__mock/') && r.status === 403);
    expect(refusals.length).toBeGreaterThanOrEqual(5);
    expect(refusals[0]?.reason).toContain(`A page of ${otherOrigin} may not use the mock's own routes`);
  });

  it("the portal's own page reads the journal and resets its session", async () => {
    const path = await petIn('portal');
    const page = await openPage(portalOrigin);
    try {
      const done = await page.evaluate(async (base) => {
        const journal = await fetch(`${base}/__mock/requests?limit=5`);
        const reset = await fetch(`${base}/__mock/reset`, { method: 'POST', headers: { 'mock-session': 'portal' } });
        return { journal: journal.status, entries: ((await journal.json()) as { requests: unknown[] }).requests.length, reset: await reset.json() };
      }, mock.url);
      expect(done).toEqual({ journal: 200, entries: 5, reset: { reset: { session: 'portal' }, stateful: true } });
    } finally {
      await page.close();
    }
    expect(await readStatus(path, 'portal')).toBe(404);
  });
});

describe('over HTTP', () => {
  it('answers CORS on its own routes to the portal only, and refuses another origin without it', async () => {
    const fromPortal = await fetch(`${mock.url}/__mock/requests`, { headers: { origin: 'http://localhost:' + new URL(portalOrigin).port } });
    expect(fromPortal.status).toBe(200);
    expect(fromPortal.headers.get('access-control-allow-origin')).toBe(`http://localhost:${new URL(portalOrigin).port}`);
    const fromOther = await fetch(`${mock.url}/__mock/requests`, { headers: { origin: otherOrigin } });
    expect(fromOther.status).toBe(403);
    expect(fromOther.headers.get('access-control-allow-origin')).toBeNull();
    expectErrorShape(await fromOther.json(), 403, 'forbidden_origin');
    const preflight = await fetch(`${mock.url}/__mock/reset`, {
      method: 'OPTIONS',
      headers: { origin: otherOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'mock-session' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const portalPreflight = await fetch(`${mock.url}/__mock/reset`, {
      method: 'OPTIONS',
      headers: { origin: portalOrigin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'mock-session' },
    });
    expect(portalPreflight.status).toBe(204);
    expect(portalPreflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
  });

  it("still answers the API's operations to every origin, and its own routes to clients outside a browser", async () => {
    const api = await fetch(`${mock.url}/pets`, { headers: { ...AUTH, origin: otherOrigin } });
    expect(api.status).toBe(200);
    expect(api.headers.get('access-control-allow-origin')).toBe(otherOrigin);
    expect((await fetch(`${mock.url}/__mock/resources`)).status).toBe(200);
    expect((await fetch(`${mock.url}/__mock/reset?session=nobody`, { method: 'POST' })).status).toBe(200);
  });
});
