// The portal served under a path (GitHub Pages project sites, a reverse proxy): built with
// `--site https://example.org/docs/`, served under /docs/ on 127.0.0.1. Every link the built
// files write stays under /docs/ and reaches a file; in Chromium a page loads all it asks for,
// search finds an operation and opens it under /docs/, and the try-it panel reaches the mock.
// `npm start -- --base /docs/` builds and serves the same way.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../scripts/mock/server.ts';
import type { StaticServer } from '../../scripts/infra/serve-static.ts';
import { ROOT } from '../helpers/paths.ts';
import { freePort, refused } from '../helpers/ports.ts';
import { gone, startScript, stop, type Running } from '../helpers/processes.ts';
import { openPanel, send } from '../try-it/helpers.ts';
import { buildSite, listFiles, read, removeTempDirs, runSiteScript, type ServedSite, serveSite, tempDir } from './helpers.ts';
import { openSearch, typeQuery } from './search-results.ts';

const SPEC = join(ROOT, 'openapi/openapi.yaml');
const SITE = 'https://example.org/docs/';
const BASE = '/docs/';

let out: string;
let mock: MockServer | undefined;
let server: StaticServer | undefined;
let browser: Browser | undefined;
let served: ServedSite | undefined;
const started: Running[] = [];

beforeAll(async () => {
  mock = await startMockServer({ spec: SPEC, port: 0, host: '127.0.0.1', quiet: true, watch: false });
  out = join(tempDir('base-path'), 'site');
  // The try-it panels point at this mock (as `npm start` does), so the panel can be used under /docs/.
  await buildSite(SPEC, out, ['--site', SITE], { PORTAL_MOCK_URL: mock.url });
  served = await serveSite(out, { base: BASE });
  ({ server, browser } = served);
});

afterAll(async () => {
  await served?.close();
  if (mock) {
    await mock.close();
    expect(await refused(mock.port)).toBe(true);
  }
  for (const running of started) {
    await stop(running);
    expect(gone(running)).toBe(true);
  }
  removeTempDirs();
});

/** The built file a path under the base names (`/docs/x/` → `x/index.html`), or undefined outside the base. */
function fileFor(pathname: string, files: Set<string>): string | undefined {
  if (!pathname.startsWith(BASE)) return undefined;
  const rest = decodeURIComponent(pathname.slice(BASE.length));
  const candidates = rest === '' || rest.endsWith('/') ? [`${rest}index.html`] : [rest, `${rest}/index.html`];
  return candidates.find((c) => files.has(c));
}

/** Every URL attribute an HTML file writes: href, src, srcset's URLs, and the Markdown twin the copy button fetches. */
function htmlLinks(html: string): string[] {
  const found: string[] = [];
  for (const m of html.matchAll(/\s(?:href|src|data-copy-markdown)="([^"]*)"/g)) found.push((m[1] ?? '').replace(/&amp;/g, '&'));
  for (const m of html.matchAll(/\ssrcset="([^"]*)"/g)) found.push(...(m[1] ?? '').split(',').map((s) => s.trim().split(/\s+/)[0] ?? ''));
  return found;
}

