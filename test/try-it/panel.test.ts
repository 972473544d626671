// The try-it panel in real Chromium, on the built portal, against the real
// mock server: what a reader sees after each kind of request.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { defined } from '../helpers/defined.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SPEC } from '../../scripts/cli/args.ts';
import type { MockServer } from '../../scripts/mock/server.ts';
import type { StaticServer } from '../../scripts/infra/serve-static.ts';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { freePort } from '../helpers/ports.ts';
import { runShell } from '../helpers/processes.ts';
import { curlStatus, openPanel, openSection, sampleCode, send, startTryItSite, type TryItSite } from './helpers.ts';

let site: TryItSite;
let out: string;
let mock: MockServer;
let portal: StaticServer;
let browser: Browser;
let context: BrowserContext;
/** The panel script's URL path, found on a page that has a panel. */
let panelScript: string;

beforeAll(async () => {
  // The panels' default target is this mock, so every scenario runs as a reader would use it.
  site = await startTryItSite(DEFAULT_SPEC, 'try-it-site');
  ({ out, mock, portal, browser } = site);
  context = await browser.newContext();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: portal.url });
  const html = await readFile(join(out, 'operations/get-pet-by-id/index.html'), 'utf8');
  for (const [, src = ''] of html.matchAll(/<script[^>]+src="([^"]+)"/g)) {
    if ((await readFile(join(out, src), 'utf8')).includes('data-try-it-data')) panelScript = src;
  }
});

afterAll(async () => {
  await site?.close();
});

async function open(slug: string, theme: 'light' | 'dark' = 'dark'): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript((value) => localStorage.setItem('starlight-theme', value), theme);
  await page.goto(`${portal.url}/operations/${slug}/`);
  // The panel opens from the request sample; its script enables Send once it has wired the form.
  await openPanel(page);
  return page;
}

const bodyText = (page: Page) => page.locator('#try-it-response-body').textContent();
const keyField = (page: Page) => page.getByLabel('API key (Bearer token)');

