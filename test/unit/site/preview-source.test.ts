// The preview's source view shows the description's own files only: a `redocly.yaml` beside it that
// is a symlink to `.npmrc` (or a problem naming a file where credentials are kept) shows nothing of it.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewChannel } from '../../../scripts/preview-channel.ts';
import { renderSource } from '../../../site/src/integrations/preview-source.ts';

const SECRET = 'npm_token_7c1f0d';
let dir: string;
let channel: PreviewChannel;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'preview-source-'));
  mkdirSync(join(dir, 'api'));
  writeFileSync(join(dir, 'api', 'openapi.yaml'), 'openapi: 3.0.3\n');
  writeFileSync(join(dir, 'api', '.npmrc'), `//registry.npmjs.org/:_authToken=${SECRET}\n`);
  writeFileSync(join(dir, 'api', '.env'), `TOKEN=${SECRET}\n`);
  symlinkSync(join(dir, 'api', '.npmrc'), join(dir, 'api', 'redocly.yaml'));
  const files = ['openapi.yaml', 'redocly.yaml', '.env'].map((name) => join(dir, 'api', name));
  channel = { root: dir, folders: [join(dir, 'api')], files, status: { problems: [] } } as unknown as PreviewChannel;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the source view', () => {
  it("shows the description's own file", () => {
    const page = renderSource(channel, join(dir, 'api', 'openapi.yaml'));
    expect(page.status).toBe(200);
    expect(page.html).toContain('openapi: 3.0.3');
  });

  it('shows nothing of a file where credentials are kept, named so or reached through a symlink', () => {
    for (const name of ['redocly.yaml', '.env']) {
      const page = renderSource(channel, join(dir, 'api', name));
      expect(page.status, name).toBe(404);
      expect(page.html, name).not.toContain(SECRET);
    }
  });
});