describe('a portal built with --site https://example.org/docs/', () => {
  it('writes every internal link of every page, llms.txt, the Markdown copies and the sitemap under /docs/, each to a file that exists', () => {
    const all = listFiles(out);
    const files = new Set(all);
    const checked = new Set<string>();
    const broken: string[] = [];
    const follow = (from: string, link: string) => {
      // Resolved as a browser would, against the page's own address under the site.
      const url = new URL(link, new URL(from.replace(/(^|\/)index\.html$/, '$1'), SITE));
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
      if (url.origin !== new URL(SITE).origin) return;
      checked.add(url.pathname);
      if (!fileFor(url.pathname, files)) broken.push(`${from}: ${link}`);
    };
    for (const file of all.filter((f) => f.endsWith('.html'))) for (const link of htmlLinks(read(out, file))) follow(file, link);
    for (const file of ['llms.txt', 'llms-full.txt', ...all.filter((f) => f.endsWith('.md'))])
      for (const m of read(out, file).matchAll(/\]\((\S+?)\)/g)) follow(file, m[1] ?? '');
    for (const file of all.filter((f) => /^sitemap.*\.xml$/.test(f)))
      for (const m of read(out, file).matchAll(/<loc>([^<]+)<\/loc>/g)) follow(file, m[1] ?? '');
    expect(broken).toEqual([]);
    // The walk reached the kinds of link it is about: pages, assets, downloads, Markdown copies, the sitemap.
    const reached = [...checked];
    for (const kind of [
      /^\/docs\/operations\/[^/]+\/$/,
      /^\/docs\/_astro\/.+\.css$/,
      /^\/docs\/_astro\/.+\.js$/,
      /^\/docs\/openapi\.json$/,
      /^\/docs\/openapi\.yaml$/,
      /\.md$/,
      /^\/docs\/sitemap-0\.xml$/,
    ])
      expect(reached.some((p) => kind.test(p))).toBe(true);
    expect(reached.every((p) => p.startsWith(BASE))).toBe(true);
  });

  it('writes llms.txt and the sitemap with absolute addresses under https://example.org/docs/', () => {
    const llms = read(out, 'llms.txt');
    const links = [...llms.matchAll(/\]\((\S+?)\)/g)].map((m) => m[1] ?? '');
    expect(links.length).toBeGreaterThan(10);
    expect(links.every((l) => l.startsWith(`${SITE}operations/`) && l.endsWith('.md'))).toBe(true);
    expect(llms).toContain(`OpenAPI description: ${SITE}openapi.yaml`);
    const locs = [...read(out, 'sitemap-0.xml').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs).toContain(`${SITE}operations/list-pets/`);
    expect(locs.every((l) => l.startsWith(SITE))).toBe(true);
    expect(read(out, 'sitemap-index.xml')).toContain(`<loc>${SITE}sitemap-0.xml</loc>`);
  });

  it('is served under /docs/ only: /docs redirects to /docs/, the root is the 404 page', async () => {
    const origin = server!.url.slice(0, -'/docs'.length);
    expect(server!.url).toBe(`${origin}/docs`);
    const home = await fetch(`${origin}/docs/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Petstore');
    const bare = await fetch(`${origin}/docs`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/docs/');
    for (const outside of ['/', '/operations/list-pets/', '/openapi.json']) {
      const response = await fetch(`${origin}${outside}`);
      expect(response.status).toBe(404);
      // The 404 page is the portal's own, its links under /docs/.
      expect(await response.text()).toContain('href="/docs/"');
    }
    expect(JSON.parse(await (await fetch(`${server!.url}/openapi.json`)).text())).toHaveProperty('openapi');
  });

  it('in Chromium: an operation page loads its CSS and scripts with no failed request, all under /docs/', async () => {
    const page = await browser!.newPage();
    const failed: string[] = [];
    const requested: string[] = [];
    page.on('requestfailed', (r: Request) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => {
      requested.push(r.url());
      if (r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
    });
    await page.goto(`${server!.url}/operations/list-pets/`, { waitUntil: 'networkidle' });
    expect(failed).toEqual([]);
    const own = requested.filter((u) => u.startsWith(new URL(server!.url).origin));
    expect(own.some((u) => u.endsWith('.css'))).toBe(true);
    expect(own.some((u) => u.endsWith('.js'))).toBe(true);
    expect(own.every((u) => new URL(u).pathname.startsWith(BASE))).toBe(true);
    // The styles apply: Starlight's layout puts the sidebar beside the content on a wide screen.
    expect(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--sl-nav-height').trim())).not.toBe('');
    // The sidebar's links are under the base too, with the open page marked.
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'List pets' }).getAttribute('href')).toBe('/docs/operations/list-pets/');
    expect(await nav.getByRole('link', { name: 'List pets' }).getAttribute('aria-current')).toBe('page');
    await page.close();
  });

  it('in Chromium: search finds an operation and its result opens under /docs/', async () => {
    const page = await browser!.newPage();
    await page.goto(`${server!.url}/`);
    await openSearch(page);
    await typeQuery(page, '/store/orders');
    const result = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
    expect(await result.getAttribute('href')).toBe('/docs/operations/list-orders/');
    await Promise.all([page.waitForURL(/\/docs\/operations\/list-orders\/$/), result.click()]);
    expect(await page.locator('h1').textContent()).toMatch(/order/i);
    await page.close();
  });

  it('in Chromium: the try-it panel sends to the mock and shows its answer', async () => {
    const page = await browser!.newPage();
    await page.goto(`${server!.url}/operations/get-pet-by-id/`);
    await openPanel(page);
    expect(await page.getByLabel('Mock server address').inputValue()).toBe(mock!.url);
    await page.getByLabel('API key (Bearer token)').fill('base-key');
    expect(await send(page)).toMatch(/^Response: 200 OK in \d+ ms\.$/);
    expect(JSON.parse((await page.locator('#try-it-response-body').textContent()) ?? '')).toMatchObject({ id: 42 });
    // The copy button fetches the page's Markdown twin from under the base.
    const markdown = await page.evaluate(
      async (href) => (await fetch(href)).status,
      (await page.locator('[data-copy-markdown]').getAttribute('data-copy-markdown'))!,
    );
    expect(markdown).toBe(200);
    await page.close();
  });
});

describe('flags', () => {
  it('refuses a --base that disagrees with the path of --site, before building anything', async () => {
    const target = join(tempDir('base-disagree'), 'site');
    const result = await runSiteScript('scripts/build.ts', ['--spec', SPEC, '--out', target, '--site', SITE, '--base', '/api/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--site's path (/docs/) and --base (/api/) disagree");
    expect(listFiles(join(target, '..'))).toEqual([]);
  });

  it('refuses a --base that is not a plain path', async () => {
    const result = await runSiteScript('scripts/build.ts', ['--spec', SPEC, '--out', join(tempDir('base-bad'), 'site'), '--base', '/a/../b/']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--base must be a plain path');
  });

  it('npm start -- --base /docs/ builds for and serves under /docs/, with the mock linking pages there', async () => {
    const port = await freePort();
    const mockPort = await freePort();
    const folder = join(tempDir('base-start'), 'site');
    const start = startScript('scripts/start.ts', ['--port', String(port), '--mock-port', String(mockPort), '--out', folder, '--base', '/docs/'], {
      timeoutMs: 300_000,
    });
    started.push(start);
    await start.waitFor(/Mock server: \S+/, 240_000);
    expect(start.output()).toContain(`Portal: http://127.0.0.1:${port}/docs/`);
    const page = await fetch(`http://127.0.0.1:${port}/docs/operations/list-pets/`);
    expect(page.status).toBe(200);
    const css = (await page.text()).match(/href="(\/docs\/_astro\/[^"]+\.css)"/)?.[1];
    expect(css).toBeDefined();
    expect((await fetch(`http://127.0.0.1:${port}${css}`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/operations/list-pets/`)).status).toBe(404);
    // The sitemap names the address it is served at.
    expect(readFileSync(join(folder, 'sitemap-0.xml'), 'utf8')).toContain(`http://127.0.0.1:${port}/docs/operations/list-pets/`);
    // A deprecated operation's Link header names its page under the base.
    const answer = await fetch(`http://127.0.0.1:${mockPort}/pets/1`, { headers: { Authorization: 'Bearer k' } });
    expect(answer.headers.get('link')).toContain(`http://127.0.0.1:${port}/docs/operations/get-pet-by-id/`);
    start.child.kill('SIGINT');
    const { code, signal } = await start.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(await refused(port)).toBe(true);
    expect(await refused(mockPort)).toBe(true);
  });
});
