// The panel for descriptions unlike the Petstore's: server variables, API keys
// in a query or header, HTTP basic, a pasted OAuth2 token, form and multipart
// bodies, a media-type choice, every parameter location. Real Chromium
// against the real mock serving the same description.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { curlStatus, openPanel, openSection, sampleCode, send, startTryItSite, type TryItSite } from './helpers.ts';

const SPEC = join(ROOT, 'test/try-it/fixtures/shop-admin.yaml');

let site: TryItSite;

beforeAll(async () => {
  site = await startTryItSite(SPEC, 'try-it-other');
});

afterAll(async () => {
  await site?.close();
});

async function open(slug: string): Promise<{ page: Page; sent: () => Request }> {
  const page = await site.browser.newPage();
  let last: Request | undefined;
  page.on('request', (request) => {
    if (request.method() !== 'OPTIONS' && new URL(request.url()).port === String(site.mock.port)) last = request;
  });
  await page.goto(`${site.portal.url}/operations/${slug}/`);
  await openPanel(page);
  return { page, sent: () => last! };
}

/** The status the page's curl sample, written from the panel's values, gets when run in a shell in `cwd`. */
const curlStatusOf = async (page: Page, cwd = ROOT): Promise<string> => curlStatus(await sampleCode(page), cwd);

describe('try-it panel on other descriptions', () => {
  it('a server with variables, HTTP basic, a form body, then the same as JSON', async () => {
    const { page, sent } = await open('create-token');
    await page.getByLabel('Send requests to').selectOption({ label: 'A local server on a port of your choice: http://127.0.0.1:{port}' });
    // Scenarios are for the mock only.
    expect(await page.getByLabel('Answer with').isHidden()).toBe(true);
    await page.getByLabel('port').fill(String(site.mock.port));
    expect(await send(page)).toContain('401 Unauthorized');

    await page.getByLabel('User name').fill('staff');
    await page.getByLabel('Password').fill('s3cret');
    expect(await send(page)).toContain('200 OK');
    expect(sent().url()).toBe(`${site.mock.url}/tokens`);
    expect(await sent().headerValue('authorization')).toBe(`Basic ${Buffer.from('staff:s3cret').toString('base64')}`);
    expect(await sent().headerValue('content-type')).toBe('application/x-www-form-urlencoded');
    expect(sent().postData()).toBe('grant_type=client_credentials&client_id=shop-42');
    expect(await curlStatusOf(page)).toBe('200');

    // The mock checks the form against the schema: client_id has at least 3 characters.
    await openSection(page, 'Body');
    await page.getByLabel('client_id').fill('x');
    expect(await send(page)).toContain('400 Bad Request');
    expect(await curlStatusOf(page)).toBe('400');

    await page.getByLabel('Media type').selectOption('application/json');
    expect(await page.getByLabel('client_id').isHidden()).toBe(true);
    expect(await send(page)).toContain('200 OK');
    expect(await sent().headerValue('content-type')).toBe('application/json');
    expect(JSON.parse(sent().postData() ?? '')).toEqual({ grant_type: 'client_credentials', client_id: 'shop-42' });
    await page.close();
  });

  it('multipart with a file, and a choice between an API key header and an OAuth2 token', async () => {
    const { page, sent } = await open('upload-photo');
    // A required file: the panel says so first, and opens the folded body to show the field.
    expect(await send(page)).toMatch(/^Not sent/);
    expect(await page.locator('#try-it-problems').textContent()).toContain('photo is required.');
    expect(await page.getByLabel('photo').isVisible()).toBe(true);

    await page.getByLabel('photo').setInputFiles({ name: 'rex.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    expect(await page.getByLabel('API key (header X-Api-Key)').isVisible()).toBe(true);
    expect(await page.getByLabel('Access token').isHidden()).toBe(true);
    await page.getByRole('button', { name: 'Send anyway' }).click();
    await page.locator('#try-it-status').filter({ hasText: 'Response:' }).waitFor();
    expect(await page.locator('#try-it-status').textContent()).toContain('401 Unauthorized');

    await page.getByLabel('Authenticate with').selectOption({ label: 'partner' });
    await page.getByLabel('Access token').fill('tok-123');
    expect(await send(page)).toContain('201 Created');
    expect(await sent().headerValue('authorization')).toBe('Bearer tok-123');
    expect(await sent().headerValue('x-api-key')).toBeNull();
    expect(await sent().headerValue('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // Chromium does not hand bodies holding files to request observers; the mock's 201 and the boundary above must do.

    const curl = await sampleCode(page);
    expect(curl).toContain('photo=@rex.png');
    expect(curl).toContain('caption=Rex at the beach');
    const dir = await mkdtemp(join(tmpdir(), 'try-it-upload-'));
    try {
      await writeFile(join(dir, 'rex.png'), 'not really a png');
      expect(await curlStatusOf(page, dir)).toBe('201');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    await page.close();
  });

  it('path, query (array, enum), header and cookie parameters, and an API key in the query', async () => {
    const { page, sent } = await open('get-report');
    expect(await page.getByLabel('format').inputValue()).toBe('json');
    await page.getByLabel('API key (query parameter api_key)').fill('k&y');
    await page.getByLabel('format').selectOption('csv');
    await page.getByLabel('X-Trace').fill('trace-9');
    await page.getByLabel('session').fill('abc');
    const status = await send(page);
    expect(status).toContain('200 OK');
    // The browser cannot set cookies for another site: said, and left to curl.
    expect(status).toContain('Cookie not sent by the browser');
    expect(sent().url()).toBe(`${site.mock.url}/reports/2026?tags=dogs&tags=cats&format=csv&api_key=k%26y`);
    expect(await sent().headerValue('x-trace')).toBe('trace-9');
    expect(await sampleCode(page)).toContain('session=abc');
    expect(await curlStatusOf(page)).toBe('200');

    // An empty path parameter is caught before anything is sent.
    await page.getByLabel('year').fill('');
    expect(await send(page)).toMatch(/^Not sent/);
    expect(await page.locator('#try-it-problems').textContent()).toContain('year is required.');
    await page.close();
  });
});
