// The short words a reference page prints beside a field: its type label, its constraints, the
// values it quotes, and whether the field opens into a nested view. Schemas come from inline
// documents normalized by the model, as a build reads them.
import { describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { SchemaNode } from '../../../scripts/model/contract/types.ts';
import { constraintTexts, constVariants, fieldCount, hasStructure, simpleVariants, typeText, valueText } from '../../../scripts/reference/schema-text.ts';

/** Component schemas of an inline document of `version`, by name. */
function schemas(components: Record<string, unknown>, version = '3.1.0'): Record<string, SchemaNode> {
  const model = normalizeDocument({ openapi: version, info: { title: 't', version: '1' }, paths: {}, components: { schemas: components } } as never);
  return Object.fromEntries(model.schemas.map((s) => [s.name, s.schema]));
}

describe('typeText', () => {
  const s = schemas({
    Stamp: { type: 'string', format: 'date-time' },
    Ids: { type: 'array', items: { type: 'integer', format: 'int64' } },
    Bare: { type: 'array' },
    Pets: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
    Pet: { properties: { name: { type: 'string' } } },
    Map: { additionalProperties: { type: 'string' } },
    Either: { type: ['string', 'integer', 'null'] },
    IdOrName: { oneOf: [{ type: 'integer' }, { $ref: '#/components/schemas/Pet' }] },
    Shapes: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string' }] },
    Anything: { anyOf: [{ type: 'string', description: 'a name' }, { type: 'integer' }] },
    Merged: { allOf: [{ $ref: '#/components/schemas/Pet' }, { properties: { id: { type: 'integer' } } }] },
    Fixed: { const: 'on' },
    Choice: { enum: ['a', 'b'] },
    Open: {},
  });

  it('names the type and its format, an array by its items, a reference by its name', () => {
    expect(typeText(s.Stamp)).toBe('string (date-time)');
    expect(typeText(s.Ids)).toBe('array of integer (int64)');
    expect(typeText(s.Bare)).toBe('array');
    expect(typeText(s.Pets)).toBe('array of Pet');
    expect(typeText(undefined)).toBe('any');
    expect(typeText(s.Open)).toBe('any');
  });

  it('reads an object or an array from its keywords when no type is written', () => {
    expect(typeText(s.Pet)).toBe('object');
    expect(typeText(s.Map)).toBe('object');
    expect(typeText({ items: { type: ['boolean'] } })).toBe('array of boolean');
  });

  it('joins several types with a bar, null left to nullable', () => {
    expect(typeText(s.Either)).toBe('string | integer');
    expect(s.Either?.nullable).toBe(true);
  });

  it('writes plain alternatives inline, and names a composition otherwise', () => {
    expect(typeText(s.IdOrName)).toBe('integer or Pet');
    expect(typeText(s.Shapes)).toBe('one of');
    expect(typeText(s.Anything)).toBe('any of');
    expect(typeText(s.Merged)).toBe('all of');
    expect(typeText(s.Fixed)).toBe('constant');
    expect(typeText(s.Choice)).toBe('enum');
  });

  it('says recursive for an inline loop', () => {
    expect(typeText({ circular: true })).toBe('recursive');
  });
});

describe('constraintTexts', () => {
  it("prints 3.0's and 3.1's exclusive bounds alike", () => {
    const old = schemas({ N: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true } }, '3.0.3');
    const now = schemas({ N: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 } });
    expect(constraintTexts(old.N)).toEqual(['> 0', '< 10']);
    expect(constraintTexts(now.N)).toEqual(['> 0', '< 10']);
  });

  it('prints every bound in a short phrase, in a fixed order', () => {
    const s = schemas({
      Amount: { type: 'number', minimum: 1, maximum: 5, multipleOf: 0.5, readOnly: true },
      Code: { type: 'string', minLength: 3, maxLength: 3, pattern: '^[A-Z]+$', writeOnly: true },
      Name: { type: 'string', minLength: 1, maxLength: 40 },
      Short: { type: 'string', maxLength: 8 },
      Tags: { type: 'array', minItems: 1, uniqueItems: true },
      Bag: { type: 'object', minProperties: 1, maxProperties: 9 },
    });
    expect(constraintTexts(s.Amount)).toEqual(['>= 1', '<= 5', 'multiple of 0.5', 'read-only']);
    expect(constraintTexts(s.Code)).toEqual(['length 3', 'pattern ^[A-Z]+$', 'write-only']);
    expect(constraintTexts(s.Name)).toEqual(['length 1 to 40']);
    expect(constraintTexts(s.Short)).toEqual(['length <= 8']);
    expect(constraintTexts(s.Tags)).toEqual(['items >= 1', 'unique items']);
    expect(constraintTexts(s.Bag)).toEqual(['properties 1 to 9']);
  });

  it('has nothing to say about a reference or no schema: the referenced page says it', () => {
    expect(constraintTexts({ ref: 'Pet' })).toEqual([]);
    expect(constraintTexts(undefined)).toEqual([]);
  });
});

