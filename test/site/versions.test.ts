// A description with three tagged versions in a temporary git repository, built into one portal
// with `npm run build -- --version-tags --site <url>`: the Changes page and its Atom feed (read by
// a feed reader's parser, each change linked), the minor release that broke clients called out,
// each operation's history, a removed operation linked to the last version that had it, and the
// earlier versions' pages side by side, each saying it is not the latest.
import { defined } from '../helpers/defined.ts';
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parse as parseYaml } from 'yaml';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { searchResults } from './search-results.ts';
import { buildSite, exists, mainOf, read, removeTempDirs, type ServedSite, serveSite, tempDir } from './helpers.ts';
import { createVersionedRepo } from './versions-repo.ts';

let out: string;
let output: string;

beforeAll(async () => {
  const dir = tempDir('versions');
  const spec = createVersionedRepo(join(dir, 'repo'));
  out = join(dir, 'site');
  output = (await buildSite(spec, out, ['--version-tags', '--site', SITE])).output;
});

const SITE = 'https://docs.example.org';

afterAll(removeTempDirs);

/** The Changes page's versions in page order, each with its changes' kinds and levels in order. */
function changesPage(html: string): {
  version: string;
  notice: string;
  changes: { id: string; kind: string; level: string; text: string }[];
  links: string[];
  last: { version: string; href: string }[];
}[] {
  const main = mainOf(html);
  return main
    .split('<section class="changelog-version')
    .slice(1)
    .map((section) => ({
      version: /data-version="([^"]+)"/.exec(section)?.[1] ?? '',
      notice: (/data-notice="breaking-release"[^>]*>([\s\S]*?)<\/p>/.exec(section)?.[1] ?? '').replace(/<[^>]+>/g, ''),
      changes: [...section.matchAll(/<li id="([^"]+)"[^>]*data-kind="([^"]+)" data-level="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => ({
        id: m[1] ?? '',
        kind: m[2] ?? '',
        level: m[3] ?? '',
        text: (m[4] ?? '').replace(/<[^>]+>/g, ''),
      })),
      links: [...section.matchAll(/<h3[^>]*>(?:<a href="([^"]+)")?/g)].map((m) => m[1] ?? ''),
      last: [...section.matchAll(/data-last="([^"]+)"[^>]*>[^<]*<a href="([^"]+)"/g)].map((m) => ({ version: m[1] ?? '', href: m[2] ?? '' })),
    }));
}

