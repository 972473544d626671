// Arrays, objects and deepObject in the query, label and matrix path values, a list header and a
// list cookie: the built page's code sample, the try-it panel in Chromium and the mock agree on
// every one of them. The code sample and the panel write the same path, query, header and cookie;
// the mock accepts what both send (each schema admits only the documented values, so a value read
// back wrong is a 400), from the panel, from its curl command and from the sample's.
import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { curlStatus, openPanel, sampleCode, send, startTryItSite, type TryItSite } from './helpers.ts';

const SPEC = resolve(ROOT, 'test/try-it/fixtures/parameter-styles.yaml');
const DOCUMENTED_SERVER = 'https://api.example.com/v1';

let site: TryItSite;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  site = await startTryItSite(SPEC, 'try-it-styles');
  context = await site.browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.portal.url });
  page = await context.newPage();
  await page.goto(`${site.portal.url}/operations/paint-colors/`);
});

afterAll(async () => {
  await context?.close();
  await site?.close();
});

/** The request a curl command sends: its target after `base`, and its headers. */
function curlRequest(command: string, base: string): { target: string; headers: string[] } {
  const at = command.indexOf(base);
  expect(at, command).toBeGreaterThanOrEqual(0);
  const target = /^[^'"\s\\]+/.exec(command.slice(at + base.length))![0];
  const headers = [...command.matchAll(/(?:-H|--header) '([^']+)'/g)].map((m) => m[1] ?? '').sort();
  return { target, headers };
}

const EXPECTED_TARGET =
  '/colors/.red.green/;finish=matte?tags=cat&tags=dog&ids=1,2,3&brushes=flat%7Cround&filter%5Bcolor%5D=blue&filter%5Bsize%5D=2&point=x,1,y,2';

describe('one request, written alike by the code sample and the try-it panel, read alike by the mock', () => {
  it('the documented code sample and the panel write the same path, query, header and cookie', async () => {
    const sample = (await page.getByRole('group', { name: 'curl sample' }).textContent()) ?? '';
    const documented = curlRequest(sample, DOCUMENTED_SERVER);
    // The panel on the mock: the sample is written again for it, with the same values.
    await openPanel(page);
    const panel = curlRequest(await sampleCode(page), site.mock.url);
    expect(documented.target).toBe(EXPECTED_TARGET);
    expect(panel.target).toBe(documented.target);
    expect(panel.headers).toEqual(documented.headers);
    expect(panel.headers).toEqual(expect.arrayContaining(['X-Layers: base,top', 'Cookie: palette=warm,cold']));
  });

  it('the mock accepts what the panel sends, and what its curl command and the code sample send', async () => {
    await openPanel(page);
    expect(await send(page)).toContain('Response: 200');
    // The curl sample carries the cookie a browser will not send.
    expect(await curlStatus(await sampleCode(page))).toBe('200');
    // A value typed again the same way writes the same request.
    await page.getByLabel('tags').fill('cat, dog ');
    const sample = page.getByRole('group', { name: 'curl sample' });
    await expect.poll(async () => (await sample.textContent()) ?? '').toContain(site.mock.url);
    const command = (await sample.textContent()) ?? '';
    expect(curlRequest(command, site.mock.url).target).toBe(EXPECTED_TARGET);
    expect(await curlStatus(command)).toBe('200');
  });

  it('the mock refuses the same request with a value it cannot read as declared', async () => {
    const headers = { 'x-layers': 'base,top', cookie: 'palette=warm%2Ccold' };
    const response = await fetch(`${site.mock.url}${EXPECTED_TARGET}`, { headers });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toContain('cookie.palette');
    expect((await fetch(`${site.mock.url}${EXPECTED_TARGET}`, { headers: { ...headers, cookie: 'palette=warm,cold' } })).status).toBe(200);
  });
});
