// Two of the mock's request checks in time linear in the value: `uniqueItems` (each item written
// once in a canonical form, so objects with their keys in another order are the same item) and
// `pattern` on RE2, both answering as ajv's own keywords would.
import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../../../scripts/model/document/document.ts';
import { describeError, SchemaCompiler } from '../../../scripts/mock/schemas.ts';

const DOCUMENT = { openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} } as unknown as OpenApiDocument;

/** The mock's verdict on `value` for a request body of `schema`: undefined when it passes, else its first problem as the mock says it. */
function check(schema: unknown, value: unknown): string | undefined {
  const validator = new SchemaCompiler(DOCUMENT).compile(schema, false);
  if (!validator) throw new Error('not compiled');
  if (validator.validate(value)) return undefined;
  const [first] = validator.validate.errors ?? [];
  return first ? describeError(first, 'body') : 'no error';
}

describe('uniqueItems', () => {
  const tags = { type: 'array', uniqueItems: true };

  it('refuses the first repeated item, naming both places', () => {
    expect(check(tags, ['a', 'b', 'a'])).toBe('body must NOT have duplicate items (items ## 0 and 2 are identical)');
    expect(check(tags, ['a', 'b', 'c'])).toBeUndefined();
    expect(check(tags, [])).toBeUndefined();
  });

  it('takes objects with the same fields in another order for the same item, and 1 and "1" for two', () => {
    expect(
      check(tags, [
        { a: 1, b: [1, { c: null }] },
        { b: [1, { c: null }], a: 1 },
      ]),
    ).toBe('body must NOT have duplicate items (items ## 0 and 1 are identical)');
    expect(check(tags, [1, '1', [1], { 1: 1 }, null, true])).toBeUndefined();
  });

  it('names the place of a nested array', () => {
    expect(check({ type: 'object', properties: { tags: tags } }, { tags: [{ n: 1 }, { n: 1 }] })).toBe(
      'body.tags must NOT have duplicate items (items ## 0 and 1 are identical)',
    );
  });

  it('checks nothing when uniqueItems is false', () => {
    expect(check({ type: 'array', uniqueItems: false }, ['a', 'a'])).toBeUndefined();
  });

  it('checks ten thousand distinct objects in one pass', () => {
    const items = Array.from({ length: 10_000 }, (_, i) => ({ id: i, name: `pet ${i}` }));
    expect(check(tags, items)).toBeUndefined();
    expect(check(tags, [...items, { name: 'pet 7', id: 7 }])).toBe('body must NOT have duplicate items (items ## 7 and 10000 are identical)');
  });
});

describe('pattern', () => {
  it('decides a value as ECMAScript does, on RE2', () => {
    const code = { type: 'string', pattern: '^[A-Z]{3}-\\d+$' };
    expect(check(code, 'ABC-12')).toBeUndefined();
    expect(check(code, 'abc-12')).toBe('body must match pattern "^[A-Z]{3}-\\d+$"');
  });

  it('runs a pattern with nested quantifiers in linear time', () => {
    const nested = { type: 'string', pattern: '^(a+)+$' };
    expect(check(nested, `${'a'.repeat(50_000)}!`)).toBe('body must match pattern "^(a+)+$"');
    expect(check(nested, 'a'.repeat(50_000))).toBeUndefined();
  });

  it('leaves unchecked a pattern RE2 cannot express', () => {
    expect(check({ type: 'string', pattern: '^(a)\\1$' }, 'ab')).toBeUndefined();
  });

  it('tells two patterns apart in one compiler', () => {
    const compiler = new SchemaCompiler(DOCUMENT);
    const digits = compiler.compile({ type: 'string', pattern: '^\\d+$' }, false)!;
    const letters = compiler.compile({ type: 'string', pattern: '^[a-z]+$' }, false)!;
    expect([digits.validate('123'), digits.validate('abc'), letters.validate('abc'), letters.validate('123')]).toEqual([true, false, true, false]);
  });
});