describe('valueText', () => {
  it('quotes strings and writes other values as JSON', () => {
    expect(valueText('a "b"')).toBe('"a \\"b\\""');
    expect(valueText(3)).toBe('3');
    expect(valueText(null)).toBe('null');
    expect(valueText({ a: [1] })).toBe('{"a":[1]}');
    expect(valueText(undefined)).toBe('undefined');
  });

  it('falls back to the value as text where JSON has no form for it', () => {
    expect(valueText(10n)).toBe('10');
  });
});

describe('nested views', () => {
  const s = schemas({
    Pet: { type: 'object', properties: { name: { type: 'string' }, tag: { type: 'string' } } },
    Pets: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } },
    Refs: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
    Names: { type: 'array', items: { type: 'string' } },
    Map: { type: 'object', additionalProperties: { type: 'object', properties: { n: { type: 'integer' } } } },
    Size: { oneOf: [{ const: 's' }, { const: 'l' }] },
    IdOrName: { anyOf: [{ type: 'integer' }, { type: 'string' }] },
    Shapes: { oneOf: [{ type: 'object', properties: { a: { type: 'string' } } }, { type: 'string' }] },
    Tagged: { oneOf: [{ type: 'integer' }, { type: 'string' }], discriminator: { propertyName: 'kind' } },
    NotNull: { not: { type: 'null' } },
  });

  it('opens fields, item fields, map values, variants and not; never a reference or a plain value', () => {
    expect(hasStructure(s.Pet)).toBe(true);
    expect(hasStructure(s.Pets)).toBe(true);
    expect(hasStructure(s.Map)).toBe(true);
    expect(hasStructure(s.Shapes)).toBe(true);
    expect(hasStructure(s.NotNull)).toBe(true);
    expect(hasStructure(s.Refs)).toBe(false);
    expect(hasStructure(s.Names)).toBe(false);
    expect(hasStructure(s.Size)).toBe(false);
    expect(hasStructure(s.IdOrName)).toBe(false);
    expect(hasStructure({ ref: 'Pet' })).toBe(false);
    expect(hasStructure(undefined)).toBe(false);
  });

  it('reads a oneOf of constants as an enumeration, and plain alternatives as a list of types', () => {
    expect(constVariants(s.Size!)).toBe(true);
    expect(constVariants(s.Shapes!)).toBe(false);
    expect(simpleVariants(s.IdOrName!)?.map((v) => typeText(v))).toEqual(['integer', 'string']);
    expect(simpleVariants(s.Shapes!)).toBeUndefined();
    expect(simpleVariants(s.Tagged!)).toBeUndefined();
  });

  it('counts the fields a collapsed view hides, its items included', () => {
    expect(fieldCount(s.Pet!)).toBe(2);
    expect(fieldCount(s.Pets!)).toBe(1);
    expect(fieldCount(s.Names!)).toBe(0);
  });
});
