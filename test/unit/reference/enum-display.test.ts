import { describe, expect, it } from 'vitest';
import type { ApiModel, Operation, SchemaNode } from '../../../scripts/model/contract/types.ts';
import { panelView } from '../../../site/src/components/try-it/panel-model.ts';
import { enumFile, isLarge, largeEnums, shownEnum, VALUES_LISTED } from '../../../scripts/reference/enum-display.ts';

const values = (n: number, text = (i: number) => `value${i}`) => Array.from({ length: n }, (_, i) => text(i));
const shownText = (node: SchemaNode) => shownEnum(node)!.shown.reduce((n, v) => n + v.text.length + (v.description?.length ?? 0), 0);

describe('shownEnum', () => {
  it('shows a small enumeration whole, with no file', () => {
    const shown = shownEnum({ type: ['string'], enum: values(VALUES_LISTED) })!;
    expect(shown.shown.map((v) => v.text)).toEqual(values(VALUES_LISTED).map((v) => JSON.stringify(v)));
    expect(shown.total).toBe(VALUES_LISTED);
    expect(shown.key).toBeUndefined();
  });

  it('shows the first values of a large one, whatever its size, and names its file', () => {
    for (const node of [
      { enum: values(20_000) },
      // Few values, each long.
      { enum: values(40, (i) => `${i}${'x'.repeat(10_000)}`) },
      // A oneOf of constants, each with a long meaning.
      { oneOf: values(60).map((v) => ({ const: v, description: 'd'.repeat(5_000) })) },
    ] as SchemaNode[]) {
      const shown = shownEnum(node)!;
      expect(shown.shown.length).toBeGreaterThan(0);
      expect(shown.shown.length).toBeLessThanOrEqual(VALUES_LISTED);
      expect(shownText(node)).toBeLessThan(1_500);
      expect(shown.key).toMatch(/^[0-9a-f]{20}$/);
    }
  });

  it('names one file for the same values, wherever they are', () => {
    const a = shownEnum({ enum: values(100) })!;
    const b = shownEnum({ type: ['string'], enum: values(100) })!;
    expect(a.key).toBe(b.key);
    expect(shownEnum({ enum: values(101) })!.key).not.toBe(a.key);
  });
});

describe('largeEnums', () => {
  const operation = (slug: string, schema: SchemaNode) => ({ slug, parameters: [{ name: 'kind', in: 'query', schema }] }) as unknown as Operation;

  it('writes each large list once, however many operations use it, as JSON of every value', () => {
    const big = values(20_000);
    const model = {
      operations: values(200).map((slug) => operation(slug, { type: ['string'], enum: [...big] })),
      schemas: [{ name: 'Small', schema: { enum: ['a', 'b'] } }],
      webhooks: [],
    } as unknown as ApiModel;
    const files = largeEnums(model);
    expect([...files.keys()]).toEqual([shownEnum({ enum: big })!.key]);
    expect(JSON.parse([...files.values()][0]!)).toEqual(big);
    // Output for the document: one file, not one per operation.
    expect([...files.values()].reduce((n, f) => n + f.length, 0)).toBeLessThan(enumFile(big.map((value) => ({ value }))).length + 1);
  });

  it('reads examples in the model as data: an object shaped like a schema there does no harm', () => {
    const model = {
      operations: [{ slug: 'x', examples: [{ oneOf: 'text', anyOf: [null, 1], enum: values(60) }] }],
      schemas: [],
      webhooks: [],
    } as unknown as ApiModel;
    expect(() => largeEnums(model)).not.toThrow();
  });

  it('walks a model nested 100,000 levels deep without running out of stack', () => {
    let node: SchemaNode = { enum: values(60) };
    for (let i = 0; i < 100_000; i++) node = { type: ['object'], properties: [{ name: 'a', schema: node }] } as SchemaNode;
    const files = largeEnums({ operations: [], webhooks: [], schemas: [{ name: 'Deep', schema: node }] } as unknown as ApiModel);
    expect(files.size).toBe(1);
  });
});

describe('the try-it panel', () => {
  const op = (schema: SchemaNode) =>
    ({
      kind: 'operation',
      method: 'get',
      path: '/things',
      slug: 'list-things',
      parameters: [{ name: 'kind', in: 'query', required: false, schema, style: 'form', explode: true, shape: 'scalar', deprecated: false }],
      responses: [],
      security: [],
      servers: [],
      callbacks: [],
    }) as unknown as Operation;
  const field = (schema: SchemaNode) => panelView(op(schema), [], []).params.query[0]!;

  it('offers a small enumeration as a select, and asks for a value of a large one in a text field', () => {
    expect(field({ type: ['string'], enum: values(VALUES_LISTED) })).toMatchObject({ control: 'select' });
    const large = field({ type: ['string'], enum: values(20_000) });
    expect(large).toMatchObject({ control: 'text', options: [] });
    expect(large.hint).toContain('one of 20000 values');
    expect(isLarge(values(20_000).map((value) => ({ value })))).toBe(true);
  });
});
