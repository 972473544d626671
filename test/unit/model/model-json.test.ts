// The model's text, written from the parts a save kept from the last model (scripts/model/process/model-json.ts),
// is JSON.stringify's to the byte, whatever the values, and a part changed since is written anew.
import { describe, expect, it } from 'vitest';
import { createModelWriter } from '../../../scripts/model/process/model-json.ts';
import type { ApiModel } from '../../../scripts/model/contract/types.ts';

const model = (operations: unknown[], schemas: unknown[]): ApiModel =>
  ({
    openapi: '3.0.3',
    info: { title: 'T', version: '1', summary: undefined },
    operations,
    webhooks: [],
    schemas,
    tags: [],
    stats: { operations: 1 },
  }) as unknown as ApiModel;

describe('the model written by parts', () => {
  it('is what JSON.stringify writes, with undefined members, undefined and function items, Dates, NaN and escapes', () => {
    const write = createModelWriter();
    const op = { slug: 'a', summary: 'Say "hi"\n\u2028', deprecated: undefined, at: new Date('2026-01-01'), n: Number.NaN, list: [undefined, () => 1, -0] };
    const schemas = [
      { name: 'A', schema: { type: ['object'] }, usedBy: ['a'], example: { a: 1 } },
      { name: 'B', schema: {}, usedBy: [], example: 'text' },
      undefined,
    ];
    const m = model([op, undefined], schemas);
    expect(write(m)).toBe(JSON.stringify(m));
  });

  it('writes a part kept from the last model as it was, and a new part as it is', () => {
    const write = createModelWriter();
    const kept = { slug: 'kept', summary: 'Kept' };
    const node = { type: ['string'] };
    const first = model([kept, { slug: 'b', summary: 'One' }], [{ name: 'S', schema: node, usedBy: ['kept'] }]);
    expect(write(first)).toBe(JSON.stringify(first));
    const second = model([kept, { slug: 'b', summary: 'Two' }], [{ name: 'S', schema: node, usedBy: ['kept', 'b'] }]);
    const text = write(second);
    expect(text).toBe(JSON.stringify(second));
    expect(text).toContain('"summary":"Two"');
  });
});
