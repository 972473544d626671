// A tool call's arguments as the request they stand for, and the credentials it carries.
import { describe, expect, it } from 'vitest';
import { planArguments } from '../../../scripts/mcp/arguments.ts';
import { credentialsFor, readSecrets, schemeVariable } from '../../../scripts/mcp/auth.ts';
import { buildHttpRequest } from '../../../scripts/mcp/request.ts';
import type { ToolPlan } from '../../../scripts/mcp/tools.ts';
import { credentialOf } from '../../../scripts/model/contract/credential.ts';
import type { Operation, Parameter, SecurityScheme } from '../../../scripts/model/contract/types.ts';

const param = (name: string, where: Parameter['in'], shape: Parameter['shape'] = 'scalar', extra: Partial<Parameter> = {}): Parameter => ({
  name,
  in: where,
  required: false,
  deprecated: false,
  style: where === 'query' || where === 'cookie' ? 'form' : 'simple',
  explode: where === 'query' || where === 'cookie',
  shape,
  examples: [],
  pointer: '',
  ...extra,
});

function operation(parameters: Parameter[], extra: Partial<Operation> = {}): Operation {
  return {
    kind: 'operation',
    method: 'post',
    path: '/items/{id}',
    slug: 'x',
    page: '',
    tag: 't',
    tags: [],
    deprecated: false,
    stability: 'stable',
    tryIt: true,
    parameters,
    responses: [],
    security: [],
    servers: [],
    callbacks: [],
    pointer: '',
    extensions: {},
    ...extra,
  };
}

const planOf = (op: Operation): ToolPlan => ({ name: 'x', operation: op, ...planArguments(op) });

describe('buildHttpRequest', () => {
  it('writes each parameter by the wire rule, an array’s items apart, and the JSON body', () => {
    const op = operation([param('id', 'path'), param('tags', 'query', 'array'), param('X-Trace', 'header'), param('session', 'cookie')], {
      requestBody: { required: true, content: [{ mediaType: 'application/json', examples: [] }] },
    });
    const request = buildHttpRequest(
      planOf(op),
      { id: 'a/b', tags: ['x,y', 'z'], 'X-Trace': 7, session: 's 1', body: { n: 1 } },
      'https://api.example/v1/',
      [],
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://api.example/v1/items/a%2Fb?tags=x%2Cy&tags=z',
      headers: [
        ['X-Trace', '7'],
        ['Cookie', 'session=s%201'],
        ['Content-Type', 'application/json'],
      ],
      body: '{"n":1}',
    });
  });

  it('keeps a path value of `..` from moving up the path', () => {
    const request = buildHttpRequest(planOf(operation([param('id', 'path')])), { id: '..' }, 'http://h', []);
    expect(request.url).toBe('http://h/items/%2E%2E');
  });

  it('names the body `body` and a parameter named so `body_2`; leaves out the headers OpenAPI ignores', () => {
    const op = operation([param('body', 'query'), param('Accept', 'header'), param('authorization', 'header')], {
      requestBody: {
        required: false,
        content: [
          { mediaType: 'text/plain', examples: [] },
          { mediaType: 'application/json', examples: [] },
        ],
      },
    });
    const plan = planOf(op);
    expect(plan.parameters.map((p) => p.arg)).toEqual(['body_2']);
    expect(plan.body).toMatchObject({ arg: 'body', contentTypeArg: 'contentType', media: [{ mediaType: 'application/json' }, { mediaType: 'text/plain' }] });
    const request = buildHttpRequest(plan, { body: 'hello', contentType: 'text/plain' }, 'http://h', []);
    expect(request.body).toBe('hello');
    expect(request.headers).toEqual([['Content-Type', 'text/plain']]);
  });
});

