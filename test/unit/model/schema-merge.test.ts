// allOf merged by its two policies: the wire's one node (references followed, every member merged),
// and the reference page's objects (only an allOf of objects becomes one, its components named).
import { describe, expect, it } from 'vitest';
import { isDescribedRef, mergeObjects, mergeSchema, resolveRef, type SchemaLookup } from '../../../scripts/model/contract/schema-merge.ts';
import type { SchemaNode } from '../../../scripts/model/contract/types.ts';

const lookup = (schemas: Record<string, SchemaNode>): SchemaLookup =>
  new Map(Object.entries(schemas).map(([name, schema]) => [name, { name, schema } as never]));

describe('mergeSchema', () => {
  const schemas = lookup({
    NewPet: {
      type: ['object'],
      properties: [
        { name: 'name', required: true, schema: { type: ['string'] } },
        { name: 'tag', required: false, schema: { type: ['string'] } },
      ],
    },
    Pet: {
      allOf: [{ ref: 'NewPet' }, { type: ['object'], properties: [{ name: 'id', required: true, schema: { type: ['integer'], readOnly: true } }] }],
    },
    Loop: { allOf: [{ ref: 'Loop' }, { description: 'itself' }] },
  });

  it('adds up the fields of every member, in order, with no ref or allOf left', () => {
    const merged = mergeSchema({ ref: 'Pet' }, schemas);
    expect(merged.ref).toBeUndefined();
    expect(merged.allOf).toBeUndefined();
    expect(merged.type).toEqual(['object']);
    expect(merged.properties?.map((p) => [p.name, p.required])).toEqual([
      ['name', true],
      ['tag', false],
      ['id', true],
    ]);
  });

  it('makes a field required when any member requires it', () => {
    const merged = mergeSchema({ allOf: [{ ref: 'NewPet' }, { properties: [{ name: 'tag', required: true, schema: {} }] }] }, schemas);
    expect(merged.properties?.find((p) => p.name === 'tag')?.required).toBe(true);
  });

  it('lets the first member that sets a keyword win, and holds a flag any member sets', () => {
    const merged = mergeSchema(
      {
        description: 'own',
        allOf: [
          { description: 'member', format: 'int64' },
          { format: 'int32', nullable: true },
        ],
      },
      schemas,
    );
    expect(merged.description).toBe('own');
    expect(merged.format).toBe('int64');
    expect(merged.nullable).toBe(true);
  });

  it('stops at a reference met a second time', () => {
    expect(mergeSchema({ ref: 'Loop' }, schemas)).toEqual({ description: 'itself' });
  });
});

describe('resolveRef', () => {
  it('follows a chain of references, and gives up on an unknown name or a loop', () => {
    const schemas = lookup({ A: { ref: 'B' }, B: { type: ['string'] }, X: { ref: 'Y' }, Y: { ref: 'X' } });
    expect(resolveRef({ ref: 'A' }, schemas)).toEqual({ type: ['string'] });
    expect(resolveRef({ ref: 'Missing' }, schemas)).toBeUndefined();
    expect(resolveRef({ ref: 'X' }, schemas)).toBeUndefined();
    expect(resolveRef({ type: ['integer'] }, schemas)).toEqual({ type: ['integer'] });
  });
});

describe('mergeObjects (the display policy)', () => {
  const schemas = lookup({
    NewPet: { type: ['object'], properties: [{ name: 'name', required: true, schema: { type: ['string'] } }] },
    Pet: { allOf: [{ ref: 'NewPet' }, { type: ['object'], properties: [{ name: 'id', required: true, schema: { type: ['integer'] } }] }] },
    Cat: { allOf: [{ ref: 'Pet' }, { properties: [{ name: 'name', required: false, schema: { type: ['string'] } }] }] },
    Either: { oneOf: [{ type: ['string'] }, { type: ['integer'] }] },
    A: { allOf: [{ ref: 'B' }], description: 'a' },
    B: { allOf: [{ ref: 'A' }, { type: ['object'] }] },
  });

  it('reads an allOf of objects as one object, naming the components it combines and whether it adds fields of its own', () => {
    const pet = mergeObjects({ allOf: [{ ref: 'NewPet' }, { type: ['object'], properties: [{ name: 'id', required: true, schema: {} }] }] }, schemas);
    expect(pet?.node.type).toEqual(['object']);
    expect(pet?.node.allOf).toBeUndefined();
    expect(pet?.node.properties?.map((p) => [p.name, p.required])).toEqual([
      ['name', true],
      ['id', true],
    ]);
    expect(pet?.bases).toEqual(['NewPet']);
    expect(pet?.own).toBe(true);
  });

  it('follows inheritance through components (the one named is the base), a field named twice required if either part requires it', () => {
    const cat = mergeObjects({ allOf: [{ ref: 'Cat' }], type: ['object'] }, schemas);
    expect(cat?.bases).toEqual(['Cat']);
    expect(cat?.own).toBe(false);
    expect(cat?.node.properties?.map((p) => [p.name, p.required])).toEqual([
      ['name', true],
      ['id', true],
    ]);
  });

  it('leaves alternatives, other types and reference loops to be shown part by part', () => {
    expect(mergeObjects({ allOf: [{ ref: 'NewPet' }, { ref: 'Either' }] }, schemas)).toBeUndefined();
    expect(mergeObjects({ type: ['string'], allOf: [{ minLength: 1 }] }, schemas)).toBeUndefined();
    expect(mergeObjects({ allOf: [{ ref: 'B' }, { type: ['object'] }] }, schemas)).toBeUndefined();
  });

  it('reads a single described reference as that reference, not as an object', () => {
    const described = { allOf: [{ ref: 'NewPet' }], description: 'The pet to add' };
    expect(isDescribedRef(described)).toBe(true);
    expect(mergeObjects(described, schemas)).toBeUndefined();
    expect(isDescribedRef({ allOf: [{ ref: 'NewPet' }], properties: [] })).toBe(false);
  });
});