describe('a published changelog from git tags', () => {
  it('says which versions it published, with nothing to warn of when the site is named', () => {
    expect(output).toContain('versions 2.0.0, 1.1.0, 1.0.0');
    expect(output).not.toContain('changelog-site');
  });

  it('lists the versions newest first on the Changes page, breaking changes first, with their levels', () => {
    const versions = changesPage(read(out, 'changelog/index.html'));
    expect(versions.map((v) => v.version)).toEqual(['2.0.0', '1.1.0']);
    const latest = defined(versions[0], 'version 2.0.0');
    const middle = defined(versions[1], 'version 1.1.0');
    // 2.0.0: Pet.id became a string (breaking, once, on the schema every operation reads or sends), getLegacyReport removed after its sunset (not breaking).
    expect(latest.changes[0]).toMatchObject({ kind: 'type-changed', level: 'breaking' });
    expect(latest.changes.at(-1)).toMatchObject({ kind: 'operation-removed-after-sunset', level: 'info' });
    expect(latest.changes.at(-1)!.text).toContain('2025-01-01');
    const levels = latest.changes.map((c) => c.level);
    expect(levels.indexOf('info')).toBeGreaterThan(levels.lastIndexOf('breaking'));
    // 1.1.0: listPets' new required parameter breaks its clients; createPet added and getLegacyReport deprecated are information, as oasdiff says.
    expect(middle.changes.map((c) => `${c.kind} ${c.level}`)).toEqual([
      'required-parameter-added breaking',
      'operation-added info',
      'operation-deprecated info',
    ]);
  });

  it('calls out the minor release that broke clients, and not the major one', () => {
    const [latest, middle] = changesPage(read(out, 'changelog/index.html'));
    expect(middle?.notice).toBe(
      'Breaking changes in a minor release. 1.1.0 is a minor release after 1.0.0, but it has breaking changes: clients whose version range accepts it (^1.0.0) take it without notice. Semantic versioning asks for a new major version.',
    );
    expect(latest?.notice).toBe('');
  });

  it('links each change to its operation or schema page, in the last version that had it when it is gone', () => {
    const versions = changesPage(read(out, 'changelog/index.html'));
    const latest = defined(versions[0], 'version 2.0.0');
    const middle = defined(versions[1], 'version 1.1.0');
    expect(latest.links).toContain('/schemas/pet/');
    // getLegacyReport is gone: its removal names it without a link, and links to the last version that had it.
    expect(latest.links.at(-1)).toBe('');
    expect(latest.last).toEqual([{ version: '1.1.0', href: '/1.1.0/operations/get-legacy-report/' }]);
    // Deprecated in 1.1.0 and gone since: its page in 1.1.0.
    expect(middle.links).toEqual(['/operations/list-pets/', '/operations/create-pet/', '/1.1.0/operations/get-legacy-report/']);
    for (const link of [...latest.links, ...middle.links, ...latest.last.map((l) => l.href)].filter(Boolean))
      expect(exists(out, join(link, 'index.html')), link).toBe(true);
  });

  it('publishes the changelog as an Atom feed a feed reader reads, linked from the page head, newest first', () => {
    const html = read(out, 'changelog/index.html');
    expect(html).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="Versioned Pets &amp; (?:&lt;|<)Friends(?:&gt;|>): changes" href="\/changelog.xml"/,
    );
    const xml = read(out, 'changelog.xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    // The title's `&` and `<` are escaped, never raw.
    expect(xml).toContain('<title>Versioned Pets &amp; &lt;Friends&gt;: changes</title>');
    const feed = parseFeed(xml);
    expect(feed.meta).toEqual({ type: 'atom', version: '1.0' });
    expect(feed.title).toBe('Versioned Pets & <Friends>: changes');
    expect(feed.url).toBe(`${SITE}/changelog/`);
    expect(feed.self).toBe(`${SITE}/changelog.xml`);
    expect(feed.updated?.toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(feed.authors.map((a) => a.name)).toEqual(['Versioned Pets & <Friends>']);
    expect(feed.items.map((e) => e.title)).toEqual([
      expect.stringMatching(/^Version 2\.0\.0: 1 breaking change, /),
      'Version 1.1.0: breaking changes in a minor release; 1 breaking change, 0 warnings, 3 changes in total',
    ]);
    expect(feed.items.map((e) => e.url)).toEqual([`${SITE}/changelog/#v-2-0-0`, `${SITE}/changelog/#v-1-1-0`]);
    expect(feed.items.map((e) => e.updated?.toISOString())).toEqual(['2026-06-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z']);
    expect(feed.items[0]?.content).toMatch(/BREAKING<\/a>: Field "id" of schema pet \(used by [^)]*\) changed type from integer to string/);
    expect(feed.items[1]?.content).toContain('<strong>Breaking changes in a minor release.</strong> 1.1.0 is a minor release after 1.0.0');
    expect(feed.items[1]?.content).toMatch(/GET \/legacy\/report is now deprecated/);
  });

  it("has the elements RFC 4287 requires, with ids that are the site's addresses", () => {
    const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'entry' || name === 'link' }).parse(
      read(out, 'changelog.xml'),
    );
    expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${SITE}/changelog/`);
    const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
    expect(feed.updated).toMatch(RFC3339);
    expect(feed.author.name).toBe('Versioned Pets & <Friends>');
    const entries = feed.entry as { id: string; title: string; updated: string; link: { rel: string; href: string }[]; content: { type: string } }[];
    for (const entry of entries) {
      expect(new URL(entry.id).href, entry.id).toBe(entry.id);
      expect(entry.title).toMatch(/^Version \d+\.\d+\.\d+: \S/);
      expect(entry.updated).toMatch(RFC3339);
      expect(entry.link.filter((l) => l.rel === 'alternate')).toHaveLength(1);
      expect(entry.content.type).toBe('html');
    }
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
  });

  it("links every change in the feed to that change's anchor on the Changes page", () => {
    const page = changesPage(read(out, 'changelog/index.html'));
    const feed = parseFeed(read(out, 'changelog.xml'));
    for (const [i, item] of feed.items.entries()) {
      const version = defined(page[i], `version ${i}`);
      const links = [...(item.content ?? '').matchAll(/<li><a href="([^"]+)">/g)].map((m) => m[1] ?? '');
      expect(links).toEqual(version.changes.map((c) => `${SITE}/changelog/#${c.id}`));
    }
    const ids = page.flatMap((v) => v.changes.map((c) => c.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('shows "Added in" and "Deprecated in" on operation pages, linked to the version on the Changes page', () => {
    const created = mainOf(read(out, 'operations/create-pet/index.html'));
    expect(created).toMatch(/data-history="added"[^>]*>Added in <a href="\/changelog\/#v-1-1-0"[^>]*>1\.1\.0<\/a>/);
    expect(created).toMatch(/data-history="changed"[^>]*>Changed in <a href="\/changelog\/#v-2-0-0"[^>]*>2\.0\.0<\/a>/);
    // Only in 1.1.0's pages is getLegacyReport still there, deprecated.
    expect(exists(out, 'operations/get-legacy-report/index.html')).toBe(false);
    const legacy = mainOf(read(out, '1.1.0/operations/get-legacy-report/index.html'));
    expect(legacy).toMatch(/data-history="deprecated"[^>]*>Deprecated in <a href="\/1\.1\.0\/changelog\/#v-1-1-0"[^>]*>1\.1\.0<\/a>/);
    // An operation there from the first version, never changed in its pages' version, has no history line.
    expect(mainOf(read(out, '1.0.0/operations/list-pets/index.html'))).not.toContain('op-history');
  });
});

/** The notice above an earlier version's page, its links, and the page's title. */
function olderPage(path: string): { notice: string; latest: string; downloads: string[]; title: string } {
  const html = read(out, path);
  const notice = /<div class="version-notice[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  return {
    notice: notice.replace(/<[^>]+>/g, ''),
    latest: /<a href="([^"]+)" data-latest/.exec(notice)?.[1] ?? '',
    downloads: [...notice.matchAll(/<a href="([^"]+)" download/g)].map((m) => m[1] ?? ''),
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
  };
}

