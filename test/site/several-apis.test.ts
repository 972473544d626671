// Several APIs in one portal from one command (`npm run build -- --portal <config>`): ours and
// Galaxy, each under its own folder with its own navigation, downloads and search, a landing page
// that presents each and an API switch in the header; and a config with mistakes refused before
// anything is built, each mistake named.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { searchResults } from './search-results.ts';
import { exists, mainOf, pageFolders, read, removeTempDirs, runSiteScript, type ServedSite, serveSite, sidebarOf, tempDir } from './helpers.ts';

const PETSTORE = { slug: 'petstore', spec: join(ROOT, 'openapi/openapi.yaml') };
const GALAXY = { slug: 'galaxy', spec: join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json') };
const APIS = [PETSTORE, GALAXY];

let out: string;
let output: string;

beforeAll(async () => {
  const dir = tempDir('several-apis');
  const config = join(dir, 'portal.config.json');
  writeFileSync(config, JSON.stringify({ apis: APIS }));
  out = join(dir, 'site');
  const result = await runSiteScript('scripts/build.ts', ['--portal', config, '--out', out, '--no-lint']);
  if (result.code !== 0) throw new Error(`Portal build failed:\n${result.output}`);
  output = result.output;
});

afterAll(removeTempDirs);

const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? '');
/** A page's navigation, without the header's switches that the phone's menu repeats below it (they lead to the other APIs). */
const navigationOf = (html: string): string => sidebarOf(html).replace(/<details class="header-switch[\s\S]*?<\/details>/g, '');
const text = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&middot;/g, '·')
    .replace(/&#39;/g, "'");

/** The landing page's cards: each API's slug, title, link, facts and opening text. */
function cards(html: string): { api: string; title: string; href: string; facts: string; about: string }[] {
  return [...mainOf(html).matchAll(/<li class="api-card[^"]*" data-api="([^"]+)">([\s\S]*?)<\/li>/g)].map(([, api = '', card = '']) => ({
    api,
    title: text(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(card)?.[1] ?? ''),
    href: /<h2[^>]*><a href="([^"]+)"/.exec(card)?.[1] ?? '',
    facts: text(/class="api-card-facts[^"]*">([\s\S]*?)<\/p>/.exec(card)?.[1] ?? ''),
    about: text(/class="api-card-about[^"]*">([\s\S]*?)<\/p>/.exec(card)?.[1] ?? ''),
  }));
}

describe('two APIs from one command', () => {
  it('builds each under its own folder and lists both at the root', () => {
    expect(output).toMatch(/Built 2 APIs: \d+ pages/);
    expect(output).toContain('/petstore/: Petstore API');
    expect(output).toContain('/galaxy/: Scalar Galaxy');
    const home = read(out, 'index.html');
    expect(home).toContain('href="/petstore/"');
    expect(home).toContain('href="/galaxy/"');
    expect(pageFolders(join(out, 'petstore/operations'))).toContain('list-inventory');
    expect(pageFolders(join(out, 'galaxy/operations')).length).toBeGreaterThan(5);
    expect(exists(out, 'operations')).toBe(false);
  });

  it('gives each its own navigation and downloads', () => {
    for (const { slug } of APIS) {
      const page = read(out, `${slug}/index.html`);
      const links = hrefs(navigationOf(page)).filter((h) => h.startsWith('/'));
      expect(links.length).toBeGreaterThan(3);
      for (const link of links) expect(link, `${slug}: ${link}`).toMatch(new RegExp(`^/${slug}/`));
      expect(page).toContain(`href="/${slug}/openapi.yaml"`);
      expect(JSON.parse(read(out, `${slug}/openapi.json`)).info.title).toBe(slug === 'petstore' ? 'Petstore API' : 'Scalar Galaxy');
    }
  });
});

describe('the landing page', () => {
  it('presents each API with its title, version and the opening of its description', () => {
    const home = read(out, 'index.html');
    // The portal's title is generic, so the page's own names what it holds rather than repeating it.
    expect(/<title>([^<]*)<\/title>/.exec(home)?.[1]).toBe('APIs | API reference');
    expect(mainOf(home)).toContain('>APIs</h1>');
    const [petstore, galaxy, ...rest] = cards(home);
    expect(rest).toEqual([]);
    expect(petstore).toMatchObject({ api: 'petstore', title: 'Petstore API', href: '/petstore/', facts: 'Version 1.0.0 · OpenAPI 3.0.3 · 13 operations' });
    expect(petstore?.about).toMatch(/^The Petstore API keeps the records of a pet shop/);
    expect(galaxy).toMatchObject({ api: 'galaxy', title: 'Scalar Galaxy', href: '/galaxy/' });
    expect(galaxy?.facts).toMatch(/^Version \d+\.\d+\.\d+ · OpenAPI 3\.1\.\d · 10 operations, 1 webhook$/);
    expect(galaxy?.about).toMatch(/^The Scalar Galaxy is an example OpenAPI document/);
  });
});

