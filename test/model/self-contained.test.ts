// A description in one file referring only to itself is loaded without Redocly's bundler
// (scripts/model/load/self-contained.ts): the document it gives is the very one the bundler gives, on
// every real document of one file, and anything the bundler would report still goes through it.
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundle, type Document } from '@redocly/openapi-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticsError } from '../../scripts/diagnostics.ts';
import { loadDescriptionConfig } from '../../scripts/model/load/config.ts';
import { createResolver, loadDocument } from '../../scripts/model/load/load.ts';
import { selfContained } from '../../scripts/model/load/self-contained.ts';
import { ROOT } from '../helpers/paths.ts';

const EXAMPLES = join(ROOT, 'node_modules/@readme/oas-examples');

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

const documents = [
  ...jsonFiles(join(EXAMPLES, '3.0/json')),
  ...jsonFiles(join(EXAMPLES, '3.1/json')),
  join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json'),
  join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'),
];

/** The document as Redocly's bundler makes it, from a resolver of its own (nothing shared with the load). */
async function bundled(path: string, config: Parameters<typeof bundle>[0]['config']): Promise<unknown> {
  const result = await bundle({ ref: path, config, externalRefResolver: await createResolver(path, {}) });
  return result.bundle.parsed;
}

const tmp = mkdtempSync(join(tmpdir(), 'self-contained-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a description in one file', () => {
  it.each(documents)('%s loads as the bundler bundles it', async (path) => {
    const loaded = await loadDocument(path, { firstPass: true });
    expect(loaded.document).toEqual(await bundled(path, loaded.config));
  });

  it("GitHub's API is one: its first pass does without the bundler", async () => {
    const path = documents.at(-1)!;
    const resolver = await createResolver(path, {}, { quickJson: true });
    const { config } = await loadDescriptionConfig(path, {}, resolver);
    const root = await resolver.resolveDocument(null, path, true);
    expect(root).not.toBeInstanceOf(Error);
    expect(selfContained(root as Document, config)).toBeDefined();
  });

  it('with a reference that does not resolve still does not load, at the reference', async () => {
    const spec = join(tmp, 'missing.json');
    const doc = {
      openapi: '3.0.3',
      info: { title: 'T', version: '1' },
      paths: {
        '/a': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } },
      },
      components: { schemas: { Yes: { type: 'string' } } },
    };
    const text = JSON.stringify(doc, null, 2);
    writeFileSync(spec, text);
    const error = await loadDocument(spec, { firstPass: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DiagnosticsError);
    // Where the bundler places an unresolved reference: the key holding it.
    const line = text.split('\n').findIndex((l) => l.includes('"schema": {')) + 1;
    expect((error as DiagnosticsError).diagnostics).toMatchObject([{ severity: 'error', rule: 'no-unresolved-refs', file: spec, line }]);
  });

  it('with a reference to another file is bundled with it', async () => {
    writeFileSync(join(tmp, 'pet.json'), JSON.stringify({ type: 'object', properties: { name: { type: 'string' } } }));
    const spec = join(tmp, 'api.json');
    const doc = {
      openapi: '3.1.0',
      info: { title: 'T', version: '1' },
      paths: { '/pet': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: 'pet.json' } } } } } } } },
    };
    writeFileSync(spec, JSON.stringify(doc));
    const loaded = await loadDocument(spec, { firstPass: true });
    expect(loaded.files).toEqual([spec, join(tmp, 'pet.json')]);
    expect(loaded.document.components?.schemas?.pet).toEqual({ type: 'object', properties: { name: { type: 'string' } } });
  });
});