describe('earlier versions side by side', () => {
  it('puts the latest at the root and each earlier version under its own folder', () => {
    expect(mainOf(read(out, 'index.html'))).toContain('<strong>2.0.0</strong>');
    expect(mainOf(read(out, '1.1.0/index.html'))).toContain('<strong>1.1.0</strong>');
    expect(mainOf(read(out, '1.0.0/index.html'))).toContain('<strong>1.0.0</strong>');
    expect(exists(out, '1.0.0/operations/create-pet/index.html')).toBe(false);
    expect(exists(out, '1.1.0/operations/create-pet/index.html')).toBe(true);
  });

  it('says on each earlier page that it is not the latest, linking to the same page there, or to its home when the page is gone', () => {
    const getPet = olderPage('1.0.0/operations/get-pet/index.html');
    expect(getPet.notice).toContain('Version 1.0.0, not the latest. This page in the latest version, 2.0.0.');
    expect(getPet.latest).toBe('/operations/get-pet/');
    const legacy = olderPage('1.1.0/operations/get-legacy-report/index.html');
    expect(legacy.notice).toContain("This page is not in the latest version: 2.0.0's home.");
    expect(legacy.latest).toBe('/');
    const latest = olderPage('operations/get-pet/index.html');
    expect(latest.notice).toBe('');
    expect(latest.title).toBe('Get a pet | Versioned Pets &amp; &lt;Friends&gt;');
  });

  it('carries its version in the title and offers its own description', () => {
    const page = olderPage('1.0.0/operations/get-pet/index.html');
    expect(page.title).toBe('Get a pet | Versioned Pets &amp; &lt;Friends&gt; 1.0.0');
    expect(page.downloads).toEqual(['/1.0.0/openapi.yaml', '/1.0.0/openapi.json']);
    expect(parseYaml(read(out, '1.0.0/openapi.yaml')).info.version).toBe('1.0.0');
    expect(JSON.parse(read(out, '1.0.0/openapi.json')).paths['/legacy/report']).toBeDefined();
    expect(JSON.parse(read(out, '1.1.0/openapi.json')).info.version).toBe('1.1.0');
    // Its home offers the same, as the latest's does.
    expect(mainOf(read(out, '1.1.0/index.html'))).toContain('<a href="/1.1.0/openapi.yaml" download="openapi.yaml">openapi.yaml</a>');
  });
});

