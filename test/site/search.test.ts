// Search as a reader uses it, in Chromium, on our description and Galaxy (one portal build holding
// both): the operation a query names comes first, whether the query is its summary, a piece of its
// path, its operationId or its method and path; each result is one line of method, path and
// summary over a line of the API's own text, never the portal's labels; ten fit on the screen;
// the keyboard alone finds and opens a result; the open dialog is clean for axe, light and dark.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { removeTempDirs, runSiteScript, type ServedSite, serveSite, tempDir } from './helpers.ts';
import { openSearch, resultPaths, typeQuery } from './search-results.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const APIS = [
  { slug: 'petstore', spec: join(ROOT, 'openapi/openapi.yaml') },
  { slug: 'galaxy', spec: join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json') },
];

let served: ServedSite;

beforeAll(async () => {
  const dir = tempDir('search');
  const config = join(dir, 'portal.config.json');
  writeFileSync(config, JSON.stringify({ apis: APIS }));
  const out = join(dir, 'site');
  const result = await runSiteScript('scripts/build.ts', ['--portal', config, '--out', out, '--no-lint']);
  if (result.code !== 0) throw new Error(`Portal build failed:\n${result.output}`);
  served = await serveSite(out);
});

afterAll(async () => {
  await served?.close();
  removeTempDirs();
});

async function searchPage(path: string, theme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await served.browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
  const page = await context.newPage();
  await page.goto(`${served.server.url}${path}`);
  await openSearch(page);
  return page;
}

/** Query → the page its operation is on, by kind of query. */
const NAMED: Record<string, [string, string, string][]> = {
  petstore: [
    ['summary', 'get a pet', '/petstore/operations/get-pet/'],
    ['summary', 'place an order', '/petstore/operations/create-order/'],
    ['path piece', 'inventory/{petId}', '/petstore/operations/get-inventory-item/'],
    ['path', '/store/orders/{orderId}', '/petstore/operations/get-order/'],
    ['operationId', 'updateInventory', '/petstore/operations/update-inventory/'],
    ['method and path', 'PUT /store/inventory/{petId}', '/petstore/operations/update-inventory/'],
  ],
  galaxy: [
    ['summary', 'create a planet', '/galaxy/operations/create-planet/'],
    ['path piece', 'planets/{planetId}/image', '/galaxy/operations/upload-image/'],
    ['path', '/planets/{planetId}', '/galaxy/operations/get-planet/'],
    ['operationId', 'getAllData', '/galaxy/operations/get-all-data/'],
    ['method and path', 'DELETE /planets/{planetId}', '/galaxy/operations/delete-planet/'],
  ],
};

describe('the operation a query names comes first', () => {
  for (const [api, queries] of Object.entries(NAMED)) {
    it(`in ${api}, by summary, path, piece of a path, operationId, and method and path`, async () => {
      const page = await searchPage(`/${api}/`);
      for (const [kind, query, expected] of queries) {
        await typeQuery(page, query);
        expect((await resultPaths(page))[0], `${kind}: ${query}`).toBe(expected);
      }
      await page.context().close();
    });
  }
});

describe('what a result shows', () => {
  it('one line of method, path and summary over a line of the API’s own text; ten on the screen', async () => {
    const page = await searchPage('/petstore/');
    await typeQuery(page, 'pet');
    const first = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
    expect(
      await first
        .getByText(/^(GET|POST|PUT|DELETE)$/)
        .first()
        .textContent(),
    ).toMatch(/^(GET|POST|PUT|DELETE)$/);
    expect(
      await first
        .getByText(/^\/\S*$/)
        .first()
        .textContent(),
    ).toMatch(/^\//);
    expect(await first.textContent()).toMatch(/^\s*(GET|POST|PUT|DELETE)\s*\/\S*\s*.*pet/i);
    // One line each: the line's height is that of one line of its text.
    const lines = await page
      .locator('portal-search .result-line')
      .evaluateAll((all) => all.map((line) => line.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(line).lineHeight)));
    for (const ratio of lines) expect(ratio).toBeLessThan(1.5);
    // Ten results, the tenth inside the window.
    const links = page.getByRole('list', { name: 'Search results' }).getByRole('link');
    expect(await links.count()).toBe(10);
    expect(await links.nth(9).evaluate((a) => a.getBoundingClientRect().bottom)).toBeLessThanOrEqual(900);
    await page.context().close();
  });

  it('excerpts hold the API’s words, not the portal’s labels', async () => {
    const page = await searchPage('/galaxy/');
    // Words the portal itself writes on every page find nothing now: they are not indexed.
    await typeQuery(page, 'Copy page as Markdown');
    expect(await resultPaths(page)).toEqual([]);
    const chrome = /Copy page|Markdown|Operation ID|Expand all|Content type|Type:|nested field|No authorization|Request body|Responses/;
    for (const query of ['planet', 'token', 'celestial body', 'user']) {
      await typeQuery(page, query);
      const excerpts = await page.locator('portal-search .result-excerpt').allTextContents();
      expect(excerpts.length, query).toBeGreaterThan(0);
      for (const text of excerpts) expect(text, query).not.toMatch(chrome);
    }
    await page.context().close();
  });
});

describe('by keyboard', () => {
  it('opens the search with Ctrl+K, types, moves down with the arrow key and opens the result with Enter', async () => {
    const context = await served.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${served.server.url}/galaxy/`);
    await page.getByRole('button', { name: 'Search', exact: true, disabled: false }).waitFor();
    await page.keyboard.press('Control+k');
    await page.keyboard.type('get a planet');
    await page
      .getByRole('dialog', { name: 'Search' })
      .getByRole('status')
      .filter({ hasText: /results? for get a planet$/ })
      .waitFor({ timeout: WAIT_MS });
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/galaxy/operations/get-planet/');
    await Promise.all([page.waitForURL('**/galaxy/operations/get-planet/'), page.keyboard.press('Enter')]);
    expect(await page.textContent('h1')).toBe('Get a planet');
    await context.close();
  });
});

describe('accessibility', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations in the open dialog with results, ${theme}`, async () => {
      const page = await searchPage('/petstore/operations/create-pet/', theme);
      await typeQuery(page, 'stock');
      expect(await seriousAxeViolations(page, 'portal-search dialog')).toEqual([]);
      await page.context().close();
    });
  }
});
