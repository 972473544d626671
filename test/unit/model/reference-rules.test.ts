// The rules the reference pages read about an API: enum value descriptions, which fields go
// which way, the variants of a oneOf, and examples written as XML.
import { describe, expect, it } from 'vitest';
import { exampleInDirection, inDirection } from '../../../scripts/model/contract/direction.ts';
import { enumValues } from '../../../scripts/model/contract/enum-values.ts';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { SchemaEntry } from '../../../scripts/model/contract/types.ts';
import { variantExample, variantsOf } from '../../../scripts/model/contract/variants.ts';
import { exampleToXml, isXmlMediaType } from '../../../scripts/model/contract/xml-example.ts';

/** Component schemas of an inline document, normalized by the model as a build does. */
function schemas(components: Record<string, unknown>): Map<string, SchemaEntry> {
  const model = normalizeDocument({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas: components } } as never);
  return new Map(model.schemas.map((s) => [s.name, s]));
}

describe('enum values', () => {
  it('reads x-enum-descriptions as an object keyed by value, and x-enumDescriptions as an array beside enum', () => {
    const lookup = schemas({
      Kind: { type: 'string', enum: ['a', 'b', null], 'x-enum-descriptions': { a: 'The first', b: 'The second' } },
      Level: { type: 'integer', enum: [1, 2], 'x-enumDescriptions': ['Low', ''] },
    });
    expect(enumValues(lookup.get('Kind')!.schema)).toEqual([
      { value: 'a', description: 'The first' },
      { value: 'b', description: 'The second' },
    ]);
    expect(enumValues(lookup.get('Level')!.schema)).toEqual([{ value: 1, description: 'Low' }, { value: 2 }]);
  });

  it('reads a oneOf of consts with their descriptions or titles', () => {
    const lookup = schemas({ Size: { oneOf: [{ const: 's', description: 'Small' }, { const: 'l', title: 'Large' }, { const: 'x' }] } });
    expect(enumValues(lookup.get('Size')!.schema)).toEqual([{ value: 's', description: 'Small' }, { value: 'l', description: 'Large' }, { value: 'x' }]);
    expect(enumValues({ type: ['string'] })).toBeUndefined();
  });
});

describe('direction', () => {
  const lookup = schemas({
    Pet: {
      type: 'object',
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string' },
        password: { type: 'string', writeOnly: true },
        owner: { $ref: '#/components/schemas/Owner' },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Owner' } },
      },
    },
    Owner: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, email: { type: 'string' } } },
    Stamp: { type: 'string', readOnly: true },
  });
  const pet = lookup.get('Pet')!.schema;

  it('leaves readOnly fields out of requests and writeOnly ones out of responses, through references', () => {
    const field = (name: string) => pet.properties!.find((p) => p.name === name)!.schema;
    expect(inDirection(field('id'), 'request', lookup)).toBe(false);
    expect(inDirection(field('id'), 'response', lookup)).toBe(true);
    expect(inDirection(field('password'), 'response', lookup)).toBe(false);
    expect(inDirection(field('password'), 'request', lookup)).toBe(true);
    expect(inDirection({ ref: 'Stamp' }, 'request', lookup)).toBe(false);
  });

  it('prunes examples at every level, and returns an unchanged example as the same object', () => {
    const example = { id: 1, name: 'Rex', password: 'p', owner: { id: 2, email: 'a@b.c' }, tags: [{ id: 3, email: 'x' }] };
    expect(exampleInDirection(example, { ref: 'Pet' }, 'request', lookup)).toEqual({
      name: 'Rex',
      password: 'p',
      owner: { email: 'a@b.c' },
      tags: [{ email: 'x' }],
    });
    expect(exampleInDirection(example, { ref: 'Pet' }, 'response', lookup)).toEqual({
      id: 1,
      name: 'Rex',
      owner: { id: 2, email: 'a@b.c' },
      tags: [{ id: 3, email: 'x' }],
    });
    const clean = { name: 'Rex' };
    expect(exampleInDirection(clean, { ref: 'Pet' }, 'request', lookup)).toBe(clean);
  });
});

