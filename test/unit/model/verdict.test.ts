// The verdict on a version (model/contract/verdict.ts) and the route problems the model build finds once
// (model/check/route-problems.ts), on inline documents.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Diagnostic } from '../../../scripts/diagnostics.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { routeProblems, templateKey } from '../../../scripts/model/check/route-problems.ts';
import { judgeVersion } from '../../../scripts/model/contract/verdict.ts';

const at = { file: '/d/openapi.yaml', line: 1, col: 1 };
const error: Diagnostic = { severity: 'error', rule: 'struct', message: 'broken', ...at };
const warning: Diagnostic = { severity: 'warning', rule: 'path-ambiguous', message: 'two templates', ...at };

describe('judgeVersion', () => {
  it('refuses a version that does not load, whatever else is asked', () => {
    expect(judgeVersion({ loaded: false, diagnostics: [error] })).toMatchObject({ ok: false, reason: 'does-not-load', errors: 1, warnings: 0 });
    expect(judgeVersion({ loaded: false, diagnostics: [] }, { strict: true })).toMatchObject({ ok: false, reason: 'does-not-load' });
  });

  it('takes a version that loads, problems and all, unless strict makes an error refuse it', () => {
    expect(judgeVersion({ loaded: true, diagnostics: [error, warning] })).toMatchObject({ ok: true, errors: 1, warnings: 1 });
    expect(judgeVersion({ loaded: true, diagnostics: [error, warning] }, { strict: true })).toMatchObject({ ok: false, reason: 'errors-under-strict' });
    expect(judgeVersion({ loaded: true, diagnostics: [warning] }, { strict: true })).toMatchObject({ ok: true, diagnostics: [warning] });
  });
});

function problems(yaml: string): string[] {
  const model = normalizeDocument(parse(yaml) as OpenApiDocument);
  return routeProblems(model.operations, () => at).map((d) => `${d.severity} ${d.rule}: ${d.message}`);
}

describe('routeProblems', () => {
  it('names templates by their shape alone', () => {
    expect(templateKey('/pets/{petId}/toys/{toyId}.json')).toBe('/pets/{}/toys/{}.json');
  });

  it('finds templates that differ only in parameter names, and a method one of them can never answer', () => {
    expect(
      problems(`openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /pets/{petId}:
    get: {responses: {'200': {description: ok}}}
  /pets/{id}:
    get: {responses: {'200': {description: ok}}}
    delete: {responses: {'204': {description: gone}}}
  /pets/{name}:
    put: {responses: {'204': {description: ok}}}
  /pets/mine:
    get: {responses: {'200': {description: ok}}}
`),
    ).toMatchInlineSnapshot(`
      [
        "warning path-ambiguous: The path templates /pets/{id} and /pets/{petId} differ only in their parameter names, which OpenAPI forbids: a URL cannot say which one it means.",
        "warning operation-unreachable: GET /pets/{id} is never reached: GET /pets/{petId} answers the same requests.",
        "warning path-ambiguous: The path templates /pets/{name} and /pets/{petId} differ only in their parameter names, which OpenAPI forbids: a URL cannot say which one it means.",
      ]
    `);
  });

  it('finds paths no request reaches', () => {
    expect(
      problems(`openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  pets:
    get: {responses: {'200': {description: ok}}}
  /pets?kind=cat:
    get: {responses: {'200': {description: ok}}}
`),
    ).toEqual([
      'warning path-unreachable: The path "pets" does not start with "/": no request reaches GET pets.',
      'warning path-unreachable: The path "/pets?kind=cat" holds "?" or "#", which end a request\'s path: no request reaches GET /pets?kind=cat.',
    ]);
  });

  it('says nothing of a document whose routes are all distinct', () => {
    expect(
      problems(`openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /pets/{petId}:
    get: {responses: {'200': {description: ok}}}
  /pets/{petId}/toys:
    get: {responses: {'200': {description: ok}}}
webhooks:
  newPet:
    post: {responses: {'200': {description: ok}}}
`),
    ).toEqual([]);
  });
});
