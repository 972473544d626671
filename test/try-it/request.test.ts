// How the panel turns fields into a request and a curl command: parameter
// styles as the OpenAPI specification tabulates them, credentials, shell
// quoting checked by a real shell, and the panel built for every operation
// of the real test documents.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialOf } from '../../scripts/model/contract/credential.ts';
import { requestParts } from '../../scripts/model/contract/example-request.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { islandJson, panelView } from '../../site/src/components/try-it/panel-model.ts';
import { shellQuote } from '../../scripts/reference/shell-quote.ts';
import { requestSamples } from '../../site/src/lib/request-samples.ts';
import { documentedInput } from '../../site/src/lib/sample-input.ts';
import { buildRequest } from '../../site/src/scripts/try-it/request.ts';
import { unsendableHeaders } from '../../site/src/scripts/try-it/send.ts';
import type { ParamSpec, RequestInput } from '../../site/src/scripts/try-it/types.ts';
import { ROOT } from '../helpers/paths.ts';
import { run, runShell } from '../helpers/processes.ts';
import { defined } from '../helpers/defined.ts';

/** A shell run to its end; past this it has hung. */
const SHELL_TIMEOUT_MS = 30_000;

function param(partial: Partial<ParamSpec> & Pick<ParamSpec, 'in'>): ParamSpec {
  const style = partial.style ?? (partial.in === 'query' || partial.in === 'cookie' ? 'form' : 'simple');
  return { name: 'color', required: false, shape: 'scalar', explode: style === 'form', ...partial, style };
}

function url(spec: ParamSpec, value: string, path = '/paint/{color}'): string {
  return buildRequest({ method: 'get', base: 'http://h', path, params: [{ spec, value }], auth: [] }).url;
}

const ARRAY = 'blue, black, brown';
const OBJECT = '{"R": 100, "G": 200, "B": 150}';

describe('parameter serialization (OpenAPI style table)', () => {
  it('path: simple, label and matrix, exploded or not', () => {
    expect(url(param({ in: 'path', shape: 'array' }), ARRAY)).toBe('http://h/paint/blue,black,brown');
    expect(url(param({ in: 'path', shape: 'object' }), OBJECT)).toBe('http://h/paint/R,100,G,200,B,150');
    expect(url(param({ in: 'path', shape: 'object', explode: true }), OBJECT)).toBe('http://h/paint/R=100,G=200,B=150');
    expect(url(param({ in: 'path', style: 'label', shape: 'array' }), ARRAY)).toBe('http://h/paint/.blue,black,brown');
    expect(url(param({ in: 'path', style: 'label', shape: 'array', explode: true }), ARRAY)).toBe('http://h/paint/.blue.black.brown');
    expect(url(param({ in: 'path', style: 'matrix' }), 'blue')).toBe('http://h/paint/;color=blue');
    expect(url(param({ in: 'path', style: 'matrix', shape: 'array', explode: true }), ARRAY)).toBe('http://h/paint/;color=blue;color=black;color=brown');
    expect(url(param({ in: 'path', style: 'matrix', shape: 'object', explode: true }), OBJECT)).toBe('http://h/paint/;R=100;G=200;B=150');
    // Reserved characters in a value cannot change the path.
    expect(url(param({ in: 'path' }), 'a/b?c#d')).toBe('http://h/paint/a%2Fb%3Fc%23d');
  });

  it('query: form, spaceDelimited, pipeDelimited and deepObject', () => {
    expect(url(param({ in: 'query', shape: 'array' }), ARRAY, '/p')).toBe('http://h/p?color=blue&color=black&color=brown');
    expect(url(param({ in: 'query', shape: 'array', explode: false }), ARRAY, '/p')).toBe('http://h/p?color=blue,black,brown');
    expect(url(param({ in: 'query', shape: 'object' }), OBJECT, '/p')).toBe('http://h/p?R=100&G=200&B=150');
    expect(url(param({ in: 'query', shape: 'object', explode: false }), OBJECT, '/p')).toBe('http://h/p?color=R,100,G,200,B,150');
    expect(url(param({ in: 'query', style: 'spaceDelimited', shape: 'array', explode: false }), ARRAY, '/p')).toBe('http://h/p?color=blue%20black%20brown');
    expect(url(param({ in: 'query', style: 'pipeDelimited', shape: 'array', explode: false }), ARRAY, '/p')).toBe('http://h/p?color=blue%7Cblack%7Cbrown');
    expect(url(param({ in: 'query', style: 'deepObject', shape: 'object', explode: true }), OBJECT, '/p')).toBe(
      'http://h/p?color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150',
    );
    expect(url(param({ in: 'query' }), 'a&b=c', '/p')).toBe('http://h/p?color=a%26b%3Dc');
    // Optional and empty: left out.
    expect(url(param({ in: 'query' }), '', '/p')).toBe('http://h/p');
  });

  it('headers, cookies and credentials go where their scheme says', () => {
    const input: RequestInput = {
      method: 'post',
      base: 'https://api.example.com/v1/',
      path: '/things',
      params: [
        { spec: param({ in: 'header', name: 'X-Tags', shape: 'array' }), value: 'a, b' },
        { spec: param({ in: 'cookie', name: 'session' }), value: 'x y' },
      ],
      auth: [
        { scheme: { name: 'basic', kind: 'basic', credential: credentialOf({ type: 'http', scheme: 'basic' }) }, values: { username: 'zoë', password: 'p:w' } },
        { scheme: { name: 'key', kind: 'apiKey', credential: credentialOf({ type: 'apiKey', in: 'query', paramName: 'api key' }) }, values: { secret: 's&t' } },
        { scheme: { name: 'c', kind: 'apiKey', credential: credentialOf({ type: 'apiKey', in: 'cookie', paramName: 'sid' }) }, values: { secret: '1' } },
      ],
      body: { kind: 'json', mediaType: 'application/json', text: '{}' },
      prefer: 'code=404',
    };
    const request = buildRequest(input);
    expect(request.url).toBe('https://api.example.com/v1/things?api%20key=s%26t');
    expect(request.headers).toEqual([
      ['X-Tags', 'a,b'],
      ['Authorization', `Basic ${Buffer.from('zoë:p:w').toString('base64')}`],
      ['Cookie', 'session=x%20y; sid=1'],
      ['Content-Type', 'application/json'],
      ['Prefer', 'code=404'],
    ]);
    // No key typed: no credential at all (the server's 401 is the lesson).
    const bare = buildRequest({
      ...input,
      auth: [{ scheme: { name: 'b', kind: 'bearer', credential: credentialOf({ type: 'http', scheme: 'bearer' }) }, values: { secret: '' } }],
    });
    expect(bare.headers.some(([name]) => name === 'Authorization')).toBe(false);
  });
});