describe('the version switch and search, in Chromium', () => {
  let served: ServedSite;

  beforeAll(async () => {
    served = await serveSite(out);
  });

  afterAll(async () => {
    await served?.close();
  });

  /** The version switch shown at this width (Starlight renders it in the header and in the phone's menu). */
  const versionSwitch = (page: Page) => page.locator('details', { has: page.locator('summary', { hasText: /^Version / }) }).locator('visible=true');

  it('leads from an operation in the newest version to the same operation in the oldest', async () => {
    const page = await served.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${served.server.url}/operations/get-pet/`);
    const picker = versionSwitch(page);
    expect(await picker.locator('summary').textContent()).toBe('Version 2.0.0');
    await picker.locator('summary').click();
    const oldest = picker.locator('a[data-version="1.0.0"]');
    await oldest.waitFor({ state: 'visible' });
    await Promise.all([page.waitForURL('**/1.0.0/operations/get-pet/'), oldest.click()]);
    expect(await page.textContent('h1')).toBe('Get a pet');
    expect(await versionSwitch(page).locator('summary').textContent()).toBe('Version 1.0.0');
    // getPet's field id is still an integer in 1.0.0.
    expect(await page.locator('main').textContent()).toContain('integer');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations in ${theme} mode: a change the feed links to, an earlier page's notice with the switch open`, async () => {
      const context = await served.browser.newContext({ viewport: { width: 1440, height: 900 } });
      await context.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
      const page = await context.newPage();
      const anchor = defined(changesPage(read(out, 'changelog/index.html'))[1]?.changes[0], 'a change of 1.1.0').id;
      await page.goto(`${served.server.url}/changelog/#${anchor}`);
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
      // The change the link names is the page's target, on screen below the sticky header.
      const target = page.locator(':target');
      expect(await target.getAttribute('id')).toBe(anchor);
      const header = defined((await page.locator('header').first().boundingBox()) ?? undefined, 'the header');
      const box = defined((await target.boundingBox()) ?? undefined, 'the change');
      expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.goto(`${served.server.url}/1.1.0/operations/get-legacy-report/`);
      await expect(
        page
          .getByRole('note')
          .filter({ hasText: /^Version 1\.1\.0, not the latest\./ })
          .isVisible(),
      ).resolves.toBe(true);
      await versionSwitch(page).locator('summary').click();
      await versionSwitch(page).locator('a[data-version="2.0.0"]').waitFor({ state: 'visible' });
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    });
  }

  it("leads to the other version's home when the operation is not there", async () => {
    const page = await served.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${served.server.url}/operations/create-pet/`);
    const picker = versionSwitch(page);
    await picker.locator('summary').click();
    const oldest = picker.locator('a[data-version="1.0.0"]');
    expect(await oldest.getAttribute('data-same-page')).toBe('false');
    await Promise.all([page.waitForURL(/\/1\.0\.0\/$/), oldest.click()]);
    expect(await page.locator('main').textContent()).toContain('Version 1.0.0');
    await page.close();
  });

  const search = (path: string, term: string) => searchResults(served.browser, `${served.server.url}${path}`, term);

  it('searches within the version being read', async () => {
    // createPet is in 2.0.0 and 1.1.0, not in 1.0.0: each version finds its own page, 1.0.0 nothing.
    const latest = await search('/operations/get-pet/', 'createPet');
    expect(latest).toContain('/operations/create-pet/');
    for (const link of latest) expect(link).not.toMatch(/^\/1\.[01]\.0\//);
    const middle = await search('/1.1.0/', 'createPet');
    expect(middle).toContain('/1.1.0/operations/create-pet/');
    for (const link of middle) expect(link).toMatch(/^\/1\.1\.0\//);
    expect(await search('/1.0.0/operations/get-pet/', 'createPet')).toEqual([]);
    // What every version has is found in the reader's version only.
    const oldest = await search('/1.0.0/', 'getPet');
    expect(oldest).toContain('/1.0.0/operations/get-pet/');
    for (const link of oldest) expect(link).toMatch(/^\/1\.0\.0\//);
  });
});
