// A save's document keeps the last one's objects wherever it equals it (scripts/dev/save-reuse.ts),
// so what did not change is known by its identity.
import { describe, expect, it } from 'vitest';
import type { CappedExample } from '../../../scripts/model/normalize/examples.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { EXAMPLE_LIMITS } from '../../../scripts/model/limits.ts';
import { reconcile, referencesIn, SaveReuse } from '../../../scripts/dev/save-reuse.ts';

const last = () => ({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: { '/pets': { get: { summary: 'List', tags: ['pets'] }, post: { summary: 'Add' } } },
  components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
});

describe('reconcile', () => {
  it('keeps the last objects where the values are equal, and new ones from the change up to the root', () => {
    const before = last();
    const next = last();
    next.paths['/pets'].get.summary = 'List them';
    const out = reconcile(before, next) as ReturnType<typeof last>;
    expect(out).toEqual(next);
    expect(out).not.toBe(before);
    expect(out.components).toBe(before.components);
    expect(out.info).toBe(before.info);
    expect(out.paths['/pets'].post).toBe(before.paths['/pets'].post);
    expect(out.paths['/pets'].get.tags).toBe(before.paths['/pets'].get.tags);
    expect(out.paths['/pets'].get).not.toBe(before.paths['/pets'].get);
    expect(out.paths).not.toBe(before.paths);
  });

  it('gives the last document itself for an equal one', () => {
    const before = last();
    expect(reconcile(before, last())).toBe(before);
  });

  it('tells keys in another order, an added or removed key, a longer array and a different type apart', () => {
    const before = { a: { x: 1, y: 2 }, b: { x: 1 }, c: [1, 2], d: { x: 1 }, e: [1] };
    const next = { a: { y: 2, x: 1 }, b: { x: 1, z: 3 }, c: [1, 2, 3], d: [1], e: { 0: 1 } };
    const out = reconcile(before, structuredClone(next)) as Record<string, unknown>;
    expect(out).toEqual(next);
    for (const key of ['a', 'b', 'c', 'd', 'e']) expect(out[key]).not.toBe(before[key as keyof typeof before]);
    expect(Object.keys(out.a as object)).toEqual(['y', 'x']);
  });

  it('takes a Date as it comes, equal or not, and a NaN as a change', () => {
    const before = { at: new Date('2026-01-01'), n: Number.NaN, same: { v: 1 } };
    const next = { at: new Date('2026-02-01'), n: Number.NaN, same: { v: 1 } };
    const out = reconcile(before, next) as typeof next;
    expect(out.at).toBe(next.at);
    expect(out.same).toBe(before.same);
    expect(out).not.toBe(before);
  });
});

describe('reconcile, with nodes shared by several places (YAML aliases)', () => {
  it('keeps a node the new document shares one node, and changes nothing of the last document', () => {
    const a = { type: 'object', properties: { list: { type: 'array' } } };
    const before = { A: structuredClone(a), B: structuredClone(a) };
    const frozen = JSON.stringify(before);
    const beforeList = before.B.properties.list;
    const shared = structuredClone(a);
    const out = reconcile(before, { A: shared, B: shared }) as typeof before;
    expect(out.A).toBe(out.B);
    expect(JSON.stringify(before)).toBe(frozen);
    expect(before.B.properties.list).toBe(beforeList);
    expect(before.A.properties.list).not.toBe(before.B.properties.list);
  });

  it('gives a node the last document shared to one place only, once the new document writes it out twice', () => {
    const shared = { type: 'object', properties: { list: { type: 'array' } } };
    const before = { A: shared, B: shared };
    const out = reconcile(before, JSON.parse(JSON.stringify(before))) as typeof before;
    expect(out.A).not.toBe(out.B);
    expect(out.A.properties.list).not.toBe(out.B.properties.list);
    expect(out).toEqual(before);
  });
});

describe('referencesIn', () => {
  it('lists the internal references under a node once each, discriminator mappings included, and no external one', () => {
    const node = {
      a: { $ref: '#/components/schemas/A' },
      list: [{ $ref: '#/paths/~1x/get' }, { $ref: '#/components/schemas/A' }, { $ref: 'other.yaml#/B' }],
      discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: 'Dog' } },
    };
    expect(referencesIn(node).sort()).toEqual(['#/components/schemas/A', '#/components/schemas/Cat', '#/components/schemas/Dog', '#/paths/~1x/get']);
  });

  it('reads a reference as openapi-sampler does too: decoded as a whole, and any value as text', () => {
    expect(referencesIn({ $ref: '#/components/schemas/Pet%2Fproperties%2Fname' }).sort()).toEqual([
      '#/components/schemas/Pet%2Fproperties%2Fname',
      '#/components/schemas/Pet/properties/name',
    ]);
    expect(referencesIn({ $ref: ['#/components/schemas/B'] })).toEqual(['#/components/schemas/B']);
    expect(referencesIn({ $ref: '#/bad%' })).toEqual(['#/bad%']);
  });

  it('lists nothing for a node without references', () => {
    expect(referencesIn({ type: 'string', enum: ['$ref'], examples: [{ $ref: 5 }] })).toEqual([]);
  });
});

