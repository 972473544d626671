// Earlier versions named on the command line (`--versions-from <ref>,…`) instead of every tag:
// the changelog compares the latest with those only, a removed operation links to the description
// of the last version that had it, the feed built without `--site` is warned of once and names no
// address it cannot know, and an earlier version that reaches outside its folder is left out, its
// problem said, the file it reached for never read.
import { join } from 'node:path';
import { parseFeed } from '@rowanmanning/feed-parser';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, exists, listFiles, mainOf, read, removeTempDirs, tempDir } from './helpers.ts';
import { createVersionedRepo, SECRET, tagHostileVersion } from './versions-repo.ts';

let out: string;
let output: string;

beforeAll(async () => {
  const dir = tempDir('versions-named');
  const repo = join(dir, 'repo');
  const spec = createVersionedRepo(repo);
  tagHostileVersion(repo, 'v0.9.0');
  out = join(dir, 'site');
  output = (await buildSite(spec, out, ['--no-lint', '--versions-from', 'v0.9.0,v1.0.0'])).output;
});

afterAll(removeTempDirs);

describe('earlier versions named with --versions-from', () => {
  it('compares the latest with the versions named only', () => {
    expect(output).toContain('versions 2.0.0, 1.0.0');
    const main = mainOf(read(out, 'changelog/index.html'));
    expect([...main.matchAll(/data-version="([^"]+)"/g)].map((m) => m[1])).toEqual(['2.0.0']);
    expect(main).toContain('compared with 1.0.0');
    // 1.0.0 announced no sunset for getLegacyReport: removing it is breaking here.
    expect(main).toMatch(
      /data-kind="operation-removed" data-level="breaking"[^>]*>[\s\S]*?GET \/legacy\/report \(getLegacyReport\) was removed; clients that call it will get errors/,
    );
    expect(main).toMatch(/data-kind="operation-added" data-level="info"/);
    // Without --version-tags, the earlier versions have no pages of their own.
    expect(listFiles(join(out, '1.0.0'))).toEqual(['openapi.json', 'openapi.yaml']);
  });

  it("links a removed operation to the description of the last version that had it, when that version's pages are not published", () => {
    const main = mainOf(read(out, 'changelog/index.html'));
    expect(main).toContain(
      '<p class="changelog-last" data-last="1.0.0">Last in version 1.0.0: <a href="/1.0.0/openapi.yaml" download="openapi.yaml">its description</a> (openapi.yaml).</p>',
    );
    const earlier = parseYaml(read(out, '1.0.0/openapi.yaml'));
    expect(earlier.info.version).toBe('1.0.0');
    expect(earlier.paths['/legacy/report'].get.operationId).toBe('getLegacyReport');
    expect(exists(out, '1.0.0/index.html')).toBe(false);
  });

  it('warns once that the feed was built without --site, whose links are then relative and whose ids are no addresses', () => {
    expect(output.match(/warning changelog-site The changelog's Atom feed is built without --site/g)).toHaveLength(1);
    const feed = parseFeed(read(out, 'changelog.xml'));
    expect(feed.self).toBe('/changelog.xml');
    expect(feed.url).toBe('/changelog/');
    const [item] = feed.items;
    expect(item?.url).toBe('/changelog/#v-2-0-0');
    expect(item?.id).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(read(out, 'changelog.xml')).not.toContain('127.0.0.1');
    for (const [, href] of (item?.content ?? '').matchAll(/href="([^"]+)"/g))
      expect(href).toMatch(/^\/(changelog\/#v-2-0-0-|1\.0\.0\/openapi\.yaml$|operations\/|schemas\/)/);
  });

  it('leaves out a version whose $ref reaches outside its folder, saying why, without reading the file', () => {
    // The problem is named where git has it, not in the temporary copy the build read it from.
    expect(output).toContain(
      'Earlier version v0.9.0 left out: it does not load:\nv0.9.0:api/openapi.yaml:6:15 error ref-outside-root v0.9.0:secret.yaml is outside',
    );
    expect(output).not.toContain(SECRET);
    for (const file of listFiles(out).filter((f) => /\.(html|xml|txt|json|yaml)$/.test(f))) expect(read(out, file), file).not.toContain(SECRET);
  });
});
