// The try-it panel keeps its promise in real Chromium: the reader's credentials go only to the
// target they chose. The description's server (one this test starts) answers with a redirect to
// a second server on another port, which records whether the key reached it. And a request the
// browser would refuse (a header name that is no token, a value it cannot carry, a TRACE) is
// stopped before sending, with the real reason, not reported as CORS.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { refused } from '../helpers/ports.ts';
import { startRecorder, type Recorder } from '../helpers/recorder.ts';
import { openPanel, openSection, send, startTryItSite, type TryItSite } from './helpers.ts';

const KEY = 'secret-key-42';

let dir: string;
let target: Recorder;
let elsewhere: Recorder;
let site: TryItSite;

/** CORS for any page, with whatever headers its preflight asks for: the redirect is what is tested, not CORS. */
function allow(origin: string | string[] | undefined, requested: string | string[] | undefined): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': String(origin ?? '*'),
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE',
    'Access-Control-Allow-Headers': String(requested ?? ''),
  };
}

beforeAll(async () => {
  elsewhere = await startRecorder((request, res) => {
    res.writeHead(200, { ...allow(request.headers.origin, request.headers['access-control-request-headers']), 'Content-Type': 'text/plain' });
    res.end('landed elsewhere');
  });
  target = await startRecorder((request, res) => {
    const cors = allow(request.headers.origin, request.headers['access-control-request-headers']);
    if (request.method === 'OPTIONS') res.writeHead(204, cors);
    else res.writeHead(302, { ...cors, Location: `${elsewhere.origin}/landing` });
    res.end();
  });
  dir = mkdtempSync(join(tmpdir(), 'try-it-redirect-'));
  const spec = join(dir, 'openapi.yaml');
  writeFileSync(spec, readFileSync(join(ROOT, 'test/try-it/fixtures/redirect.yaml'), 'utf8').replaceAll('__TARGET__', target.origin));
  site = await startTryItSite(spec, 'try-it-redirect');
});

afterAll(async () => {
  await site?.close();
  for (const server of [target, elsewhere]) {
    if (!server) continue;
    await server.close();
    expect(await refused(server.port)).toBe(true);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** An operation's page with the description's server chosen as the target. */
async function open(slug: string): Promise<Page> {
  const page = await site.browser.newPage();
  await page.goto(`${site.portal.url}/operations/${slug}/`);
  await openPanel(page);
  await page.locator('#try-it-target').selectOption('server-0');
  target.requests.length = 0;
  elsewhere.requests.length = 0;
  return page;
}

const keyArrived = (server: Recorder) => server.requests.filter((r) => r.headers['x-api-key'] !== undefined || r.target.includes(KEY));

describe('a target that redirects elsewhere', () => {
  it('GET with an API key: the key goes to the target only; the panel says it redirected, and where', async () => {
    const page = await open('list-things');
    await page.getByLabel('API key (header X-API-Key)').fill(KEY);
    const status = await send(page);
    expect(status).toBe(`Response: a redirect to ${elsewhere.origin}/landing, not followed; your credentials went only to ${target.origin}.`);
    expect(await page.locator('#try-it-redirect').textContent()).toBe(
      `${target.origin} answered with a redirect to ${elsewhere.origin}/landing. It was not followed: the panel sends your credentials only to ${target.origin}, the address you chose. To call that address, choose it as the target.`,
    );
    expect(target.requests.filter((r) => r.method === 'GET').map((r) => r.headers['x-api-key'])).toContain(KEY);
    // Where it points was asked without the key.
    expect(elsewhere.requests.length).toBeGreaterThan(0);
    expect(keyArrived(elsewhere)).toEqual([]);
    await page.close();
  });

  it('POST with an API key: not followed, not sent again; the panel says so', async () => {
    const page = await open('add-thing');
    await page.getByLabel('API key (header X-API-Key)').fill(KEY);
    const status = await send(page);
    expect(status).toBe(`Response: a redirect, not followed; your credentials went only to ${target.origin}.`);
    expect(await page.locator('#try-it-redirect').textContent()).toContain('the curl sample shows it');
    expect(target.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(elsewhere.requests).toEqual([]);
    await page.close();
  });

  it('without credentials the redirect is followed and its answer shown', async () => {
    const page = await open('list-open');
    const status = await send(page);
    expect(status).toMatch(/^Response: 200 OK in \d+ ms\.$/);
    expect(await page.locator('#try-it-response-body').textContent()).toBe('landed elsewhere');
    expect(elsewhere.requests.map((r) => r.target)).toEqual(['/landing']);
    await page.close();
  });
});

describe('a request the browser would refuse', () => {
  it('an invalid header name is named as the problem, linked to its field, and nothing is sent', async () => {
    const page = await open('odd-headers');
    // Optional parameters only: their section starts folded.
    await openSection(page, 'Parameters');
    await page.locator('#try-it-param-0').fill('anything');
    const status = await send(page);
    expect(status).toBe('Not sent: one problem, listed below.');
    const message = `"X Bad" is not a valid header name: a name has letters, digits and !#$%&'*+-.^_\`|~ only.`;
    expect(await page.locator('#try-it-problems li').allTextContents()).toEqual([message]);
    expect(await page.locator('#try-it-param-0').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#try-it-send-anyway').isHidden()).toBe(true);
    expect(status + message).not.toContain('CORS');
    expect(target.requests).toEqual([]);
    await page.close();
  });

  it('a value a browser cannot put in a header is named as the problem, and nothing is sent', async () => {
    const page = await open('odd-headers');
    await openSection(page, 'Parameters');
    await page.locator('#try-it-param-1').fill('日本');
    await send(page);
    expect(await page.locator('#try-it-problems li').allTextContents()).toEqual([
      'The value of the X-Note header has a character a browser cannot send in a header (only Latin-1); the curl sample sends it.',
    ]);
    expect(target.requests).toEqual([]);
    await page.close();
  });

  it('a method the browser will not send (TRACE) is named as the reason, not CORS', async () => {
    const page = await open('trace-echo');
    const status = await send(page);
    expect(status).toMatch(/^Not sent: the browser refuses to send this request \(.*TRACE.*\)\. The curl sample above sends it from a terminal\.$/);
    expect(await page.locator('#try-it-failure').textContent()).toBe(status);
    expect(target.requests).toEqual([]);
    await page.close();
  });

  it('an API key scheme whose header name is invalid is named as the problem on the key field', async () => {
    const page = await open('odd-key');
    const field = page.getByLabel('API key (header X Key)');
    await field.fill(KEY);
    await send(page);
    expect(await page.locator('#try-it-problems li').allTextContents()).toEqual([
      `"X Key" is not a valid header name: a name has letters, digits and !#$%&'*+-.^_\`|~ only.`,
    ]);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(target.requests).toEqual([]);
    await page.close();
  });
});
