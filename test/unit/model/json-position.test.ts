import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Source, getLineColLocation } from '@redocly/openapi-core';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonChild, jsonRef, jsonRoot, lineColAt } from '../../../scripts/model/load/json-position.ts';
import { loadDocument } from '../../../scripts/model/load/load.ts';
import { createLocator } from '../../../scripts/model/load/locate.ts';
import { formatPointer } from '../../../scripts/model/document/pointer.ts';

// Keys with escapes, quotes and slashes, strings holding brackets and escaped quotes, arrays, numbers and literals.
const DOC = {
  openapi: '3.1.0',
  info: { title: 'T "quoted" {not an object}', version: '1' },
  paths: {
    '/pets/{id}': {
      get: {
        description: 'ends with a backslash \\',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: -1.5e3 } }, { $ref: '#/components/parameters/Q' }],
        responses: { '200': { description: 'ok', content: { 'application/json': { example: [1, true, null, { 'a"b': ['[', ']'] }] } } } },
      },
    },
    '/caf\u00e9/~tilde': { post: { responses: { default: { description: 'x' } } } },
  },
  components: { parameters: { Q: { name: 'q', in: 'query', schema: { type: 'string' } } } },
};

/** Every pointer to a value of the document. */
function pointers(node: unknown, path: string[] = []): string[][] {
  const out = [path];
  if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) out.push(...pointers(value, [...path, key]));
  return out;
}

function scan(text: string, path: string[]): { line: number; col: number } {
  let at = jsonRoot(text);
  for (const segment of path) {
    const next = jsonChild(text, at, segment);
    if (next === undefined) break;
    at = next;
  }
  return lineColAt(text, at);
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('positions in a JSON text', () => {
  for (const [layout, text] of [
    ['indented', JSON.stringify(DOC, null, 2)],
    ['on one line', JSON.stringify(DOC)],
    ['with tabs and CRLF', JSON.stringify(DOC, null, '\t').replace(/\n/g, '\r\n')],
  ] as const) {
    it(`finds every value where Redocly's syntax tree puts it (${layout})`, () => {
      const source = new Source('/doc.json', text);
      for (const path of [...pointers(DOC), ['paths', 'missing'], ['paths', '/pets/{id}', 'get', 'parameters', '7']]) {
        const theirs = getLineColLocation({ source, pointer: formatPointer(path), reportOnKey: false } as never).start;
        expect(scan(text, path), formatPointer(path)).toEqual({ line: theirs.line, col: theirs.col });
      }
    });
  }

  it('reads a string $ref and nothing else', () => {
    const text = JSON.stringify(DOC, null, 2);
    const parameters = jsonChild(text, jsonChild(text, jsonChild(text, jsonChild(text, jsonRoot(text), 'paths')!, '/pets/{id}')!, 'get')!, 'parameters')!;
    expect(jsonRef(text, jsonChild(text, parameters, '1')!)).toBe('#/components/parameters/Q');
    expect(jsonRef(text, jsonChild(text, parameters, '0')!)).toBeUndefined();
  });

  it('locates a problem through a $ref of a JSON description at the line the writer wrote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'json-position-'));
    dirs.push(dir);
    const file = join(dir, 'api.json');
    const text = JSON.stringify(DOC, null, 2);
    writeFileSync(file, text);
    const locate = await createLocator(await loadDocument(file, { firstPass: true }));
    const at = locate('#/paths/~1pets~1%7Bid%7D/get/parameters/1/schema/type');
    const line = text.split('\n').findIndex((l) => l.includes('"type": "string"')) + 1;
    expect(at).toEqual({ file, line, col: text.split('\n')[line - 1]!.indexOf('"string"') + 1 });
  });
});
