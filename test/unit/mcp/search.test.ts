// The search tool's ranking: the operations the query names first (the portal's rules), then the portal's weights, prefix matches on words.
import { describe, expect, it } from 'vitest';
import { OperationSearch, words } from '../../../scripts/mcp/search.ts';
import type { Operation } from '../../../scripts/model/contract/types.ts';

const op = (method: Operation['method'], path: string, operationId: string, summary: string, parameters: string[] = []): Operation =>
  ({
    kind: 'operation',
    method,
    path,
    operationId,
    summary,
    slug: operationId,
    parameters: parameters.map((name) => ({ name })),
    responses: [],
  }) as unknown as Operation;

const ops = [
  op('get', '/store/orders/{orderId}', 'getOrder', 'Get an order'),
  op('post', '/store/orders', 'createOrder', 'Place an order'),
  op('get', '/store/orders', 'listOrders', 'List orders'),
  op('get', '/pets', 'listPets', 'List pets', ['categoryId']),
];
const search = async (query: string) => (await new OperationSearch(ops, new Map()).search(query, 10)).map((h) => h.op.operationId);

describe('search', () => {
  it('splits words at punctuation and camelCase, keeping compounds whole', () => {
    expect(words('/store/orders/{orderId}')).toEqual(['store', 'orders', 'orderid', 'order', 'id']);
  });

  it('ranks the operation whose path is the query first, then by the fields a word is found in', async () => {
    expect(await search('/store/orders')).toEqual(['listOrders', 'createOrder', 'getOrder']);
    expect((await search('getorder'))[0]).toBe('getOrder');
    expect(await search('place')).toEqual(['createOrder']);
  });

  it('ranks as the portal does: a summary, method and path, and operationId name their operation first', async () => {
    expect((await search('place an order'))[0]).toBe('createOrder');
    expect((await search('POST /store/orders'))[0]).toBe('createOrder');
    expect((await search('listOrders'))[0]).toBe('listOrders');
  });

  it('finds parameter names, weighing least, and words by their start', async () => {
    expect(await search('category')).toEqual(['listPets']);
    expect(await search('ord')).toHaveLength(3);
    expect(await search('?!')).toEqual([]);
  });
});