describe('try-it panel against the mock', () => {
  it('brings the answer into view after Send, in the sticky column on a wide screen and on a phone', async () => {
    for (const viewport of [
      { width: 1440, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${portal.url}/operations/create-pet/`);
      await openPanel(page);
      await keyField(page).fill('my-api-key');
      expect(await send(page)).toMatch(/^Response: 201 Created in \d+ ms\.$/);
      // What is drawn at the body's first line is the body: on screen, not clipped by the column.
      const body = page.getByLabel('Response body');
      const box = defined((await body.boundingBox()) ?? undefined, 'the response body');
      const drawn = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('pre')?.id, [box.x + 8, box.y + 8] as const);
      expect(drawn).toBe('try-it-response-body');
      await page.close();
    }
  });

  it('GET /pets/{petId} with a key shows 200, the pet, and the Deprecation and Sunset headers', async () => {
    const page = await open('get-pet-by-id');
    await keyField(page).fill('my-api-key');
    const status = await send(page);
    expect(status).toMatch(/Response: 200 OK in \d+ ms/);
    await expect.poll(() => page.locator('#try-it-response-status').textContent()).toBe('200 OK');
    const body = JSON.parse((await bodyText(page)) ?? '');
    expect(body).toMatchObject({ id: 42, name: 'Rex' });
    // Pretty-printed, not the wire's one line.
    expect(await bodyText(page)).toContain('\n  "name": "Rex"');
    const headers = Object.fromEntries(
      await page
        .locator('table', { has: page.locator('caption', { hasText: 'Response headers the server lets this page read' }) })
        .locator('tr')
        .evaluateAll((rows) => rows.map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent])),
    );
    expect(headers.deprecation).toBe('@1788220800');
    expect(headers.sunset).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(headers['content-type']).toMatch(/^application\/json/);
    // The dates in words, beside the headers as sent.
    expect(await page.getByText(/^Deprecated since .* \(2026-09-01; Deprecation: /).textContent()).toBe(
      'Deprecated since 1 September 2026 (2026-09-01; Deprecation: @1788220800). ' +
        'May stop answering from 30 June 2027 (2027-06-30; Sunset: Wed, 30 Jun 2027 00:00:00 GMT).',
    );
    expect(
      await page
        .getByText(/^Deprecated since .* \(2026-09-01; Deprecation: /)
        .locator('time')
        .evaluateAll((times) => times.map((t) => t.getAttribute('datetime'))),
    ).toEqual(['2026-09-01', '2027-06-30']);
    await page.close();
  });

  it("without a key shows the mock's 401 Error body", async () => {
    const page = await open('get-pet-by-id');
    await keyField(page).fill('');
    expect(await send(page)).toContain('401 Unauthorized');
    expect(JSON.parse((await bodyText(page)) ?? '')).toMatchObject({ code: 'unauthorized', status: 401 });
    await page.close();
  });

  it('keeps the key for the tab: another page of the same tab has it, a new tab does not', async () => {
    const page = await open('get-pet-by-id');
    await keyField(page).fill('tab-key');
    await page.goto(`${portal.url}/operations/create-pet/`);
    await openPanel(page);
    await expect.poll(() => keyField(page).inputValue()).toBe('tab-key');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth')))).toEqual([]);
    const other = await open('create-pet');
    expect(await keyField(other).inputValue()).toBe('');

    // Ticking Remember keeps it on the device, for new tabs too; unticking forgets it there.
    await openSection(page, 'Authentication');
    await page.getByLabel('Remember on this device').check();
    const third = await open('create-pet');
    expect(await keyField(third).inputValue()).toBe('tab-key');
    // The key is there: its section starts folded, saying so.
    expect(await third.locator('[data-auth-state]').textContent()).toBe('(bearerAuth: entered)');
    await openSection(third, 'Authentication');
    expect(await third.getByLabel('Remember on this device').isChecked()).toBe(true);
    await third.getByLabel('Remember on this device').uncheck();
    expect(await third.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('auth')))).toEqual([]);
    const fourth = await open('create-pet');
    expect(await keyField(fourth).inputValue()).toBe('');
    for (const p of [other, third, fourth, page]) await p.close();
  });

  it("POST /pets with invalid JSON: the panel explains, and Send anyway shows the mock's 400", async () => {
    const page = await open('create-pet');
    await keyField(page).fill('my-api-key');
    await openSection(page, 'Body');
    const editor = page.getByLabel('Body application/json');
    await editor.fill('{"name": "Rex", "categoryId": }');
    await page.locator('#try-it-send').click();
    const problems = page.locator('#try-it-problems');
    await problems.waitFor();
    expect(await problems.textContent()).toContain('The body is not valid JSON');
    // The message is tied to the editor, and focus went to the list of problems.
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    const described = (await editor.getAttribute('aria-describedby'))!.split(' ');
    expect(await page.locator(`#${described.at(-1)}`).textContent()).toContain('not valid JSON');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('try-it-problems');
    expect(await page.locator('#try-it-result').isHidden()).toBe(true);

    await page.getByRole('button', { name: 'Send anyway' }).click();
    await page.locator('#try-it-status').filter({ hasText: 'Response:' }).waitFor();
    expect(await page.locator('#try-it-status').textContent()).toMatch(/^Response: 400 Bad Request in \d+ ms\.$/);
    // The button pressed went away with the list; focus stays in the panel, on Send.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('try-it-send');
    expect(await page.locator('#try-it-response-status').textContent()).toBe('400 Bad Request');
    expect(JSON.parse((await bodyText(page)) ?? '')).toMatchObject({ code: 'invalid_json', status: 400 });
    await page.close();
  });

  it('the 404 scenario answers with the documented 404', async () => {
    const page = await open('get-pet-by-id');
    await keyField(page).fill('my-api-key');
    await page.getByLabel('Answer with').selectOption('code=404');
    expect(await send(page)).toContain('404 Not Found');
    expect(JSON.parse((await bodyText(page)) ?? '')).toEqual({ code: 'not_found', message: 'No record with id 999 exists.', status: 404 });
    expect(await sampleCode(page)).toContain("'Prefer: code=404'");

    // A send that cannot go out leaves no earlier answer behind to be read as its own.
    await page.getByLabel('petId').fill('');
    expect(await send(page)).toContain('Not sent: one problem');
    expect(await page.locator('#try-it-result').isHidden()).toBe(true);
    expect(await page.locator('#try-it-response-status').count()).toBe(0);
    await page.close();
  });

  it('the curl sample is the exact request: copied and run in a shell, it gets the same status', async () => {
    const page = await open('create-pet');
    // A quote in the key checks the shell quoting.
    await keyField(page).fill("it's-my-key");
    await openSection(page, 'Body');
    await page.getByLabel('Example', { exact: true }).selectOption({ label: 'full: Every field' });
    expect(await send(page)).toContain('201 Created');
    const command = await sampleCode(page);
    await page.locator('[data-request-sample]').getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(command);
    expect(command).toContain(`${mock.url}/pets`);
    expect(command).toContain(`'Authorization: Bearer it'\\''s-my-key'`);
    expect(command).toContain('"name": "Luna"');
    expect(await curlStatus(command)).toBe('201');

    // And for an error the panel showed: the same 404 from the shell.
    const get = await open('get-pet-by-id');
    await keyField(get).fill('k');
    await get.getByLabel('Answer with').selectOption('code=404, example=notFound');
    expect(await send(get)).toContain('404');
    expect(await curlStatus(await sampleCode(get))).toBe('404');
    await get.close();
    await page.close();
  });

  it('the request sample follows the panel: a key and a parameter entered there, and the copied sample gets the status the panel showed', async () => {
    const page = await open('get-pet');
    const sample = page.getByRole('group', { name: 'curl sample' });
    // Before any change the sample is the documented request, with a placeholder for the key.
    expect(await sample.textContent()).toContain('<API_KEY>');
    await keyField(page).fill('sample-key');
    await page.getByLabel('petId').fill('7');
    await expect.poll(() => sample.textContent()).toContain('sample-key');
    await expect.poll(() => sample.textContent()).toContain(`${mock.url}/pets/records/7`);
    const shown = (await sample.textContent()) ?? '';
    expect(shown).toContain(`${mock.url}/pets/records/7`);
    expect(shown).not.toContain('<API_KEY>');
    const status = await send(page);
    const code = /Response: (\d{3})/.exec(status)?.[1];
    expect(code).toBe('200');
    // The sample's own copy button, run in sh against the mock.
    await page.locator('[data-request-sample]').getByRole('button', { name: 'Copy', exact: true }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('sample-key');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(shown);
    expect(await curlStatus(copied)).toBe(code);
    // A scenario chosen in the panel is in the sample too, and the shell gets that status.
    await page.getByLabel('Answer with').selectOption('code=404');
    await expect.poll(() => sample.textContent()).toContain('Prefer: code=404');
    expect(await send(page)).toContain('404');
    expect(await curlStatus((await sample.textContent()) ?? '')).toBe('404');
    await page.close();
  });

  it('explains a target that does not answer', async () => {
    const page = await open('get-pet-by-id');
    const closedPort = await freePort();
    await page.getByLabel('Mock server address').fill(`http://127.0.0.1:${closedPort}`);
    const status = await send(page);
    expect(status).toBe(`Could not reach http://127.0.0.1:${closedPort}: is the mock running? Start it with \`npm run mock\`.`);
    expect(await page.locator('#try-it-failure').textContent()).toBe(status);
    await page.close();
  });

  it('explains a server that answers but does not allow this page (CORS)', async () => {
    const page = await open('get-pet-by-id');
    // The portal's own server sends no CORS headers; under another host name it is another origin.
    const other = `http://localhost:${portal.port}`;
    await page.getByLabel('Mock server address').fill(other);
    const status = await send(page);
    expect(status).toContain(`The server answered but the browser blocked the response (CORS): ${other} does not allow requests from ${portal.url}.`);
    await page.close();
  });

  it("GET /store/orders has no panel, no key field, and loads none of the panel's script", async () => {
    expect(panelScript).toMatch(/^\/_astro\/.+\.js$/);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${portal.url}/operations/list-orders/`, { waitUntil: 'load' });
    expect(await page.locator('#try-it').count()).toBe(0);
    expect(await page.locator('[data-auth-part], #try-it-send').count()).toBe(0);
    expect(await page.getByText('Try it is turned off for this operation.').count()).toBe(1);
    expect(requested).not.toContain(panelScript);
    expect(requested.some((path) => path.startsWith('/_astro/'))).toBe(true);
    const inline = await page.evaluate(() => [...document.scripts].map((s) => s.src || s.textContent || ''));
    expect(inline.some((text) => text.includes('data-try-it-data') || text.includes(panelScript))).toBe(false);
    await page.close();

    // The page with a panel does load it.
    const withPanel = await context.newPage();
    const loaded: string[] = [];
    withPanel.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await withPanel.goto(`${portal.url}/operations/get-pet-by-id/`, { waitUntil: 'load' });
    expect(loaded).toContain(panelScript);
    await withPanel.close();
  });

  it('renders every field and the request sample without JavaScript', async () => {
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const page = await bare.newPage();
    await page.goto(`${portal.url}/operations/create-pet/`);
    expect(await page.getByLabel('API key (Bearer token)').count()).toBe(1);
    expect(JSON.parse(await page.getByLabel('Body application/json').inputValue())).toEqual({ name: 'Rex', categoryId: 1 });
    const scenarios = await page.getByLabel('Answer with').locator('option').allTextContents();
    expect(scenarios).toContain('400, example invalidJson: The body is not well-formed JSON');
    // Code spans in a response's description keep their text, underscores and all.
    expect(scenarios).toContainEqual(expect.stringContaining('not of the form Bearer <API_KEY>'));
    // The one command view: the sample, sent to the description's first server until the reader chooses another;
    // that server is the mock at its documented address, so the sample names where this portal's mock runs.
    const command = (await page.locator('pre[data-lang="sh"]').textContent()) ?? '';
    expect(command).toContain(`${mock.url}/pets`);
    expect(command).toContain('"categoryId": 1');
    expect(await page.locator('#try-it textarea[readonly]').count()).toBe(0);
    // Nothing to send with, so the button says so by being disabled.
    expect(await page.locator('#try-it-send').isDisabled()).toBe(true);
    await bare.close();
  });

  it('the panel script stays under 15 KB gzipped', async () => {
    const gzipped = await runShell(`gzip -9c '${join(out, panelScript)}' | wc -c`, { timeoutMs: 30_000 });
    expect(gzipped).toMatchObject({ code: 0, stderr: '' });
    expect(Number(gzipped.stdout.trim())).toBeLessThanOrEqual(15 * 1024);
  });

  it('works by keyboard alone: open the panel, fill, send, and the answer is announced', async () => {
    const page = await context.newPage();
    await page.goto(`${portal.url}/operations/get-pet-by-id/`);
    const order: string[] = [];
    const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
    // Tab to the request sample's "Try it" button and open the panel with Enter: focus moves into it.
    for (let i = 0; i < 150 && (await focused()) !== 'try-it-open'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('try-it-open');
    await page.keyboard.press('Enter');
    await page.locator('#try-it-send:not([disabled])').waitFor();
    order.push(await focused());
    // The target first: Home chooses its first option, the local mock.
    await page.keyboard.press('Home');
    expect(await page.locator('#try-it-target').inputValue()).toBe('mock');
    for (let i = 0; i < 30 && (await focused()) !== 'try-it-auth-bearerAuth-secret'; i++) {
      await page.keyboard.press('Tab');
      order.push(await focused());
    }
    expect(await focused()).toBe('try-it-auth-bearerAuth-secret');
    await page.keyboard.type('keyboard-key');
    // Target and Send on one row, the mock's fields, then the key: in reading order.
    expect(order.filter((id) => id.startsWith('try-it-'))).toEqual([
      'try-it-target',
      'try-it-send',
      'try-it-mock-url',
      'try-it-scenario',
      'try-it-auth-bearerAuth-secret',
    ]);
    // Enter in a field sends, as in any form.
    await page.keyboard.press('Enter');
    const live = page.locator('#try-it-status');
    await live.filter({ hasText: 'Response:' }).waitFor();
    expect(await live.getAttribute('aria-live')).toBe('polite');
    expect(await live.textContent()).toMatch(/^Response: 200 OK in \d+ ms\.$/);
    expect(await focused()).toBe('try-it-auth-bearerAuth-secret');
    // A visible focus indicator on Send.
    await page.locator('#try-it-send').focus();
    expect(await page.locator('#try-it-send').evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    // The answer is there to read by keyboard: its body is a focusable region after the panel, where the examples are.
    for (let i = 0; i < 40 && (await focused()) !== 'try-it-response-body'; i++) await page.keyboard.press('Tab');
    expect(await focused()).toBe('try-it-response-body');
    expect(JSON.parse((await page.locator('#try-it-response-body').textContent()) ?? '')).toMatchObject({ id: 42 });
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical problem in the panel (${theme})`, async () => {
      const found: string[] = [];
      for (const slug of ['get-pet-by-id', 'create-pet']) {
        const page = await open(slug, theme);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await keyField(page).fill('k');
        if (slug === 'create-pet') {
          // With the problem list and an invalid field showing.
          await openSection(page, 'Body');
          await page.getByLabel('Body application/json').fill('{');
          await page.locator('#try-it-send').click();
          await page.locator('#try-it-problems').waitFor();
        } else {
          await send(page);
        }
        for (const part of ['#try-it', '#try-it-result']) {
          if (await page.locator(part).isHidden()) continue;
          const violations = await seriousAxeViolations(page, part);
          found.push(...violations.map((v) => `${slug}: ${v}`));
        }
        await page.close();
      }
      expect(found).toEqual([]);
    });
  }
});
