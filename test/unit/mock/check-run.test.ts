// The mock's request checks follow each reference between schemas once per value:
// recursive oneOf/anyOf bodies, a wide body over many branches and a chain of schemas
// naming the next twice are checked in steps (references followed, counted by the run)
// linear in the body, with ajv's own verdict and first error; past the depth and work
// limits a check stops instead of going on.
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHECK_DEPTH, WORKER_LIMITS } from '../../../scripts/mock/check-limits.ts';
import { runCheck } from '../../../scripts/mock/check-run.ts';
import { SchemaCompiler, type Validator } from '../../../scripts/mock/schemas.ts';
import type { OpenApiDocument } from '../../../scripts/model/index.ts';
import { defined } from '../../helpers/defined.ts';
import { chainSchemas, componentsDocument, nestedBody, treeSchemas, wideBody, wideSchemas, type Combinator } from '../../helpers/recursive-schemas.ts';

const UNLIMITED = { steps: Number.MAX_SAFE_INTEGER, depth: MAX_CHECK_DEPTH };

function validator(version: '3.0.3' | '3.1.0', schemas: Record<string, unknown>, name: string): Validator {
  const compiler = new SchemaCompiler(componentsDocument(version, schemas) as OpenApiDocument);
  return defined(compiler.compile({ $ref: `#/components/schemas/${name}` }, false), `a validator for ${name}`);
}

/** ajv checking the same document with its own `$ref`: the verdicts to agree with. */
function reference(schemas: Record<string, unknown>, name: string) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false });
  ajv.addSchema(componentsDocument('3.0.3', schemas), 'doc.json');
  return defined(ajv.getSchema(`doc.json#/components/schemas/${name}`), 'the reference validator');
}

/** A chain of Tree nodes, the first level outermost: each with a `v` of any type or none. */
const trees = fc.array(fc.constantFrom<unknown>(1, 'a', true, null, undefined), { minLength: 1, maxLength: 9 }).map((values) =>
  values.reduceRight<unknown>((child, v) => {
    const node: Record<string, unknown> = {};
    if (v !== undefined) node.v = v;
    if (child !== undefined) node.child = child;
    return node;
  }, undefined),
);

describe.each<Combinator>(['oneOf', 'anyOf'])('a recursive %s', (combinator) => {
  it.each(['3.0.3', '3.1.0'] as const)('is checked in steps linear in the depth (OpenAPI %s)', (version) => {
    const check = validator(version, treeSchemas(combinator), 'Tree');
    for (const depth of [1, 2, 5, 10, 20, 40, 80, 160, MAX_CHECK_DEPTH - 2]) {
      const outcome = runCheck(check.validate, nestedBody(depth), UNLIMITED);
      expect(outcome, `depth ${depth}`).toMatchObject({ kind: 'checked' });
      expect(outcome.kind === 'checked' && outcome.error).toBe(undefined);
      // Each level's child once per branch: the second branch finds the first's answer.
      expect(outcome.steps, `depth ${depth}`).toBeLessThanOrEqual(2 * depth + 3);
    }
  });

  it("gives ajv's own verdict and first error", () => {
    const schemas = treeSchemas(combinator);
    const check = validator('3.0.3', schemas, 'Tree');
    const plain = reference(schemas, 'Tree');
    let invalid = 0;
    fc.assert(
      fc.property(trees, (body) => {
        const expected = plain(body);
        const outcome = runCheck(check.validate, body, UNLIMITED);
        if (outcome.kind !== 'checked') throw new Error(`stopped at ${outcome.limit}`);
        expect(outcome.error === undefined, JSON.stringify(body)).toBe(expected);
        if (expected) return;
        invalid++;
        const first = defined(plain.errors?.[0], 'ajv error');
        expect({ path: outcome.error?.instancePath, message: outcome.error?.message }, JSON.stringify(body)).toEqual({
          path: first.instancePath,
          message: first.message,
        });
      }),
      { numRuns: 400, seed: 25 },
    );
    // Both verdicts were met, many times.
    expect(invalid).toBeGreaterThan(30);
    expect(400 - invalid).toBeGreaterThan(30);
  });

  it('names the deepest field that fails, as ajv does', () => {
    const check = validator('3.0.3', treeSchemas(combinator), 'Tree');
    const outcome = runCheck(check.validate, nestedBody(40, true), UNLIMITED);
    expect(outcome.kind === 'checked' && outcome.error?.instancePath).toBe(`${'/child'.repeat(40)}/v`);
  });

  it('stops past the depth limit', () => {
    const check = validator('3.0.3', treeSchemas(combinator), 'Tree');
    const outcome = runCheck(check.validate, nestedBody(MAX_CHECK_DEPTH + 10), UNLIMITED);
    expect(outcome).toMatchObject({ kind: 'limit', limit: 'depth' });
    expect(outcome.steps).toBeLessThanOrEqual(2 * MAX_CHECK_DEPTH + 3);
  });
});

