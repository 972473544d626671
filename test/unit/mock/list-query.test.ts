// A list request against the records: equality filters, then limit/offset,
// page/size or cursor paging, and the answer's wrapper fields filled.
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, listBody, queryList } from '../../../scripts/mock/stateful/list-query.ts';
import type { ListSpec } from '../../../scripts/mock/stateful/types.ts';

const records = [
  { id: 1, status: 'available', tags: ['a'] },
  { id: 2, status: 'sold', tags: ['b', 'c'] },
  { id: 3, status: 'available', tags: [] },
  { id: 4, status: 'pending', tags: ['c'] },
];
const q = (text: string) => new URLSearchParams(text);
const filters: ListSpec['filters'] = [
  { param: 'status', field: 'status', many: false, commaSeparated: false },
  { param: 'tags', field: 'tags', many: true, commaSeparated: true },
  { param: 'id', field: 'id', many: false, commaSeparated: false },
];

describe('filters', () => {
  const spec: ListSpec = { filters, paging: undefined, arrayPath: [], template: undefined };
  it('keep records whose field equals the value, numbers and text alike', () => {
    expect(queryList(records, spec, q('status=available')).items.map((r) => r.id)).toEqual([1, 3]);
    expect(queryList(records, spec, q('id=2')).items.map((r) => r.id)).toEqual([2]);
    expect(queryList(records, spec, q('status=available&id=3')).items.map((r) => r.id)).toEqual([3]);
  });
  it('match any of several values, and an array field holding the value', () => {
    expect(queryList(records, spec, q('tags=c')).items.map((r) => r.id)).toEqual([2, 4]);
    expect(queryList(records, spec, q('tags=a,b')).items.map((r) => r.id)).toEqual([1, 2]);
  });
  it('leave everything when absent', () => {
    expect(queryList(records, spec, undefined).total).toBe(4);
  });
});

describe('paging', () => {
  it('limit and offset, with the declared default and maximum', () => {
    const spec: ListSpec = {
      filters: [],
      paging: { mode: 'offset', offset: 'offset', limit: { name: 'limit', default: 2, max: 3 } },
      arrayPath: [],
      template: undefined,
    };
    expect(queryList(records, spec, undefined)).toMatchObject({ total: 4, offset: 0, limit: 2, nextOffset: 2 });
    expect(queryList(records, spec, q('limit=50&offset=2')).items.map((r) => r.id)).toEqual([3, 4]);
    expect(queryList(records, spec, q('limit=50&offset=2')).nextOffset).toBeUndefined();
  });
  it('page and size, from the base the page parameter declares', () => {
    const spec: ListSpec = {
      filters: [],
      paging: { mode: 'page', page: 'page', base: 1, size: { name: 'size', default: 3 } },
      arrayPath: [],
      template: undefined,
    };
    expect(queryList(records, spec, q('page=2')).items.map((r) => r.id)).toEqual([4]);
    const zero: ListSpec = { ...spec, paging: { mode: 'page', page: 'page', base: 0, size: { name: 'size' } } };
    expect(queryList(records, zero, q('page=1&size=1')).items.map((r) => r.id)).toEqual([2]);
  });
  it('a cursor this mock made, and the start for any other', () => {
    const spec: ListSpec = {
      filters: [],
      paging: { mode: 'cursor', cursor: 'cursor', limit: { name: 'limit', default: 3 } },
      arrayPath: [],
      template: undefined,
    };
    const first = queryList(records, spec, undefined);
    expect(first.nextOffset).toBe(3);
    expect(queryList(records, spec, q(`cursor=${encodeCursor(3)}`)).items.map((r) => r.id)).toEqual([4]);
    expect(decodeCursor('not-ours')).toBe(0);
  });
});

describe('the answer', () => {
  it('is the page itself when the list declares an array', () => {
    const spec: ListSpec = { filters: [], paging: undefined, arrayPath: [], template: undefined };
    expect(listBody(spec, queryList(records, spec, undefined), '/pets', undefined)).toEqual(records);
  });
  it('fills a wrapper’s paging fields, nested ones too, and links the next page', () => {
    const spec: ListSpec = {
      filters: [],
      paging: { mode: 'offset', offset: 'offset', limit: { name: 'limit', default: 2 } },
      arrayPath: ['data'],
      template: { data: [{ id: 99 }], meta: { total: 100, limit: 10, offset: 0, next: '/x?offset=10' }, hasMore: false },
    };
    const body = listBody(spec, queryList(records, spec, q('status=x&offset=1')), '/planets', q('status=x&offset=1'));
    expect(body).toEqual({
      data: [records[1], records[2]],
      meta: { total: 4, limit: 2, offset: 1, next: '/planets?status=x&offset=3&limit=2' },
      hasMore: true,
    });
  });
  it('gives a cursor for the next page, null on the last', () => {
    const spec: ListSpec = {
      filters: [],
      paging: { mode: 'cursor', cursor: 'cursor', limit: { name: 'limit', default: 3 } },
      arrayPath: ['items'],
      template: { items: [], nextCursor: null },
    };
    expect(listBody(spec, queryList(records, spec, undefined), '/c', undefined)).toEqual({ items: records.slice(0, 3), nextCursor: encodeCursor(3) });
    const last = q(`cursor=${encodeCursor(3)}`);
    expect(listBody(spec, queryList(records, spec, last), '/c', last)).toEqual({ items: [records[3]], nextCursor: null });
  });
});
