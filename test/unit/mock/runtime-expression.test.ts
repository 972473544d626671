// Runtime expressions as callbacks use them, against one request and its answer.
import { describe, expect, it } from 'vitest';
import { evaluate, pointerValue, resolveTemplate, type ExpressionContext } from '../../../scripts/mock/runtime-expression.ts';
import { callbackAllowed } from '../../../scripts/mock/callbacks.ts';
import { isLoopback } from '../../../scripts/mock/origins.ts';

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
  it('loopback by address or name, an IPv4-mapped loopback in either spelling included', () => {
    for (const host of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'api.localhost', '::ffff:127.0.0.1', '[::ffff:7f00:1]', '0:0:0:0:0:0:0:1'])
      expect(isLoopback(host), host).toBe(true);
    for (const host of ['10.0.0.1', '192.168.1.1', 'example.com', '::2', '0.0.0.0', '128.0.0.1', 'localhost.example.com', '::ffff:10.0.0.1'])
      expect(isLoopback(host), host).toBe(false);
  });
  const url = (text: string) => new URL(text);
  it("the request's own host on any port; a loopback client's own machine under any loopback name", () => {
    const fromLoopback = { own: '::ffff:127.0.0.1', allowed: [] };
    for (const target of ['http://127.0.0.1:6379/', 'http://localhost:9000/x', 'http://[::ffff:127.0.0.1]:9000/', 'http://[::1]/'])
      expect(callbackAllowed(url(target), fromLoopback), target).toBe(true);
    expect(callbackAllowed(url('http://10.0.0.5:8080/'), fromLoopback)).toBe(false);
    const remote = { own: '10.0.0.7', allowed: [] };
    expect(callbackAllowed(url('http://10.0.0.7:3000/hook'), remote)).toBe(true);
    expect(callbackAllowed(url('http://[::ffff:10.0.0.7]:3000/hook'), remote)).toBe(true);
    // A remote client cannot make the mock reach its own machine's services.
    expect(callbackAllowed(url('http://127.0.0.1:6379/'), remote)).toBe(false);
    expect(callbackAllowed(url('http://localhost:6379/'), remote)).toBe(false);
  });
  it('others only as named: a host on any port, a host and port on that port only, or *', () => {
    const none = { own: undefined, allowed: [] };
    expect(callbackAllowed(url('http://127.0.0.1:9000/'), none)).toBe(false);
    expect(callbackAllowed(url('http://Hooks.Example.com/'), { own: undefined, allowed: [{ host: 'hooks.example.com' }] })).toBe(true);
    const port = { own: undefined, allowed: [{ host: '127.0.0.1', port: 9000 }] };
    expect(callbackAllowed(url('http://127.0.0.1:9000/'), port)).toBe(true);
    expect(callbackAllowed(url('http://[::ffff:127.0.0.1]:9000/'), port)).toBe(true);
    expect(callbackAllowed(url('http://127.0.0.1:9001/'), port)).toBe(false);
    expect(callbackAllowed(url('http://127.0.0.1/'), port)).toBe(false);
    expect(callbackAllowed(url('https://hooks.example.com/'), { own: undefined, allowed: [{ host: 'hooks.example.com', port: 443 }] })).toBe(true);
    expect(callbackAllowed(url('http://anything.example/'), { own: undefined, allowed: [{ host: '*' }] })).toBe(true);
  });
});