describe('work counted per request', () => {
  it('follows each branch of a wide anyOf once per node, and stops at the work limit', () => {
    const check = validator('3.1.0', wideSchemas(16), 'Wide');
    const body = wideBody(16, 60_000);
    const nodes = JSON.stringify(body).match(/"v"/g)?.length ?? 0;
    const outcome = runCheck(check.validate, body, UNLIMITED);
    expect(outcome).toMatchObject({ kind: 'checked' });
    expect(outcome.kind === 'checked' && outcome.error).toBe(undefined);
    // Each node's children are followed by each of the 16 branches, and the node tried against each branch once.
    expect(outcome.steps).toBeLessThanOrEqual(2 * 16 * nodes + 2);
    const wider = validator('3.1.0', wideSchemas(64), 'Wide');
    const stopped = runCheck(wider.validate, wideBody(64, 60_000), WORKER_LIMITS);
    expect(stopped).toEqual({ kind: 'limit', limit: 'steps', steps: WORKER_LIMITS.steps + 1 });
  });

  it('checks one value against a chain of schemas each naming the next twice in steps linear in its length', () => {
    const check = validator('3.0.3', chainSchemas(40), 'Chain0');
    const outcome = runCheck(check.validate, 'not empty', UNLIMITED);
    expect(outcome.kind === 'checked' && outcome.error?.message).toBe('must NOT have more than 0 characters');
    expect(outcome.steps).toBeLessThanOrEqual(2 * 40 + 1);
    // Each schema of the chain once (the first is the validator itself).
    expect(runCheck(check.validate, '', UNLIMITED)).toEqual({ kind: 'checked', steps: 40 });
  });
});

describe('references an unevaluated* keyword reads through', () => {
  it('still count what the referenced schema evaluated, and a recursive field below is still followed once', () => {
    const schemas = {
      Base: { type: 'object', properties: { name: { type: 'string' }, next: { $ref: '#/components/schemas/Pet' } } },
      Pet: { allOf: [{ $ref: '#/components/schemas/Base' }], properties: { extra: { type: 'integer' } }, unevaluatedProperties: false },
      Pair: { $ref: '#/components/schemas/First', unevaluatedItems: false },
      First: { type: 'array', prefixItems: [{ type: 'string' }] },
    };
    const pet = validator('3.1.0', schemas, 'Pet');
    const chain = (depth: number, last: Record<string, unknown>) => {
      let body: Record<string, unknown> = last;
      for (let i = 0; i < depth; i++) body = { name: 'p', extra: i, next: body };
      return body;
    };
    expect(runCheck(pet.validate, chain(3, { name: 'last' }), UNLIMITED)).toEqual({ kind: 'checked', steps: expect.any(Number) });
    const unknown = runCheck(pet.validate, chain(3, { name: 'last', other: 1 }), UNLIMITED);
    expect(unknown.kind === 'checked' && unknown.error).toMatchObject({
      instancePath: '/next/next/next',
      keyword: 'unevaluatedProperties',
      params: { unevaluatedProperty: 'other' },
    });
    const deep = runCheck(pet.validate, chain(200, { name: 'last' }), UNLIMITED);
    expect(deep).toEqual({ kind: 'checked', steps: expect.any(Number) });
    expect(deep.steps).toBeLessThanOrEqual(2 * 200 + 3);
    const pair = validator('3.1.0', schemas, 'Pair');
    expect(runCheck(pair.validate, ['a'], UNLIMITED)).toEqual({ kind: 'checked', steps: expect.any(Number) });
    const extra = runCheck(pair.validate, ['a', 'b'], UNLIMITED);
    expect(extra.kind === 'checked' && extra.error?.keyword).toBe('unevaluatedItems');
  });
});
