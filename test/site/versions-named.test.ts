// Earlier versions named on the command line (`--versions-from <ref>,…`) instead of every tag:
// the changelog compares the latest with those only, and an earlier version that reaches
// outside its folder is left out, its problem said, the file it reached for never read.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, listFiles, mainOf, read, removeTempDirs, tempDir } from './helpers.ts';
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
    expect(existsSync(join(out, '1.0.0'))).toBe(false);
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
