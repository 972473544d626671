// Every real document renders: a few full `npm run build`s (galaxy, a 3.0 petstore, a 3.1
// document with webhooks), and all the other oas-examples documents (3.0 including the
// workshop folder, 3.1) in one site build, each mounted under its own folder.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { countOperations } from '../helpers/documents.ts';
import { ROOT } from '../helpers/paths.ts';
import { buildSite, exists, pageFolders, read, removeTempDirs, runSiteScript, tempDir } from './helpers.ts';

const EXAMPLES = join(ROOT, 'node_modules/@readme/oas-examples');
const FULL = {
  galaxy: join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json'),
  petstore: join(EXAMPLES, '3.0/json/petstore.json'),
  webhooks: join(EXAMPLES, '3.1/json/webhooks.json'),
};

function jsonFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return name.endsWith('.json') ? [path] : [];
    });
}

const rest = [...jsonFiles(join(EXAMPLES, '3.0/json')), ...jsonFiles(join(EXAMPLES, '3.1/json'))].filter((f) => !Object.values(FULL).includes(f));
// Folder names for the shared build, unique even where two versions share a file name.
const mounted = rest.map((file, i) => ({
  file,
  slug: `d${i}-${file
    .split('/')
    .pop()!
    .replace(/\.json$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')}`,
}));

afterAll(removeTempDirs);

function expectPagesFor(site: string, file: string) {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  expect(exists(site, 'index.html'), `${file}: home`).toBe(true);
  expect(pageFolders(join(site, 'operations')), `${file}: operations`).toHaveLength(countOperations(raw.paths, raw));
  expect(pageFolders(join(site, 'webhooks')), `${file}: webhooks`).toHaveLength(countOperations(raw.webhooks, raw));
  expect(pageFolders(join(site, 'schemas')), `${file}: schemas`).toHaveLength(Object.keys(raw.components?.schemas ?? {}).length);
  const tags = pageFolders(join(site, 'tags'));
  if (countOperations(raw.paths, raw) > 0) expect(tags.length, `${file}: tags`).toBeGreaterThan(0);
}

describe('full builds', () => {
  it.each(Object.entries(FULL))('%s', async (name, file) => {
    const out = join(tempDir(name), 'site');
    const result = await buildSite(file, out);
    expect(result.output).toMatch(/Built .+: \d+ pages/);
    expectPagesFor(out, file);
    for (const download of ['openapi.json', 'openapi.yaml', 'llms.txt', 'llms-full.txt', 'sitemap-index.xml', '404.html'])
      expect(exists(out, download), download).toBe(true);
    // Both downloads are the same description, read back by a YAML parser other than the one that wrote it.
    expect(parseYaml(read(out, 'openapi.yaml'), { maxAliasCount: -1 })).toEqual(JSON.parse(read(out, 'openapi.json')));
    if (name !== 'petstore') {
      // Webhooks have their own pages, listed in llms.txt.
      const raw = JSON.parse(readFileSync(file, 'utf8'));
      expect(countOperations(raw.webhooks, raw)).toBeGreaterThan(0);
      expect(read(out, 'llms.txt')).toContain('## Webhooks');
    }
  });
});

describe(`the other ${rest.length} documents in one build`, () => {
  let out: string;
  beforeAll(async () => {
    out = join(tempDir('corpus'), 'site');
    const result = await runSiteScript('scripts/site/build-many.ts', ['--out', out, ...mounted.map((m) => `${m.slug}=${m.file}`)]);
    if (result.code !== 0) throw new Error(`Corpus build failed:\n${result.output}`);
  });

  it('covers the workshop folder and both versions', () => {
    expect(rest.some((f) => f.includes('openapi-workshop'))).toBe(true);
    expect(rest.filter((f) => f.includes('/3.1/')).length).toBeGreaterThan(5);
    expect(rest.length).toBeGreaterThan(50);
  });

  it.each(mounted)('$slug', ({ file, slug }) => {
    expectPagesFor(join(out, slug), file);
  });

  it('lists every document at the root', () => {
    const home = read(out, 'index.html');
    for (const { slug } of mounted) expect(home).toContain(`href="/${slug}/"`);
  });
});
