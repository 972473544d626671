// The schema keywords the model keeps, and one spelling for what 3.0 and 3.1 write differently.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';

function schemaOf(openapi: string, schema: Record<string, unknown>) {
  const doc = { openapi, info: { title: 'T', version: '1' }, paths: {}, components: { schemas: { S: schema } } };
  return normalizeDocument(doc as OpenApiDocument).schemas[0]!.schema;
}

describe('exclusive bounds', () => {
  it("3.0's boolean and 3.1's number are the same bound in the model", () => {
    const old = schemaOf('3.0.3', { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 10, exclusiveMaximum: true });
    const now = schemaOf('3.1.0', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 });
    expect(old).toEqual(now);
    expect(now).toMatchObject({ exclusiveMinimum: 0, exclusiveMaximum: 10 });
    expect(now.minimum).toBeUndefined();
  });

  it('a false exclusive flag leaves the inclusive bound', () => {
    expect(schemaOf('3.0.3', { type: 'integer', minimum: 1, exclusiveMinimum: false })).toEqual({ type: ['integer'], minimum: 1 });
  });
});

describe('JSON Schema 2020-12 keywords', () => {
  it('keeps tuples, containment, pattern properties, dependencies, unevaluated and conditional schemas', () => {
    const node = schemaOf(
      '3.1.0',
      parse(`
type: object
prefixItems: [{type: string}, {$ref: '#/components/schemas/S'}]
contains: {type: integer}
minContains: 1
maxContains: 3
patternProperties: {'^x-': {type: string}}
propertyNames: {maxLength: 10}
dependentRequired: {card: [billing]}
dependentSchemas: {card: {required: [cvc]}}
unevaluatedProperties: false
unevaluatedItems: {type: string}
if: {properties: {kind: {const: a}}}
then: {required: [a]}
else: {required: [b]}
multipleOf: 0.5
uniqueItems: true
`),
    );
    expect(node.prefixItems).toEqual([{ type: ['string'] }, { ref: 'S' }]);
    expect(node).toMatchObject({
      contains: { type: ['integer'] },
      minContains: 1,
      maxContains: 3,
      patternProperties: { '^x-': { type: ['string'] } },
      propertyNames: { maxLength: 10 },
      dependentRequired: { card: ['billing'] },
      dependentSchemas: { card: {} },
      unevaluatedProperties: false,
      unevaluatedItems: { type: ['string'] },
      if: { type: ['object'] },
      then: {},
      else: {},
      multipleOf: 0.5,
      uniqueItems: true,
    });
  });
});
