// A save that changes string values only is the last document with those values replaced
// (scripts/model/preview-cache/json-edits.ts); every other change is left to the full parse.
import { describe, expect, it } from 'vitest';
import { firstDifference, stringEdits, withEdits } from '../../../scripts/model/preview-cache/json-edits.ts';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': { get: { summary: 'List pets', tags: ['pets', 'store'], responses: { '200': { description: 'OK', content: {} } } } },
  },
  components: { schemas: { Pet: { $ref: '#/components/schemas/Animal' }, Animal: { type: 'object', description: 'An "animal"' } } },
};
const text = JSON.stringify(doc, null, 2);
const edit = (change: (d: typeof doc) => void): string => {
  const copy = structuredClone(doc);
  change(copy);
  return JSON.stringify(copy, null, 2);
};

describe('the string values a save changed', () => {
  it('are found at their paths, however many and wherever they are', () => {
    const after = edit((d) => {
      d.paths['/pets'].get.summary = 'List every pet';
      d.paths['/pets'].get.tags[1] = 'shop';
      d.components.schemas.Animal.description = 'An animal, with "quotes" and a \\ backslash';
    });
    expect(stringEdits(text, after)?.edits).toEqual([
      { path: ['paths', '/pets', 'get', 'summary'], before: 'List pets', after: 'List every pet' },
      { path: ['paths', '/pets', 'get', 'tags', '1'], before: 'store', after: 'shop' },
      { path: ['components', 'schemas', 'Animal', 'description'], before: 'An "animal"', after: 'An animal, with "quotes" and a \\ backslash' },
    ]);
  });

  it('are left to the full parse when anything but a string value changed', () => {
    const cases = {
      'a key': text.replace('"summary"', '"summery"'),
      'a number': edit((d) => (d.paths['/pets'].get.responses = { '201': { description: 'OK', content: {} } } as never)),
      'a string made a number': text.replace('"version": "1"', '"version": 1'),
      'a reference': edit((d) => (d.components.schemas.Pet.$ref = '#/components/schemas/Cat')),
      'the version read': edit((d) => (d.openapi = '3.0.3')),
      'a key added': edit((d) => Object.assign(d.info, { summary: 'New' })),
      whitespace: text.replace('{\n  "openapi"', '{ "openapi"'),
      'an ending': `${text}\n`,
      'a string cut open': text.replace('"List pets"', '"List pets'),
      'a raw line break in a string': text.replace('"List pets"', '"List\npets"'),
      'nothing at all': text,
    };
    for (const [name, after] of Object.entries(cases)) expect(stringEdits(text, after), name).toBeUndefined();
  });

  it('are left to the full parse past 64 of them', () => {
    const many = { items: Array.from({ length: 65 }, (_, i) => `item ${i}`) };
    const after = { items: many.items.map((item) => `${item}!`) };
    expect(stringEdits(JSON.stringify(many), JSON.stringify(after))).toBeUndefined();
    expect(stringEdits(JSON.stringify(many), JSON.stringify({ items: [...after.items.slice(0, 64), many.items[64]] }))?.edits).toHaveLength(64);
  });

  it('are left to the full parse where a key is written twice (JSON.parse keeps the last value)', () => {
    for (const before of ['{"a":{"t":"A","t":"A"}}', '{"a":{"t":"A"},"a":{"t":"A"}}', '{"a":{"\\u0074":"A","t":"A"}}']) {
      const after = before.replace('"A"', '"C"');
      const plan = stringEdits(before, after);
      expect(plan && withEdits(JSON.parse(before), plan), before).toBeUndefined();
    }
    // Written once, the same edit is taken.
    const plan = stringEdits('{"a":{"t":"A","u":"A"}}', '{"a":{"t":"C","u":"A"}}');
    expect(plan && withEdits({ a: { t: 'A', u: 'A' } }, plan)).toEqual({ a: { t: 'C', u: 'A' } });
  });

  it('are left to the full parse past a thousand levels of nesting', () => {
    const deep = `${'['.repeat(2000)}"a"${']'.repeat(2000)}`;
    expect(stringEdits(deep, deep.replace('"a"', '"b"'))).toBeUndefined();
  });

  it('never name a prototype', () => {
    const before = '{"a":{"__proto__":{"x":"1"}}}';
    expect(stringEdits(before, before.replace('"1"', '"2"'))).toBeUndefined();
  });
});

describe('the last document with the edits', () => {
  it('has new objects on the edited paths only, and the last ones everywhere else', () => {
    const next = withEdits(doc, { edits: [{ path: ['paths', '/pets', 'get', 'summary'], before: 'List pets', after: 'List every pet' }], objects: [] });
    expect(next).toEqual(JSON.parse(edit((d) => (d.paths['/pets'].get.summary = 'List every pet'))));
    expect(next?.components).toBe(doc.components);
    expect(next?.info).toBe(doc.info);
    expect(next?.paths['/pets'].get.responses).toBe(doc.paths['/pets'].get.responses);
    expect(next?.paths['/pets'].get).not.toBe(doc.paths['/pets'].get);
    // The last document is left as it was.
    expect(doc.paths['/pets'].get.summary).toBe('List pets');
  });

  it('is not made when a path does not hold the string the text had there', () => {
    expect(withEdits(doc, { edits: [{ path: ['paths', '/pets', 'get', 'summary'], before: 'Other', after: 'List every pet' }], objects: [] })).toBeUndefined();
    expect(withEdits(doc, { edits: [{ path: ['paths', '/cats', 'get', 'summary'], before: 'List pets', after: 'x' }], objects: [] })).toBeUndefined();
  });
});

describe('the first difference of two texts', () => {
  it('is found across blocks, and is -1 for equal texts', () => {
    const long = 'a'.repeat(10_000);
    expect(firstDifference(long, 0, long, 0)).toBe(-1);
    expect(firstDifference(`${long}b`, 0, `${long}c`, 0)).toBe(10_000);
    expect(firstDifference(`x${long}`, 1, `yy${long}`, 2)).toBe(-1);
    expect(firstDifference(long, 0, `${long}!`, 0)).toBe(10_000);
  });
});
