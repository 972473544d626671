// The search tool's ranking: the portal's weights, prefix matches on words, exact path or operationId first.
import { describe, expect, it } from 'vitest';
import { OperationSearch, words } from '../../../scripts/mcp/search.ts';
import type { Operation } from '../../../scripts/model/types.ts';

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
const search = (query: string) => new OperationSearch(ops, new Map()).search(query, 10).map((h) => h.op.operationId);

describe('search', () => {
  it('splits words at punctuation and camelCase, keeping compounds whole', () => {
    expect(words('/store/orders/{orderId}')).toEqual(['store', 'orders', 'orderid', 'order', 'id']);
  });

  it('ranks the operation whose path is the query first, then by the fields a word is found in', () => {
    expect(search('/store/orders')).toEqual(['listOrders', 'createOrder', 'getOrder']);
    expect(search('getorder')[0]).toBe('getOrder');
    expect(search('place')).toEqual(['createOrder']);
  });

  it('finds parameter names, weighing least, and words by their start', () => {
    expect(search('category')).toEqual(['listPets']);
    expect(search('ord')).toHaveLength(3);
    expect(search('?!')).toEqual([]);
  });
});
