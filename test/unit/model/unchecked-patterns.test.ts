// Which request patterns the mock leaves unchecked, decided in the model: those RE2 cannot run,
// where an operation's requests meet them, each named once by the first operation that reads it.
import { describe, expect, it } from 'vitest';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { uncheckedPatterns } from '../../../scripts/model/document/unchecked-patterns.ts';

const LOOKAHEAD = '^(?=.*\\d).{8,}$';

const document = {
  openapi: '3.0.3',
  info: { title: 'Patterns', version: '1' },
  paths: {
    '/users': {
      parameters: [{ name: 'tag', in: 'query', schema: { type: 'string', pattern: '^(\\w)\\1$' } }],
      post: {
        parameters: [{ name: 'id', in: 'query', schema: { type: 'string', pattern: '^[a-z]+$' } }],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'string', pattern: '(?<=a)b' } } } } },
      },
      put: {
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
        responses: { '204': { description: 'Done' } },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: {
          password: { type: 'string', pattern: LOOKAHEAD },
          note: { type: 'string', example: { pattern: '(?=x)' }, 'x-rule': { pattern: '(?=y)' } },
        },
        patternProperties: { '^(?<!x)y_': { type: 'string' } },
      },
    },
  },
} as unknown as OpenApiDocument;

describe('unchecked request patterns', () => {
  const model = normalizeDocument(document);
  const found = uncheckedPatterns(document, model.operations);

  it('finds the patterns RE2 cannot run in parameters and bodies, with the reason and where', () => {
    expect(found.map(({ operation, pointer, pattern, reason }) => [`${operation.method} ${operation.path}`, pointer, pattern, reason])).toEqual([
      ['put /users', '#/paths/~1users/parameters/0/schema/pattern', '^(\\w)\\1$', 'RE2 has no backreference'],
      ['put /users', '#/components/schemas/User/properties/password/pattern', LOOKAHEAD, 'RE2 has no lookahead'],
      ['put /users', '#/components/schemas/User/patternProperties/^(?<!x)y_', '^(?<!x)y_', 'RE2 has no lookbehind'],
    ]);
  });

  it('leaves out linear patterns, responses, examples and extensions; a shared schema or path-level parameter is named once', () => {
    const patterns = found.map((u) => u.pattern);
    expect(patterns).not.toContain('^[a-z]+$');
    expect(patterns).not.toContain('(?<=a)b');
    expect(patterns.some((p) => p === '(?=x)' || p === '(?=y)')).toBe(false);
    expect(found.filter((u) => u.pattern === LOOKAHEAD)).toHaveLength(1);
    expect(found.filter((u) => u.pattern === '^(\\w)\\1$')).toHaveLength(1);
  });
});
