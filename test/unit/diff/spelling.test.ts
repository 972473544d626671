// A property of the comparison: a description compared with itself reports nothing, and neither
// does one compared with its 3.1 respelling (`nullable` as a `null` type, a boolean exclusive bound
// as the bound itself, `example` as `examples`): spelling is not a change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareModels } from '../../../scripts/diff/compare.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';

type Doc = Record<string, any>;

const scalar = fc.record(
  {
    type: fc.constantFrom('string', 'integer', 'number', 'boolean'),
    nullable: fc.boolean(),
    format: fc.constantFrom('int32', 'date', 'email', 'uuid'),
    enum: fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 3 }),
    default: fc.string({ maxLength: 4 }),
    minimum: fc.integer({ min: -5, max: 5 }),
    maximum: fc.integer({ min: 6, max: 20 }),
    exclusiveMinimum: fc.boolean(),
    exclusiveMaximum: fc.boolean(),
    multipleOf: fc.constantFrom(1, 2, 0.5),
    minLength: fc.nat(3),
    maxLength: fc.integer({ min: 4, max: 9 }),
    pattern: fc.constantFrom('^a', '[0-9]+'),
    example: fc.string({ maxLength: 4 }),
    deprecated: fc.boolean(),
    readOnly: fc.boolean(),
  },
  { requiredKeys: ['type'] },
);

/** A 3.0 schema: scalars, arrays and objects of them, alternatives, allOf of a component. */
const schema: fc.Arbitrary<Doc> = fc.letrec<{ node: Doc }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.record({ type: fc.constant('array'), items: tie('node'), minItems: fc.nat(2), uniqueItems: fc.boolean() }, { requiredKeys: ['type', 'items'] }),
    fc.dictionary(fc.constantFrom('id', 'name', 'tag', 'kind'), tie('node'), { minKeys: 1, maxKeys: 3 }).chain((properties) =>
      fc.record(
        {
          type: fc.constant('object'),
          properties: fc.constant(properties),
          required: fc.subarray(Object.keys(properties)),
          additionalProperties: fc.boolean(),
        },
        { requiredKeys: ['type', 'properties'] },
      ),
    ),
    fc.record({ oneOf: fc.array(tie('node'), { minLength: 1, maxLength: 2 }) }),
    fc.constant({ allOf: [{ $ref: '#/components/schemas/Shared' }] }),
  ),
})).node;

const document = fc.record({ body: schema, response: schema, parameter: scalar, shared: schema }).map(
  ({ body, response, parameter, shared }): Doc => ({
    openapi: '3.0.3',
    info: { title: 'Generated', version: '1.0.0' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          parameters: [{ name: 'q', in: 'query', schema: parameter }],
          requestBody: { content: { 'application/json': { schema: body } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: response } } } },
        },
      },
    },
    components: { schemas: { Shared: shared } },
  }),
);

/** The same schema as OpenAPI 3.1 writes it. */
function respell(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(respell);
  if (!node || typeof node !== 'object') return node;
  const out: Doc = {};
  for (const [key, value] of Object.entries(node as Doc)) out[key] = respell(value);
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  delete out.nullable;
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[exclusive] === true && typeof out[inclusive] === 'number') {
      out[exclusive] = out[inclusive];
      delete out[inclusive];
    } else if (typeof out[exclusive] === 'boolean') delete out[exclusive];
  }
  if ('example' in out && !('type' in out && out.type === 'object' && 'properties' in out && out.example === undefined)) {
    out.examples = [out.example];
    delete out.example;
  }
  return out;
}

const model = (doc: Doc) => normalizeDocument(doc as OpenApiDocument);

// 150 generated descriptions each, built and compared: a loaded machine takes seconds, so the bound is generous.
describe('spelling is not a change', () => {
  it('a description compared with itself reports nothing', () => {
    fc.assert(
      fc.property(document, (doc) => {
        expect(compareModels(model(doc), model(structuredClone(doc)), { checkVersion: true }).changes).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 300_000);

  it('a 3.0 description compared with its 3.1 respelling reports nothing, either way', () => {
    fc.assert(
      fc.property(document, (doc) => {
        const next: Doc = { ...(respell(doc) as Doc), openapi: '3.1.0' };
        expect(compareModels(model(doc), model(next), { checkVersion: true }).changes).toEqual([]);
        expect(compareModels(model(next), model(doc), { checkVersion: true }).changes).toEqual([]);
      }),
      { numRuns: 150 },
    );
  }, 300_000);

  it('the respelling of an exclusive bound, in particular', () => {
    const doc = fc.sample(document, { numRuns: 1, seed: 1 })[0]!;
    doc.paths['/things'].post.parameters[0].schema = { type: 'number', minimum: 0, exclusiveMinimum: true };
    const next: Doc = { ...(respell(doc) as Doc), openapi: '3.1.0' };
    expect(next.paths['/things'].post.parameters[0].schema).toEqual({ type: 'number', exclusiveMinimum: 0 });
    expect(compareModels(model(doc), model(next)).changes).toEqual([]);
  });
});