describe('one request builder', () => {
  it('the panel writes what the model writes for the same values (MCP and the mock example use the model)', () => {
    const specs: ParamSpec[] = [
      param({ in: 'path', name: 'id' }),
      param({ in: 'query', name: 'tags', shape: 'array' }),
      param({ in: 'query', name: 'filter', style: 'deepObject', shape: 'object', explode: true }),
      param({ in: 'header', name: 'X-Tags', shape: 'array', explode: false }),
      param({ in: 'cookie', name: 'session' }),
    ];
    const typed = ['4 2', 'a, b', '{"kind": "dog", "age": 3}', 'x,y', 'z z'];
    const json: unknown[] = ['4 2', ['a', 'b'], { kind: 'dog', age: 3 }, ['x', 'y'], 'z z'];
    const bearer = credentialOf({ type: 'http', scheme: 'bearer' });
    const request = buildRequest({
      method: 'get',
      base: 'http://h',
      path: '/pets/{id}',
      params: specs.map((spec, i) => ({ spec, value: defined(typed[i], 'typed') })),
      auth: [{ scheme: { name: 'b', kind: 'bearer', credential: bearer }, values: { secret: 't' } }],
    });
    const parts = requestParts(
      '/pets/{id}',
      specs.map((spec, i) => [spec, json[i]]),
      [{ credential: defined(bearer, 'bearer'), value: 'Bearer t' }],
    );
    expect(request.url).toBe(`http://h${parts.path}?${parts.query.join('&')}`);
    expect(request.url).toBe('http://h/pets/4%202?tags=a&tags=b&filter%5Bkind%5D=dog&filter%5Bage%5D=3');
    expect(request.headers).toEqual(parts.headers);
    expect(request.headers).toEqual([
      ['X-Tags', 'x,y'],
      ['Authorization', 'Bearer t'],
      ['Cookie', 'session=z%20z'],
    ]);
  });

  it('a dot segment cannot climb the path, a content parameter travels as its text, an empty path value leaves its segment empty', () => {
    expect(url(param({ in: 'path' }), '..', '/a/{color}/b')).toBe('http://h/a/%2E%2E/b');
    expect(url(param({ in: 'path' }), '', '/a/{color}/b')).toBe('http://h/a//b');
    const content = param({ in: 'query', name: 'where', shape: 'object', mediaType: 'application/json' });
    expect(url(content, '{"a": 1}', '/p')).toBe(`http://h/p?where=${encodeURIComponent('{"a": 1}')}`);
  });

  it("the reader's own headers and cookies follow the parameters and credentials; the cookies join the one Cookie header", () => {
    const request = buildRequest({
      method: 'get',
      base: 'http://h',
      path: '/p',
      params: [{ spec: param({ in: 'cookie', name: 'a' }), value: '1' }],
      auth: [],
      extras: [
        { kind: 'cookie', name: ' b ', value: '2 3' },
        { kind: 'header', name: 'X-Mine', value: 'v' },
        { kind: 'header', name: ' ', value: 'dropped' },
      ],
    });
    expect(request.headers).toEqual([
      ['X-Mine', 'v'],
      ['Cookie', 'a=1; b=2%203'],
    ]);
  });
});

