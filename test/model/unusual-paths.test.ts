// Path templates with characters that JSON pointers and URLs treat specially.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { getByPointer } from '../../scripts/model/document/deref.ts';
import { buildModel } from '../../scripts/model/index.ts';

it('builds paths holding %, ~ and encoded characters, with pointers that resolve', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'model-paths-'));
  const spec = join(dir, 'openapi.yaml');
  writeFileSync(
    spec,
    `openapi: 3.0.3
info: {title: Paths, version: '1'}
paths:
  /rate/100%:
    get:
      parameters: [{name: q, in: query, schema: {type: string}}]
      responses: {'200': {description: ok}}
  /files/~user/{name}:
    parameters: [{name: name, in: path, required: true, schema: {type: string}}]
    get:
      operationId: getUserFile
      responses: {'200': {description: ok}}
  /search%20all:
    get:
      parameters: [{name: term, in: query, schema: {type: string}}]
      responses: {'200': {description: ok}}
`,
  );
  const { model, document } = await buildModel(spec, { lint: false });
  expect(model.operations.map((o) => [o.path, o.slug])).toEqual([
    ['/rate/100%', 'get-rate-100'],
    ['/files/~user/{name}', 'get-user-file'],
    ['/search%20all', 'get-search-20all'],
  ]);
  for (const op of model.operations) {
    for (const p of op.parameters) expect(getByPointer(document, p.pointer), `${op.path} ${p.name}`).toMatchObject({ name: p.name });
  }
});
