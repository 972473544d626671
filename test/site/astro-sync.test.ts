// The build runs Astro without its sync (scripts/site/astro-build.ts: a second or more of a large
// API's build), which is only right while the portal has no content of its own: the sync would
// write the content collections' types, so a build that writes them means Astro no longer honours
// the option.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { buildSite, removeTempDirs, tempDir } from './helpers.ts';

const TYPES = join(ROOT, 'site/.astro/types.d.ts');
const stamp = () => (existsSync(TYPES) ? statSync(TYPES).mtimeMs : 'absent');

afterAll(removeTempDirs);

describe('the build without Astro’s sync', () => {
  it('builds the portal without writing the content collections’ types', async () => {
    const before = stamp();
    const { code, stderr } = await buildSite(join(ROOT, 'openapi/openapi.yaml'), tempDir('astro-sync'), ['--no-lint']);
    expect(code, stderr).toBe(0);
    expect(stamp()).toBe(before);
  });
});
