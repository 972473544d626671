// The preview's pages' process reads each save's model from what changed since the last
// (scripts/model/model-json.ts writes it, model-delta.ts reads it): always the model JSON.parse
// would give, parts held named rather than written, and nothing taken on trust from a text whose
// marks it cannot follow.
import { describe, expect, it } from 'vitest';
import { createModelReader } from '../../../scripts/dev/model-delta.ts';
import { createModelWriter } from '../../../scripts/model/process/model-json.ts';
import type { ApiModel } from '../../../scripts/model/contract/types.ts';

const model = (operations: unknown[], schemas: unknown[], webhooks: unknown[] = []): ApiModel =>
  ({
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    operations,
    webhooks,
    schemas,
    tags: [],
    stats: { operations: operations.length },
  }) as unknown as ApiModel;

const parsed = (m: ApiModel): unknown => JSON.parse(JSON.stringify(m));
const marks = (json: string, mark: string) => json.split(mark).length - 1;

describe('a model read from what changed', () => {
  it('is the model, parts kept named by marks and shared with the last one read, parts changed written out', () => {
    const write = createModelWriter();
    const reader = createModelReader();
    const a = { slug: 'a', summary: 'A' };
    const node = { type: 'object', properties: { id: { type: 'integer' } } };
    const first = model([a, { slug: 'b', summary: 'One' }], [{ name: 'S', schema: node, usedBy: ['a'], example: { id: 1 } }], [{ slug: 'w' }]);
    const firstDelta = write.delta(first);
    expect(firstDelta.base).toBeUndefined();
    const one = reader.read(firstDelta);
    expect(one).toEqual(parsed(first));

    const second = model([{ slug: 'b', summary: 'Two' }, a], [{ name: 'S', schema: node, usedBy: ['a', 'b'], example: 'text' }], first.webhooks);
    const delta = write.delta(second);
    expect(delta.base).toBe(firstDelta.id);
    // a, the schema node and the webhook: three marks; the changed operation and the new example written out.
    expect(marks(delta.json, delta.mark)).toBe(3);
    expect(delta.json).toContain('"summary":"Two"');
    const two = reader.read(delta);
    expect(two).toEqual(parsed(second));
    expect(two?.operations[1]).toBe(one?.operations[0]);
    expect(two?.schemas[0]?.schema).toBe(one?.schemas[0]?.schema);
  });

  it('reads a value of the description shaped like a mark, or a mark of another writer, as the value it is', () => {
    const write = createModelWriter();
    const reader = createModelReader();
    const kept = { slug: 'kept' };
    const other = createModelWriter().delta(model([kept], [])).mark;
    reader.read(write.delta(model([kept], [])));
    const lookalikes = [{ [other]: 0 }, { 0: 0 }, { $ref: 0 }];
    const next = model(
      [kept],
      lookalikes.map((example, i) => ({ name: `S${i}`, schema: {}, example })),
    );
    expect(reader.read(write.delta(next))).toEqual(parsed(next));
  });

  it('reads nothing from a delta made from a model it does not hold, nor from marks past what it holds, and keeps what it held', () => {
    const write = createModelWriter();
    const reader = createModelReader();
    const kept = { slug: 'kept' };
    const first = model([kept], []);
    const one = reader.read(write.delta(first));
    // A save this reader never saw (its answer lost): the next delta is not for it.
    write.delta(model([kept, { slug: 'lost' }], []));
    const after = write.delta(model([kept], []));
    expect(reader.read(after)).toBeUndefined();
    // A delta on the model it holds (base 1), but with a mark past the parts it holds.
    const held = write.delta(first);
    expect(held.json).toContain(`{"${held.mark}":0}`);
    expect(reader.read({ ...held, base: 1, json: held.json.replace(`{"${held.mark}":0}`, `{"${held.mark}":7}`) })).toBeUndefined();
    // What it held is still what it reads deltas against.
    const again = reader.read({ ...held, base: 1 });
    expect(again).toEqual(parsed(first));
    expect(again?.operations[0]).toBe(one?.operations[0]);
  });

  it('writes a part kept in two places as two marks of it, and undefined parts as JSON.stringify does', () => {
    const write = createModelWriter();
    const reader = createModelReader();
    const shared = { type: 'string' };
    reader.read(write.delta(model([], [{ name: 'A', schema: shared }])));
    const next = model(
      [undefined],
      [
        { name: 'A', schema: shared },
        { name: 'B', schema: shared, example: undefined },
      ],
    );
    const delta = write.delta(next);
    expect(marks(delta.json, delta.mark)).toBe(2);
    expect(reader.read(delta)).toEqual(parsed(next));
  });
});
