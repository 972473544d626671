// Runtime expressions as callbacks use them, against one request and its answer.
import { describe, expect, it } from 'vitest';
import { evaluate, pointerValue, resolveTemplate, type ExpressionContext } from '../../../scripts/mock/runtime-expression.ts';
import { callbackAllowed, isLoopback } from '../../../scripts/mock/callbacks.ts';

const ctx: ExpressionContext = {
  url: 'http://127.0.0.1:4010/subscriptions?topic=pets',
  method: 'post',
  statusCode: 201,
  request: {
    headers: { 'x-hook': 'http://127.0.0.1:9000/h', 'content-type': 'application/json' },
    query: new URLSearchParams('topic=pets&n=2'),
    path: { id: '7' },
    body: { callbackUrl: 'http://127.0.0.1:9000/cb', 'a/b': { 'c~d': 5 }, list: ['x', 'y'], nested: { on: true } },
  },
  response: { headers: { location: '/subscriptions/12' }, body: { id: 12 } },
};

describe('runtime expressions', () => {
  it('read the request: body by JSON pointer, query, path, headers (any case)', () => {
    expect(evaluate('$request.body#/callbackUrl', ctx)).toBe('http://127.0.0.1:9000/cb');
    expect(evaluate('$request.body#/a~1b/c~0d', ctx)).toBe('5');
    expect(evaluate('$request.body#/list/1', ctx)).toBe('y');
    expect(evaluate('$request.body#/nested', ctx)).toBe('{"on":true}');
    expect(evaluate('$request.query.n', ctx)).toBe('2');
    expect(evaluate('$request.path.id', ctx)).toBe('7');
    expect(evaluate('$request.header.X-Hook', ctx)).toBe('http://127.0.0.1:9000/h');
  });
  it('read the answer and the exchange', () => {
    expect(evaluate('$response.body#/id', ctx)).toBe('12');
    expect(evaluate('$response.header.Location', ctx)).toBe('/subscriptions/12');
    expect(evaluate('$url', ctx)).toBe(ctx.url);
    expect(evaluate('$method', ctx)).toBe('POST');
    expect(evaluate('$statusCode', ctx)).toBe('201');
  });
  it('have no value for what is absent or malformed', () => {
    expect(evaluate('$request.body#/missing', ctx)).toBeUndefined();
    expect(evaluate('$request.body#/list/9', ctx)).toBeUndefined();
    expect(evaluate('$request.cookie.x', ctx)).toBeUndefined();
    expect(evaluate('$response.query.x', ctx)).toBeUndefined();
    expect(pointerValue({ a: 1 }, 'a')).toBeUndefined();
    expect(evaluate('$request.body#/toString', ctx)).toBeUndefined();
  });
  it('fill a key that is one expression or holds several', () => {
    expect(resolveTemplate('{$request.body#/callbackUrl}', ctx)).toEqual({ ok: true, value: 'http://127.0.0.1:9000/cb' });
    expect(resolveTemplate('http://127.0.0.1:9000/hooks/{$request.path.id}?s={$response.body#/id}', ctx)).toEqual({
      ok: true,
      value: 'http://127.0.0.1:9000/hooks/7?s=12',
    });
    expect(resolveTemplate('http://x/{$request.body#/nope}', ctx)).toEqual({ ok: false, missing: '$request.body#/nope' });
  });
});

describe('callback hosts', () => {
  it('loopback by address or name', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'api.localhost', '::ffff:127.0.0.1']) expect(isLoopback(host), host).toBe(true);
    for (const host of ['10.0.0.1', '192.168.1.1', 'example.com', '::2', '0.0.0.0', '128.0.0.1', 'localhost.example.com'])
      expect(isLoopback(host), host).toBe(false);
  });
  it('others only when named, or with *', () => {
    expect(callbackAllowed('hooks.example.com', [])).toBe(false);
    expect(callbackAllowed('Hooks.Example.com', ['hooks.example.com'])).toBe(true);
    expect(callbackAllowed('anything.example', ['*'])).toBe(true);
  });
});
