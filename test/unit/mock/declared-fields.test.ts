// A record keeps the fields its schema declares, at every level, as a strict server would:
// references and allOf followed, every oneOf/anyOf branch's fields, additionalProperties
// honoured, a free-form object kept whole, a recursive schema read once.
import { describe, expect, it } from 'vitest';
import type { SchemaEntry, SchemaNode } from '../../../scripts/model/contract/types.ts';
import { DeclaredFields } from '../../../scripts/mock/stateful/declared-fields.ts';
import { createRecord } from '../../../scripts/mock/stateful/records.ts';
import type { Resource } from '../../../scripts/mock/stateful/types.ts';

const str: SchemaNode = { type: ['string'] };
const object = (fields: Record<string, SchemaNode>, more: SchemaNode = {}): SchemaNode => ({
  type: ['object'],
  properties: Object.entries(fields).map(([name, schema]) => ({ name, schema, required: false })),
  ...more,
});
const schemas: Record<string, SchemaNode> = {
  Category: object({ id: { type: ['integer'] }, name: str }),
  Named: object({ name: str }),
  Pet: { allOf: [{ ref: 'Named' }, object({ category: { ref: 'Category' }, tags: { type: ['array'], items: { ref: 'Category' } } })] },
  Tree: object({ label: str, children: { type: ['array'], items: { ref: 'Tree' } } }),
};
const lookup = new Map<string, SchemaEntry>(Object.entries(schemas).map(([name, schema]) => [name, { name, schema } as SchemaEntry]));
const keep = (value: Record<string, unknown>, schema: SchemaNode) => new DeclaredFields(lookup).keep(value, schema);

describe('the fields a record keeps', () => {
  it('only those declared, at every level, through references and allOf', () => {
    const sent = { name: 'Rex', huge: 'x'.repeat(1000), category: { id: 1, name: 'Dogs', extra: true }, tags: [{ id: 2, junk: 1 }] };
    expect(keep(sent, { ref: 'Pet' })).toEqual({ name: 'Rex', category: { id: 1, name: 'Dogs' }, tags: [{ id: 2 }] });
  });
  it('those of every oneOf or anyOf branch', () => {
    const either: SchemaNode = { oneOf: [object({ a: str }), object({ b: str })] };
    expect(keep({ a: '1', b: '2', c: '3' }, either)).toEqual({ a: '1', b: '2' });
  });
  it('any field where additionalProperties allows it, checked by its schema', () => {
    expect(keep({ name: 'x', other: 'y' }, object({ name: str }, { additionalProperties: true }))).toEqual({ name: 'x', other: 'y' });
    const map = object({}, { additionalProperties: { ref: 'Category' } });
    expect(keep({ a: { id: 1, drop: 1 } }, map)).toEqual({ a: { id: 1 } });
    expect(keep({ a: 1 }, object({}, { additionalProperties: false }))).toEqual({});
  });
  it('a free-form object whole', () => {
    expect(keep({ meta: { anything: [1, { deep: true }] } }, object({ meta: { type: ['object'] } }))).toEqual({ meta: { anything: [1, { deep: true }] } });
  });
  it('a recursive schema, to any depth a body has', () => {
    const deep = { label: 'a', x: 1, children: [{ label: 'b', y: 2, children: [{ label: 'c', z: 3 }] }] };
    expect(keep(deep, { ref: 'Tree' })).toEqual({ label: 'a', children: [{ label: 'b', children: [{ label: 'c' }] }] });
  });
  it('a field named __proto__ as data, where declared', () => {
    const schema: SchemaNode = { type: ['object'], properties: ['__proto__', 'name'].map((name) => ({ name, schema: str, required: false })) };
    const kept = keep(JSON.parse('{"__proto__": "x", "name": "n", "other": 1}'), schema);
    expect(Object.keys(kept)).toEqual(['__proto__', 'name']);
    expect(Object.hasOwn(kept, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
  });
});

describe('a created record', () => {
  it('drops what the schema does not declare, and keeps its id', () => {
    const resource = {
      name: 'Pet',
      record: object({ name: str }),
      id: { field: 'id', kind: 'integer' },
      readOnly: [],
      defaults: {},
      fieldOrder: ['id', 'name'],
      operations: [],
      itemPath: undefined,
      initial: [],
      fingerprint: 'x',
      declared: new DeclaredFields(lookup),
    } satisfies Resource;
    expect(createRecord(resource, { name: 'Rex', padding: 'x'.repeat(60_000) }, 7, { now: () => new Date(0), random: Math.random })).toEqual({
      id: 7,
      name: 'Rex',
    });
  });
});
