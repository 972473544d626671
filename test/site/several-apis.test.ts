// Several APIs in one portal from one command (`npm run build -- --portal <config>`): ours and
// Galaxy, each under its own folder with its own navigation, downloads and search; and a config
// with mistakes refused before anything is built, each mistake named.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { searchResults } from './search-results.ts';
import { exists, pageFolders, read, removeTempDirs, runSiteScript, type ServedSite, serveSite, sidebarOf, tempDir } from './helpers.ts';

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
      const links = hrefs(sidebarOf(page)).filter((h) => h.startsWith('/'));
      expect(links.length).toBeGreaterThan(3);
      for (const link of links) expect(link, `${slug}: ${link}`).toMatch(new RegExp(`^/${slug}/`));
      expect(page).toContain(`href="/${slug}/openapi.yaml"`);
      expect(JSON.parse(read(out, `${slug}/openapi.json`)).info.title).toBe(slug === 'petstore' ? 'Petstore API' : 'Scalar Galaxy');
    }
  });
});

describe('search in each API, in Chromium', () => {
  let served: ServedSite;

  beforeAll(async () => {
    served = await serveSite(out);
  });

  afterAll(async () => {
    await served?.close();
  });

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