describe('SaveReuse.adopt', () => {
  it('takes a document nested deeper than the stack as it is, equal to what was parsed', () => {
    const reuse = new SaveReuse();
    const deep = (): Record<string, unknown> => {
      let node: unknown[] = [];
      const root = node;
      for (let i = 0; i < 200_000; i++) {
        const child: unknown[] = [];
        node.push(child);
        node = child;
      }
      return { openapi: '3.0.3', info: { title: 'Deep', version: '1' }, paths: {}, 'x-deep': root };
    };
    reuse.adopt(deep());
    const next = deep();
    const out = reuse.adopt(next);
    expect(out).toBe(next);
    expect((out.info as { title: string }).title).toBe('Deep');
  });
});

describe('SaveReuse across normalizations', () => {
  const document = (example: string, summary: string): OpenApiDocument & { paths: Record<string, unknown> } =>
    ({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1' },
      paths: {
        '/pets': {
          get: {
            operationId: 'listPets',
            summary,
            responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
          },
        },
      },
      components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string', example } } } } },
    }) as unknown as OpenApiDocument & { paths: Record<string, unknown> };
  const json = (model: unknown) => JSON.stringify(model);

  it('takes an unchanged operation from the last model, and makes it again when what it refers to changed', () => {
    const reuse = new SaveReuse();
    const first = normalizeDocument(reuse.adopt(document('Rex', 'List')), undefined, [], reuse);
    const second = normalizeDocument(reuse.adopt(document('Rex', 'List')), undefined, [], reuse);
    expect(second.operations[0]).toBe(first.operations[0]);
    const third = normalizeDocument(reuse.adopt(document('Fido', 'List')), undefined, [], reuse);
    expect(json(third)).toBe(json(normalizeDocument(document('Fido', 'List'))));
    expect(json(third.operations[0]?.responses[0]?.content[0]?.examples)).toContain('Fido');
  });

  it('makes every part again when anything outside paths and components changed, the info and tags included', () => {
    const reuse = new SaveReuse();
    const first = normalizeDocument(reuse.adopt(document('Rex', 'List')), undefined, [], reuse);
    for (const change of [(d: Record<string, any>) => (d.info.title = 'Other pets'), (d: Record<string, any>) => (d.tags = [{ name: 'pets' }])]) {
      const next = document('Rex', 'List');
      change(next);
      const made = normalizeDocument(reuse.adopt(next), undefined, [], reuse);
      expect(made.operations[0]).not.toBe(first.operations[0]);
      expect(json(made)).toBe(json(normalizeDocument(structuredClone(next))));
    }
  });

  it('takes nothing from a model made before a document that was adopted and never normalized', () => {
    const reuse = new SaveReuse();
    normalizeDocument(reuse.adopt(document('Rex', 'List')), undefined, [], reuse);
    // This save's model failed: only its document was adopted.
    reuse.adopt(document('Fido', 'List'));
    // The operation is the same object all along; what it refers to changed in the save that failed.
    const withOther = () => {
      const d = document('Fido', 'List');
      d.paths['/other'] = { get: { responses: { '204': { description: 'None' } } } };
      return d;
    };
    const next = normalizeDocument(reuse.adopt(withOther()), undefined, [], reuse);
    expect(json(next)).toBe(json(normalizeDocument(withOther())));
    expect(json(next.operations[0]?.responses[0]?.content[0]?.examples)).toContain('Fido');
  });
});

describe('SaveReuse and the examples budget', () => {
  it('makes the model again from nothing when a changed operation spends what was left of the budget', () => {
    const budget = EXAMPLE_LIMITS.documentBytes;
    // Stands for the 64 MB a document's examples may take, to keep the documents small.
    (EXAMPLE_LIMITS as { documentBytes: number }).documentBytes = 200;
    try {
      const document = (length: number) =>
        ({
          openapi: '3.0.3',
          info: { title: 'Budget', version: '1' },
          paths: {
            '/a': { get: { responses: { '200': { description: 'A', content: { 'application/json': { schema: { type: 'string', minLength: length } } } } } } },
            '/b': {
              get: {
                responses: {
                  '200': { description: 'B', content: { 'application/json': { schema: { type: 'object', properties: { x: { type: 'integer' } } } } } },
                },
              },
            },
          },
        }) as unknown as OpenApiDocument;
      const reuse = new SaveReuse();
      const first = normalizeDocument(reuse.adopt(document(5)), undefined, [], reuse);
      expect(JSON.stringify(first.operations[1]?.responses[0]?.content[0]?.examples)).toContain('generated');
      const capped: CappedExample[] = [];
      const next = normalizeDocument(reuse.adopt(document(250)), undefined, capped, reuse);
      const freshCapped: CappedExample[] = [];
      const fresh = normalizeDocument(document(250), undefined, freshCapped);
      expect(JSON.stringify(next)).toBe(JSON.stringify(fresh));
      expect(next.operations[1]?.responses[0]?.content[0]?.examples).toEqual([]);
      expect(capped.map((c) => c.reason)).toEqual(freshCapped.map((c) => c.reason));
    } finally {
      (EXAMPLE_LIMITS as { documentBytes: number }).documentBytes = budget;
    }
  });
});
