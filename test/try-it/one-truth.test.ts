// One truth for the request, in real Chromium: on every path a reader takes (the page as it
// loads, a variant or a content type chosen while the panel is closed, a key and a target kept
// from the previous page, no key at all) the curl sample is the request Send sends. Both are
// captured at a server this test starts, the sample by running it in a shell, and compared.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { refused } from '../helpers/ports.ts';
import { runShell } from '../helpers/processes.ts';
import { startRecorder, type Recorded, type Recorder } from '../helpers/recorder.ts';
import { curlStatus, openPanel, send, startTryItSite, type TryItSite } from './helpers.ts';

let dir: string;
let target: Recorder;
let site: TryItSite;

beforeAll(async () => {
  target = await startRecorder((request, res) => {
    const cors = {
      'Access-Control-Allow-Origin': String(request.headers.origin ?? '*'),
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers': String(request.headers['access-control-request-headers'] ?? ''),
    };
    res.writeHead(request.method === 'OPTIONS' ? 204 : 200, { ...cors, 'Content-Type': 'application/json' });
    res.end(request.method === 'OPTIONS' ? undefined : '{"kind":"cat","name":"Tom","indoor":true}');
  });
  dir = mkdtempSync(join(tmpdir(), 'try-it-one-truth-'));
  const spec = join(dir, 'openapi.yaml');
  const text = readFileSync(join(ROOT, 'test/try-it/fixtures/client.yaml'), 'utf8');
  writeFileSync(spec, text.replaceAll('__TARGET__', target.origin).replaceAll('__OAUTH__', 'http://127.0.0.1:9'));
  site = await startTryItSite(spec, 'try-it-one-truth');
});

afterAll(async () => {
  await site?.close();
  if (target) {
    await target.close();
    expect(await refused(target.port)).toBe(true);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// What a client adds on its own (curl's and Chromium's defaults, the connection): not part of the request written.
const TRANSPORT = /^(host|connection|content-length|user-agent|accept|accept-encoding|accept-language|origin|referer|sec-.*|pragma|cache-control)$/;

/** A captured request as the sample writes it: method, decoded target, the headers it names, the body. */
function written(request: Recorded) {
  const headers = Object.entries(request.headers)
    .filter(([name, value]) => !TRANSPORT.test(name) || (name === 'accept' && value !== '*/*'))
    .sort(([a], [b]) => a.localeCompare(b));
  return { method: request.method, target: decodeURIComponent(request.target), headers, body: request.body.toString('utf8') };
}

const curlSample = (page: Page) => page.getByRole('group', { name: 'curl sample' });

async function open(slug: string, page?: Page): Promise<Page> {
  const tab = page ?? (await site.browser.newPage());
  await tab.goto(`${site.portal.url}/operations/${slug}/`);
  return tab;
}

/** The request the page's curl sample sends, run in a shell, and the one Send sends: both as captured. */
async function sampleAndSent(page: Page): Promise<{ sample: ReturnType<typeof written>; sent: ReturnType<typeof written>; code: string }> {
  const code = (await curlSample(page).textContent()) ?? '';
  target.requests.length = 0;
  const shell = await runShell(code, { cwd: dir, timeoutMs: 30_000 });
  expect(shell.code, shell.output).toBe(0);
  const fromShell = target.requests.filter((r) => r.method !== 'OPTIONS');
  expect(fromShell).toHaveLength(1);
  await openPanel(page, { target: 'first' });
  target.requests.length = 0;
  expect(await send(page)).toMatch(/^Response: 200 OK/);
  const fromPanel = target.requests.filter((r) => r.method !== 'OPTIONS');
  expect(fromPanel).toHaveLength(1);
  return { sample: written(fromShell[0]!), sent: written(fromPanel[0]!), code };
}

describe('the sample is what Send sends', () => {
  it('as the page loads: the first server, the first example, the placeholder where no key was entered', async () => {
    const page = await open('add-animal');
    const { sample, sent, code } = await sampleAndSent(page);
    expect(code).toContain(`${target.origin}/animals`);
    expect(sent).toEqual(sample);
    expect(sent.headers).toContainEqual(['authorization', 'Bearer <API_KEY>']);
    expect(JSON.parse(sent.body)).toEqual({ kind: 'cat', name: 'Tom', indoor: true });
    await page.close();
  });

  it('a variant chosen in the field list while the panel is closed: the sample keeps its server and shows that variant', async () => {
    const page = await open('add-animal');
    await page.getByRole('region', { name: 'Request body' }).getByRole('tab', { name: /Dog/ }).click();
    await expect.poll(() => curlSample(page).textContent()).toContain('collie');
    const shown = (await curlSample(page).textContent()) ?? '';
    expect(shown).toContain(`${target.origin}/animals`);
    expect(shown).not.toContain(site.mock.url);
    const { sample, sent } = await sampleAndSent(page);
    expect(sent).toEqual(sample);
    expect(JSON.parse(sent.body)).toEqual({ kind: 'dog', name: 'Rex', breed: 'collie' });
    await page.close();
  });

  it('a content type chosen while the panel is closed: the sample keeps its server and sends that type', async () => {
    const page = await open('add-animal');
    await page.getByRole('region', { name: 'Request body' }).getByRole('button', { name: 'application/xml' }).click();
    await expect.poll(() => curlSample(page).textContent()).toContain('Content-Type: application/xml');
    expect(await curlSample(page).textContent()).toContain(`${target.origin}/animals`);
    const { sample, sent } = await sampleAndSent(page);
    expect(sent).toEqual(sample);
    expect(sent.headers).toContainEqual(['content-type', 'application/xml']);
    expect(sent.body).toContain('<animal>');
    await page.close();
  });

  it('a key and a target chosen on one page are in the next page’s sample before its panel opens', async () => {
    const page = await open('add-animal');
    await openPanel(page, { target: 'first' });
    await page.getByLabel('API key (Bearer token)').fill('kept-key');
    await page.getByLabel('Send requests to').selectOption({ label: `The next version: ${target.origin}/v2` });
    await open('get-animal', page);
    await expect.poll(() => curlSample(page).textContent()).toContain('kept-key');
    expect(await curlSample(page).textContent()).toContain(`${target.origin}/v2/animals/7`);
    expect(await page.locator('#try-it-slot').isHidden()).toBe(true);
    const { sample, sent } = await sampleAndSent(page);
    expect(sent).toEqual(sample);
    expect(sent.target).toBe('/v2/animals/7');
    expect(sent.headers).toContainEqual(['authorization', 'Bearer kept-key']);
    await page.close();
  });

  it('no key entered: the copied sample and the panel get the same 401 from the mock', async () => {
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await open('get-animal', page);
    await openPanel(page);
    await expect.poll(() => curlSample(page).textContent()).toContain(site.mock.url);
    const code = (await curlSample(page).textContent()) ?? '';
    expect(code).toContain('Authorization: Bearer <API_KEY>');
    expect(await send(page)).toMatch(/^Response: 401 Unauthorized/);
    expect(await page.locator('#try-it-response-body').textContent()).toContain('holds the placeholder <API_KEY>');
    expect(await curlStatus(code)).toBe('401');
    // With a key, both get 200.
    await page.getByLabel('API key (Bearer token)').fill('any-key');
    await expect.poll(() => curlSample(page).textContent()).toContain('any-key');
    expect(await send(page)).toMatch(/^Response: 200 OK/);
    expect(await curlStatus((await curlSample(page).textContent()) ?? '')).toBe('200');
    await context.close();
  });
});