describe('the API switch and search in each API, in Chromium', () => {
  let served: ServedSite;

  beforeAll(async () => {
    served = await serveSite(out);
  });

  afterAll(async () => {
    await served?.close();
  });

  const apiSwitch = (page: Page) => page.locator('details', { has: page.locator('summary', { hasText: /^API: / }) }).locator('visible=true');

  it("names the API being read and leads by keyboard to the other API's home", async () => {
    const page = await served.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${served.server.url}/petstore/operations/list-inventory/`);
    await expect(apiSwitch(page).locator('summary').textContent()).resolves.toBe('API: Petstore API');
    await apiSwitch(page).locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(apiSwitch(page).locator('a[aria-current]').getAttribute('data-api')).resolves.toBe('petstore');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-api'))).resolves.toBe('galaxy');
    await Promise.all([page.waitForURL(`${served.server.url}/galaxy/`), page.keyboard.press('Enter')]);
    await expect(apiSwitch(page).locator('summary').textContent()).resolves.toBe('API: Scalar Galaxy');
    await page.close();
  });

  for (const [name, viewport] of [
    ['desktop', { width: 1440, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`has no serious or critical axe violations on the landing page and with the switch open (${name})`, async () => {
      const page = await served.browser.newPage({ viewport });
      await page.goto(`${served.server.url}/`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto(`${served.server.url}/galaxy/`);
      // On a phone the switches are in the menu.
      if (name === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await apiSwitch(page).locator('summary').click();
      await apiSwitch(page).locator('a[data-api="petstore"]').waitFor({ state: 'visible' });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.close();
    });
  }

  const search = (path: string, term: string) => searchResults(served.browser, `${served.server.url}${path}`, term);

  it('finds pages of the API being read only', async () => {
    const ours = await search('/petstore/', 'inventory');
    expect(ours).toContain('/petstore/operations/list-inventory/');
    for (const link of ours) expect(link).toMatch(/^\/petstore\//);
    expect(await search('/galaxy/', 'inventory')).toEqual([]);
    const galaxy = await search('/galaxy/', 'planets');
    expect(galaxy.length).toBeGreaterThan(0);
    for (const link of galaxy) expect(link).toMatch(/^\/galaxy\//);
    expect(await search('/petstore/operations/list-inventory/', 'planets')).toEqual([]);
  });
});

describe('a portal config with mistakes', () => {
  it('is refused before anything is built, each mistake named', async () => {
    const dir = tempDir('bad-portal');
    const config = join(dir, 'portal.config.json');
    writeFileSync(
      config,
      JSON.stringify({
        apis: [
          { slug: 'pets', spec: PETSTORE.spec, versions: 'all' },
          { slug: 'pets', spec: GALAXY.spec },
          { slug: 'Tags!', spec: '' },
          { slug: 'operations', spec: GALAXY.spec, sideBySide: 'yes', colour: 'blue' },
        ],
      }),
    );
    const result = await runSiteScript('scripts/build.ts', ['--portal', config, '--out', join(dir, 'site')]);
    expect(result.code).toBe(2);
    for (const message of [
      'apis[0].versions must be "tags" or a list of git refs and files',
      'apis[1].slug "pets" is used twice',
      'apis[2].slug must be lower-case letters',
      'apis[2].spec must be the path of a description',
      'apis[3].slug must be lower-case letters',
      'apis[3].sideBySide must be true or false',
      'apis[3] has an unknown key "colour"',
    ])
      expect(result.output).toContain(message);
    expect(result.output).toContain('portal.config.json:1:1 error portal-config');
    expect(exists(dir, 'site')).toBe(false);
    writeFileSync(config, '{ "apis": [');
    const unreadable = await runSiteScript('scripts/build.ts', ['--portal', config, '--out', join(dir, 'site')]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.output).toContain('cannot be read as JSON');
  });
});
