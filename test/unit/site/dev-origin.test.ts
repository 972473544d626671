// Which requests the dev server's open-in-editor endpoint answers: the preview's own pages
// (or the writer's address bar), for files inside the description's folder or the project.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorRefusal, ownOrigins } from '../../../site/src/integrations/dev-origin.ts';

let dir: string;
let folder: string;
let file: string;
let outsideFile: string;
const own = ownOrigins(4321, '127.0.0.1');

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'dev-origin-'));
  folder = join(dir, 'openapi');
  mkdirSync(folder);
  file = join(folder, 'openapi.yaml');
  writeFileSync(file, 'openapi: 3.0.3\n');
  outsideFile = join(dir, 'secret.env');
  writeFileSync(outsideFile, 'KEY=1\n');
  symlinkSync(outsideFile, join(folder, 'link.yaml'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('own origins', () => {
  it('are the port on the loopback names and on the host given', () => {
    expect([...ownOrigins(4321, '127.0.0.1')].sort()).toEqual(['http://127.0.0.1:4321', 'http://[::1]:4321', 'http://localhost:4321']);
    expect(ownOrigins(8080, 'preview.test').has('http://preview.test:8080')).toBe(true);
    expect(ownOrigins(8080, '::1').has('http://[::1]:8080')).toBe(true);
    expect(ownOrigins(8080, '0.0.0.0').has('http://0.0.0.0:8080')).toBe(false);
  });
});

describe('editor requests', () => {
  const fromPreview = { origin: 'http://127.0.0.1:4321', 'sec-fetch-site': 'same-origin' };

  it('opens a file of the description from the preview, the address bar, or a tool that sends neither header', () => {
    for (const headers of [fromPreview, { 'sec-fetch-site': 'none' }, {}]) {
      expect(editorRefusal(headers, `${file}:3:7`, own, [folder])).toBeUndefined();
    }
    expect(editorRefusal(fromPreview, 'openapi.yaml', own, [folder], folder)).toBeUndefined();
    expect(editorRefusal(fromPreview, `file://${file}`, own, [folder])).toBeUndefined();
  });

  it('refuses another port, another site, another origin', () => {
    expect(editorRefusal({ origin: 'http://127.0.0.1:5555', 'sec-fetch-site': 'same-site' }, file, own, [folder])).toBe(
      'Refused: a request from another site (same-site).',
    );
    expect(editorRefusal({ origin: 'http://127.0.0.1:5555' }, file, own, [folder])).toBe('Refused: http://127.0.0.1:5555 is not this preview.');
    expect(editorRefusal({ 'sec-fetch-site': 'cross-site' }, file, own, [folder])).toMatch(/^Refused/);
    expect(editorRefusal({ origin: 'null' }, file, own, [folder])).toMatch(/^Refused/);
  });

  it('refuses a file outside the folders, through .., a link, or a file URL', () => {
    const refusal = 'Refused: only files of the description or the project open in the editor.';
    for (const target of [outsideFile, join(folder, '../secret.env'), join(folder, 'link.yaml'), `file://${outsideFile}`, '/etc/passwd', folder]) {
      expect(editorRefusal(fromPreview, target, own, [folder]), target).toBe(refusal);
    }
  });
});
