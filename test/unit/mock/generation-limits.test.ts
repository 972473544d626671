// The sizes a schema asks the engine for are clamped before it generates:
// bounds above the caps come down, everything else (examples, enums, fields
// that merely have those names) stays as written.
import { describe, expect, it } from 'vitest';
import { clampSizes, MAX_GENERATED_ITEMS, MAX_GENERATED_LENGTH, MAX_GENERATED_PROPERTIES } from '../../../scripts/mock/generation-limits.ts';

describe('clampSizes', () => {
  it('lowers array, string and object bounds past their caps, at any depth', () => {
    const slice = {
      paths: {
        '/x': {
          get: {
            responses: {
              '200': {
                content: {
                  'application/json': {
                    schema: {
                      type: 'array',
                      minItems: 1e8,
                      maxItems: 1e9,
                      items: { type: 'object', minProperties: 1e6, additionalProperties: { type: 'string', minLength: 1e8 } },
                    },
                  },
                },
              },
            },
          },
        },
      },
      components: { schemas: { example: { type: 'string', maxLength: 5000 }, Small: { type: 'string', minLength: 3, maxLength: 10 } } },
    };
    clampSizes(slice);
    const schema = slice.paths['/x'].get.responses['200'].content['application/json'].schema;
    expect([schema.minItems, schema.maxItems]).toEqual([MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS]);
    expect(schema.items.minProperties).toBe(MAX_GENERATED_PROPERTIES);
    expect(schema.items.additionalProperties.minLength).toBe(MAX_GENERATED_LENGTH);
    // A component named like a data keyword is still a schema; bounds within the caps are kept.
    expect(slice.components.schemas.example.maxLength).toBe(MAX_GENERATED_LENGTH);
    expect(slice.components.schemas.Small).toEqual({ type: 'string', minLength: 3, maxLength: 10 });
  });

  it('leaves examples, defaults and enums as written', () => {
    const slice = {
      schema: {
        type: 'object',
        properties: { default: { type: 'array', minItems: 500 } },
        example: { minItems: 500 },
        default: { maxLength: 5000 },
        enum: [{ maxItems: 900 }],
      },
    };
    clampSizes(slice);
    expect(slice.schema.properties.default.minItems).toBe(MAX_GENERATED_ITEMS);
    expect(slice.schema.example).toEqual({ minItems: 500 });
    expect(slice.schema.default).toEqual({ maxLength: 5000 });
    expect(slice.schema.enum).toEqual([{ maxItems: 900 }]);
  });

  it('walks a slice nested far deeper than the call stack would allow', () => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < 100_000; i++) node = (node.items = { type: 'array' }) as Record<string, unknown>;
    node.minItems = 1e9;
    clampSizes(root);
    expect(node.minItems).toBe(MAX_GENERATED_ITEMS);
  });
});
