// The model's schemas as JSON Schema 2020-12 for what a client sends: every rule of the writer.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { SchemaWriter } from '../../../scripts/mcp/json-schema.ts';
import type { SchemaEntry, SchemaNode } from '../../../scripts/model/contract/types.ts';

const entry = (name: string, schema: SchemaNode): SchemaEntry => ({ name, slug: name, schema, page: '', usedBy: [], reach: { request: [], response: [] } });
const writerOf = (...entries: SchemaEntry[]) => new SchemaWriter(new Map(entries.map((e) => [e.name, e])));

describe('SchemaWriter', () => {
  it('writes nullable as a null type, exclusive bounds as the model spells them (2020-12’s), and quotes descriptions', () => {
    const out = writerOf().write({ type: ['integer'], nullable: true, exclusiveMinimum: 1, maximum: 9, description: 'Count <b>\nnext' }, new Set());
    expect(out).toEqual({ type: ['integer', 'null'], exclusiveMinimum: 1, maximum: 9, description: '<api-text>Count \\<b\\> next</api-text>' });
  });

  it('leaves out readOnly fields, keeps `__proto__` as a field, and leaves an object open to a field name too long to publish', () => {
    const node: SchemaNode = {
      type: ['object'],
      additionalProperties: false,
      properties: [
        { name: 'id', required: true, schema: { type: ['integer'], readOnly: true } },
        { name: '__proto__', required: true, schema: { type: ['string'] } },
        { name: 'n'.repeat(200), required: false, schema: { type: ['string'] } },
      ],
    };
    const out = writerOf().write(node, new Set());
    expect(Object.keys(out.properties as object)).toEqual(['__proto__']);
    expect(out.required).toEqual(['__proto__']);
    expect(out.additionalProperties).toBeUndefined();
    expect(new Ajv2020({ strict: true }).validate(out, JSON.parse('{"__proto__": "x"}'))).toBe(true);
  });

  it('publishes a pattern only when it runs in linear time', () => {
    expect(writerOf().write({ type: ['string'], pattern: '^[a-z]+$' }, new Set()).pattern).toBe('^[a-z]+$');
    expect(writerOf().write({ type: ['string'], pattern: '(a)\\1' }, new Set()).pattern).toBeUndefined();
  });

  it('keeps a component as a $ref to $defs under a safe key, with every component it reaches, recursion included', () => {
    const writer = writerOf(
      entry('Tree node', {
        type: ['object'],
        properties: [
          { name: 'children', required: false, schema: { type: ['array'], items: { ref: 'Tree node' } } },
          { name: 'leaf', required: false, schema: { ref: 'Leaf' } },
        ],
      }),
      entry('Leaf', { type: ['string'] }),
    );
    const refs = new Set<string>();
    const out = writer.write({ ref: 'Tree node' }, refs);
    expect(out).toEqual({ $ref: '#/$defs/Tree_node' });
    const schema = { ...out, $defs: writer.defs(refs) };
    expect(Object.keys(schema.$defs)).toEqual(['Tree_node', 'Leaf']);
    const validate = new Ajv2020({ strict: true }).compile(schema);
    expect(validate({ children: [{ leaf: 'a' }] })).toBe(true);
    expect(validate({ children: [{ leaf: 1 }] })).toBe(false);
  });

  it('stops writing past its work budget, looser than the description and never stricter', () => {
    let deep: SchemaNode = { type: ['string'] };
    for (let i = 0; i < 5000; i++) deep = { type: ['array'], items: deep };
    const text = JSON.stringify(writerOf().write(deep, new Set()));
    expect(text.length).toBeLessThan(60_000);
    expect(text).toContain('"items":{}');
  });
});