describe('bodies and values in their forms', () => {
  const withBody = (...mediaTypes: string[]) =>
    planOf(operation([], { requestBody: { required: true, content: mediaTypes.map((mediaType) => ({ mediaType, examples: [] })) } }));

  it('writes a form body as URL-encoded pairs, an array field once per item', () => {
    const request = buildHttpRequest(
      withBody('application/x-www-form-urlencoded'),
      { id: '1', body: { name: 'Rex & Co', tags: ['a', 'b'], age: 3 } },
      'http://h',
      [],
    );
    expect(request.body).toBe('name=Rex+%26+Co&tags=a&tags=b&age=3');
    expect(request.headers).toEqual([['Content-Type', 'application/x-www-form-urlencoded']]);
  });

  it('leaves a multipart Content-Type to fetch, which writes its boundary', async () => {
    const request = buildHttpRequest(withBody('multipart/form-data'), { body: { name: 'Rex', tags: ['a', 'b'], meta: { x: 1 } } }, 'http://h', []);
    expect(request.headers).toEqual([]);
    const form = request.body as FormData;
    expect([...form.entries()]).toEqual([
      ['name', 'Rex'],
      ['tags', 'a'],
      ['tags', 'b'],
      ['meta', '{"x":1}'],
    ]);
  });

  it('sends a text body as it is, and no body when the call gives none', () => {
    expect(buildHttpRequest(withBody('text/csv'), { body: 'a,b' }, 'http://h', []).body).toBe('a,b');
    expect(buildHttpRequest(withBody('text/csv'), {}, 'http://h', [])).toEqual({ method: 'POST', url: 'http://h/items/{id}', headers: [] });
  });

  it('writes an object parameter by its style, one described by content as its JSON, and credentials in the query and a cookie', () => {
    const op = operation([
      param('filter', 'query', 'object', { style: 'deepObject', explode: true }),
      param('where', 'query', 'object', { mediaType: 'application/json' }),
    ]);
    const credentials = [
      { credential: { in: 'query', name: 'api key', form: 'key' }, value: 'k&1' },
      { credential: { in: 'cookie', name: 'sid', form: 'key' }, value: 's 1' },
    ] as never;
    const request = buildHttpRequest(planOf(op), { filter: { tag: 'dog', age: 3 }, where: { tag: 'dog' } }, 'http://h', credentials);
    expect(request.url).toBe('http://h/items/{id}?filter%5Btag%5D=dog&filter%5Bage%5D=3&where=%7B%22tag%22%3A%22dog%22%7D&api%20key=k%261');
    expect(request.headers).toEqual([['Cookie', 'sid=s%201']]);
  });
});

describe('credentials', () => {
  const scheme = (name: string, s: Omit<SecurityScheme, 'name' | 'credential'>): SecurityScheme => ({ name, ...s, credential: credentialOf(s) });
  const schemes = [
    scheme('bearerAuth', { type: 'http', scheme: 'bearer' }),
    scheme('key', { type: 'apiKey', in: 'query', paramName: 'api_key' }),
    scheme('basic', { type: 'http', scheme: 'basic' }),
  ];
  const byName = new Map(schemes.map((s) => [s.name, s]));
  const op = (...alternatives: string[][]) =>
    operation([], { security: alternatives.map((names) => ({ schemes: names.map((name) => ({ name, scopes: [] })) })) });

  it('reads --auth and the environment, a scheme’s own secret over the one for all, the command line last', () => {
    const secrets = readSecrets(['key=k1', 'all-flag'], { MCP_AUTH: 'all-env', [schemeVariable('bearerAuth')]: 'b1' }, schemes);
    expect(secrets).toEqual({
      any: 'all-flag',
      byScheme: new Map([
        ['bearerAuth', 'b1'],
        ['key', 'k1'],
      ]),
    });
    expect(schemeVariable('my-scheme.v2')).toBe('MCP_AUTH_MY_SCHEME_V2');
    // A secret with `=` in it whose start names no scheme is a secret.
    expect(readSecrets(['abc=='], {}, schemes).any).toBe('abc==');
  });

  it('writes each in its scheme’s form, from the first complete alternative; against the mock, stand-ins', () => {
    const secrets = readSecrets(['key=k1', 'basic=ann:pw'], {}, schemes);
    expect(credentialsFor(op(['bearerAuth'], ['key']), byName, secrets, false)).toEqual([{ credential: byName.get('key')?.credential, value: 'k1' }]);
    expect(credentialsFor(op(['basic']), byName, secrets, false)[0]?.value).toBe(`Basic ${btoa('ann:pw')}`);
    expect(credentialsFor(op(['bearerAuth']), byName, { byScheme: new Map() }, false)).toEqual([]);
    expect(credentialsFor(op(['bearerAuth']), byName, { byScheme: new Map() }, true)[0]?.value).toBe('Bearer mock-credential');
    expect(credentialsFor(op(), byName, secrets, true)).toEqual([]);
  });
});
