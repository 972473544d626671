// A description with three tagged versions in a temporary git repository, built into one portal
// with `npm run build -- --version-tags`: the Changes page and its Atom feed, each operation's
// history, and the earlier versions' pages side by side.
import { defined } from '../helpers/defined.ts';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
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
  output = (await buildSite(spec, out, ['--version-tags'])).output;
});

afterAll(removeTempDirs);

/** The Changes page's versions in page order, each with its changes' kinds and levels in order. */
function changesPage(html: string): { version: string; changes: { kind: string; level: string; text: string }[]; links: string[] }[] {
  const main = mainOf(html);
  return main
    .split('<section class="changelog-version')
    .slice(1)
    .map((section) => ({
      version: /data-version="([^"]+)"/.exec(section)?.[1] ?? '',
      changes: [...section.matchAll(/data-kind="([^"]+)" data-level="([^"]+)"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => ({
        kind: m[1] ?? '',
        level: m[2] ?? '',
        text: (m[3] ?? '').replace(/<[^>]+>/g, ''),
      })),
      links: [...section.matchAll(/<h3[^>]*>(?:<a href="([^"]+)")?/g)].map((m) => m[1] ?? ''),
    }));
}

describe('a published changelog from git tags', () => {
  it('says which versions it published', () => {
    expect(output).toContain('versions 2.0.0, 1.1.0, 1.0.0');
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
    // 1.1.0: getLegacyReport deprecated, createPet added: information, as oasdiff says.
    expect(middle.changes.map((c) => `${c.kind} ${c.level}`)).toEqual(['operation-added info', 'operation-deprecated info']);
  });

  it('links each change to its operation or schema page where that page still exists', () => {
    const versions = changesPage(read(out, 'changelog/index.html'));
    const latest = defined(versions[0], 'version 2.0.0');
    const middle = defined(versions[1], 'version 1.1.0');
    expect(latest.links).toContain('/schemas/pet/');
    // getLegacyReport is gone: its group names it without a link.
    expect(latest.links.at(-1)).toBe('');
    expect(middle.links).toEqual(['/operations/create-pet/', '']);
    for (const link of [...latest.links, ...middle.links].filter(Boolean)) expect(exists(out, join(link, 'index.html')), link).toBe(true);
  });

  it('publishes the changelog as a valid Atom feed, linked from the page head, newest first', () => {
    const html = read(out, 'changelog/index.html');
    expect(html).toMatch(
      /<link rel="alternate" type="application\/atom\+xml" title="Versioned Pets &amp; (?:&lt;|<)Friends(?:&gt;|>): changes" href="\/changelog.xml"/,
    );
    const xml = read(out, 'changelog.xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    // The title's `&` and `<` are escaped, never raw.
    expect(xml).toContain('<title>Versioned Pets &amp; &lt;Friends&gt;: changes</title>');
    const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe('http://127.0.0.1:4321/changelog/');
    expect(feed.updated).toBe('2026-06-10T12:00:00.000Z');
    expect(feed.author.name).toBe('Versioned Pets & <Friends>');
    const entries = feed.entry as { id: string; title: string; updated: string; content: { '#text': string } }[];
    expect(entries.map((e) => e.title)).toEqual([
      expect.stringMatching(/^Version 2\.0\.0: 1 breaking change, /),
      expect.stringMatching(/^Version 1\.1\.0: 0 breaking changes, 0 warnings/),
    ]);
    expect(entries.map((e) => e.updated)).toEqual(['2026-06-10T12:00:00.000Z', '2026-03-10T12:00:00.000Z']);
    expect(new Set(entries.map((e) => e.id)).size).toBe(2);
    expect(entries[0]?.content['#text']).toMatch(/BREAKING: Field "id" of schema pet \(used by [^)]*\) changed type from integer to string/);
    expect(entries[1]?.content['#text']).toMatch(/GET \/legacy\/report is now deprecated/);
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

describe('earlier versions side by side', () => {
  it('puts the latest at the root and each earlier version under its own folder', () => {
    expect(mainOf(read(out, 'index.html'))).toContain('<strong>2.0.0</strong>');
    expect(mainOf(read(out, '1.1.0/index.html'))).toContain('<strong>1.1.0</strong>');
    expect(mainOf(read(out, '1.0.0/index.html'))).toContain('<strong>1.0.0</strong>');
    expect(exists(out, '1.0.0/operations/create-pet/index.html')).toBe(false);
    expect(exists(out, '1.1.0/operations/create-pet/index.html')).toBe(true);
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
  const versionSwitch = (page: Page) => page.locator('.version-switch').locator('visible=true');

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

  it('has no serious or critical axe violations on the Changes page and with the switch open', async () => {
    const page = await served.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${served.server.url}/changelog/`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.goto(`${served.server.url}/1.1.0/operations/get-legacy-report/`);
    await versionSwitch(page).locator('summary').click();
    await versionSwitch(page).locator('a[data-version="2.0.0"]').waitFor({ state: 'visible' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.close();
  });

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