describe('variants', () => {
  const lookup = schemas({
    Body: {
      oneOf: [{ $ref: '#/components/schemas/Planet' }, { $ref: '#/components/schemas/Satellite' }],
      discriminator: {
        propertyName: 'type',
        mapping: { rocky: '#/components/schemas/Planet', gas: '#/components/schemas/Planet', moon: '#/components/schemas/Satellite' },
      },
    },
    Planet: {
      type: 'object',
      properties: { id: { type: 'integer', readOnly: true }, type: { type: 'string' }, name: { type: 'string' } },
      example: { id: 1, type: 'rocky', name: 'Mars' },
    },
    Satellite: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, type: { type: 'string' }, diameter: { type: 'number' } } },
    Implicit: {
      oneOf: [{ $ref: '#/components/schemas/Planet' }, { type: 'string', title: 'A name' }, { type: 'integer' }],
      discriminator: { propertyName: 'type' },
    },
  });

  it("names each variant and lists the discriminator's mapping values that select it", () => {
    const variants = variantsOf(lookup.get('Body')!.schema)!;
    expect(variants.map((v) => [v.label, v.mappingValues])).toEqual([
      ['Planet', ['rocky', 'gas']],
      ['Satellite', ['moon']],
    ]);
    expect(variantsOf(lookup.get('Implicit')!.schema)!.map((v) => [v.label, v.mappingValues])).toEqual([
      ['Planet', ['Planet']],
      ['A name', []],
      ['Option 3', []],
    ]);
  });

  it('gives each variant an example of its own, without read-only fields in a request, tagged with its value', () => {
    const body = lookup.get('Body')!.schema;
    const [planet, satellite] = variantsOf(body) ?? [];
    if (!planet || !satellite) throw new Error('two variants expected');
    expect(variantExample(planet, body.discriminator, 'request', lookup)).toEqual({ type: 'rocky', name: 'Mars' });
    const moon = variantExample(satellite, body.discriminator, 'request', lookup) as Record<string, unknown>;
    expect(moon.type).toBe('moon');
    expect(moon).not.toHaveProperty('id');
    expect(moon).toHaveProperty('diameter');
  });
});

describe('XML examples', () => {
  const lookup = schemas({
    Planet: {
      type: 'object',
      xml: { name: 'planet', prefix: 'g', namespace: 'https://example.com/galaxy' },
      properties: {
        id: { type: 'integer', xml: { attribute: true } },
        name: { type: 'string' },
        moons: { type: 'array', xml: { wrapped: true }, items: { type: 'string', xml: { name: 'moon' } } },
        tags: { type: 'array', items: { type: 'string' } },
      },
    },
  });

  it('follows the xml object: root name, prefix and namespace, attributes, wrapped and unwrapped arrays, escaped text', () => {
    const xml = exampleToXml({ id: 4, name: 'Mars & <co>', moons: ['Phobos', 'Deimos'], tags: ['red', 'rocky'] }, { ref: 'Planet' }, lookup);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<g:planet xmlns:g="https://example.com/galaxy" id="4">',
        '  <name>Mars &amp; &lt;co&gt;</name>',
        '  <moons>',
        '    <moon>Phobos</moon>',
        '    <moon>Deimos</moon>',
        '  </moons>',
        '  <tags>red</tags>',
        '  <tags>rocky</tags>',
        '</g:planet>',
      ].join('\n'),
    );
  });

  it('tells XML media types apart', () => {
    expect(['application/xml', 'text/xml; charset=utf-8', 'application/atom+xml'].map(isXmlMediaType)).toEqual([true, true, true]);
    expect(['application/json', 'application/xml-patch+json', 'text/plain'].map(isXmlMediaType)).toEqual([false, false, false]);
  });
});
