// What `--proxy` keeps while it relays: the real API's answers are checked with validators
// compiled once per schema of a version (ajv generates code for each compile and keeps it, so a
// compile per relayed answer cost time and memory with every request), and the summary names a
// bounded number of undocumented routes.
import { describe, expect, it } from 'vitest';
import { MAX_UNDOCUMENTED_ROUTES, ProxyStats } from '../../../scripts/mock/proxy-stats.ts';
import { answerValidator } from '../../../scripts/mock/proxy-check.ts';
import { SchemaCompiler } from '../../../scripts/mock/schemas.ts';
import type { OpenApiDocument } from '../../../scripts/model/index.ts';
import { defined } from '../../helpers/defined.ts';

const document = {
  openapi: '3.0.3',
  info: { title: 'Answers', version: '1' },
  paths: {},
  components: { schemas: { Pet: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } } } },
} as unknown as OpenApiDocument;

const list = { type: 'array', items: { $ref: '#/components/schemas/Pet' } };
const count = { type: 'integer', minimum: 0 };

describe('answerValidator', () => {
  it('compiles a body schema once per version, and checks with it', () => {
    const compiler = new SchemaCompiler(document, 'response');
    const first = defined(answerValidator(compiler, list), 'a validator for the list');
    expect(answerValidator(compiler, list)).toBe(first);
    expect(first.validate([{ id: 1 }])).toBe(true);
    expect(first.validate([{ id: 'one' }])).toBe(false);
    // Another version (another compiler) compiles its own.
    expect(answerValidator(new SchemaCompiler(document, 'response'), list)).not.toBe(first);
  });

  it("compiles a header's schema once per name, its text coerced", () => {
    const compiler = new SchemaCompiler(document, 'response');
    const total = defined(answerValidator(compiler, count, 'X-Total-Count'), 'a validator for X-Total-Count');
    expect(answerValidator(compiler, count, 'X-Total-Count')).toBe(total);
    expect(answerValidator(compiler, count, 'X-Remaining')).not.toBe(total);
    expect(answerValidator(compiler, count)).not.toBe(total);
    expect(total.validate({ 'X-Total-Count': '12' })).toBe(true);
    expect(total.validate({ 'X-Total-Count': 'many' })).toBe(false);
  });
});

describe('the proxy summary', () => {
  it('names at most MAX_UNDOCUMENTED_ROUTES undocumented routes, and counts the requests to the others', () => {
    const stats = new ProxyStats();
    for (let i = 0; i < MAX_UNDOCUMENTED_ROUTES + 50; i++) stats.add(undefined, [], `GET /internal/${i}`);
    stats.add(undefined, [], 'GET /internal/0');
    stats.add(undefined, [], 'GET /internal/9999');
    expect(stats.undocumented.size).toBe(MAX_UNDOCUMENTED_ROUTES);
    expect(stats.undocumented.get('GET /internal/0')).toBe(2);
    const summary = stats.summary();
    expect(summary).toContain(`Proxy: ${MAX_UNDOCUMENTED_ROUTES + 52} answers relayed, 0 differed from the description.`);
    expect(summary).toContain('  undocumented: GET /internal/0 (2 requests)');
    expect(summary).not.toContain('GET /internal/9999');
    expect(summary).toContain(`  undocumented: 51 more requests to routes past the first ${MAX_UNDOCUMENTED_ROUTES}`);
  });
});