describe('headers a browser will not send', () => {
  it('the page marks as curl-only exactly the header parameters the panel leaves out when sending', async () => {
    const names = ['DNT', 'TE', 'Via', 'Accept-Encoding', 'Date', 'Keep-Alive', 'Expect', 'Sec-Fetch-Mode', 'X-Trace-Id', 'If-Match'];
    const dir = mkdtempSync(join(tmpdir(), 'try-it-headers-'));
    try {
      const spec = join(dir, 'openapi.json');
      writeFileSync(
        spec,
        JSON.stringify({
          openapi: '3.0.3',
          info: { title: 'Headers', version: '1' },
          paths: {
            '/h': {
              get: {
                operationId: 'headers',
                parameters: names.map((name) => ({ name, in: 'header', required: true, schema: { type: 'string' }, example: 'v' })),
                responses: { '204': { description: 'Done.' } },
              },
            },
          },
        }),
      );
      const { model } = await buildModel(spec, { lint: false });
      const view = panelView(defined(model.operations[0], 'the operation'), model.servers, model.securitySchemes);
      const curlOnly = view.params.header.filter((p) => p.curlOnly).map((p) => p.name);
      const request = buildRequest({
        method: 'get',
        base: 'http://h',
        path: '/h',
        params: view.data.params.map((spec) => ({ spec, value: 'v' })),
        auth: [],
      });
      expect(curlOnly).toEqual(unsendableHeaders(request));
      expect(curlOnly).toEqual(names.slice(0, 8));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('curl command', () => {
  it('quotes anything so that sh reads back exactly the text', async () => {
    const nasty = `it's "$HOME" \`id\` $(id) \\ ; | & \n next line ' '' !`;
    const printed = await runShell(`printf %s ${shellQuote(nasty)}`, { timeoutMs: SHELL_TIMEOUT_MS });
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    expect(printed.stdout).toBe(nasty);
  });

  it('is one valid shell command, body and all, for every operation of the real test documents', async () => {
    const dirs = ['3.0/json', '3.1/json'].map((d) => join(ROOT, 'node_modules/@readme/oas-examples', d));
    const files = [
      ...dirs.flatMap((dir) =>
        readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => join(dir, f)),
      ),
      join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json'),
    ];
    const commands: string[] = [];
    let operations = 0;
    for (const file of files) {
      const { model } = await buildModel(file, { lint: false });
      const schemaByName = new Map(model.schemas.map((entry) => [entry.name, entry]));
      for (const op of model.operations) {
        operations++;
        const view = panelView(op, model.servers, model.securitySchemes, undefined, schemaByName);
        // The island cannot end its <script> element, and reads back as the same data.
        const island = islandJson(view.data);
        expect(island).not.toMatch(/[<>]/);
        expect(JSON.parse(island)).toEqual(JSON.parse(JSON.stringify(view.data)));
        // Every control has its own id (labels point at them).
        const ids = [
          ...Object.values(view.params)
            .flat()
            .map((p) => p.id),
          ...view.auth.flatMap((a) => [...a.inputs, ...(a.oauth?.inputs ?? [])].map((i) => i.id)),
          ...(view.body?.media.flatMap((m) => [m.id, ...m.fields.map((f) => f.id)]) ?? []),
          ...view.servers.flatMap((s) => s.variables.map((v) => v.id)),
        ];
        expect(new Set(ids).size, `${file} ${op.slug}`).toBe(ids.length);
        expect(view.data.params.length).toBe(Object.values(view.params).flat().length);
        // The page's curl sample, the one command view.
        const curl = requestSamples(documentedInput(view.input, op)).samples.find((sample) => sample.lang === 'sh')?.code ?? '';
        expect(curl.startsWith('curl ')).toBe(true);
        commands.push(curl);
      }
    }
    expect(operations).toBeGreaterThan(200);
    // `sh -n` parses without running: each command must be exactly one complete simple command.
    const script = commands.map((c, i) => `f${i}() { ${c}\n}`).join('\n');
    expect(await run('sh', ['-n', '-c', script], { timeoutMs: SHELL_TIMEOUT_MS })).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const curlCalls = await runShell(`curl() { echo call; }\n${commands.join('\n')}`, { timeoutMs: SHELL_TIMEOUT_MS });
    expect(curlCalls).toMatchObject({ code: 0, stderr: '' });
    expect(curlCalls.stdout.trim().split('\n')).toHaveLength(commands.length);
  });
});
