// The build skips Astro's content sync (scripts/site/astro-build.ts), which only holds while the
// portal's one content collection is Starlight's required `docs`, empty: a collection with content
// would be built without it, silently.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../helpers/paths.ts';

describe('the portal’s content collections', () => {
  it('are only Starlight’s `docs`, with a loader that gives nothing, and no content folder', () => {
    const config = readFileSync(join(ROOT, 'site/src/content.config.ts'), 'utf8');
    expect(config.match(/defineCollection\(/g)).toHaveLength(1);
    expect(config).toMatch(/collections = \{\s*docs: defineCollection\(\{\s*loader: \(\) => \[\],/);
    expect(existsSync(join(ROOT, 'site/src/content'))).toBe(false);
  });
});
