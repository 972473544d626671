// Each rule the mock enforces and each error it makes itself: exact status,
// exact `{code, message, status}` body, and the order in which they apply.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { AUTH, documentValidator, expectErrorShape, rawRequest, startMock } from './helpers.ts';

let mock: MockServer;
/** The bundled description, read raw (the mock's state holds the model only): documented examples and schemas. */
let document: Record<string, any>;

beforeAll(async () => {
  mock = await startMock();
  document = (await buildModel('openapi/openapi.yaml', { lint: false, validate: false })).document;
});

afterAll(async () => {
  await mock?.close();
});

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${mock.url}${path}`, init);
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, headers: response.headers, body };
}

async function expectError(path: string, init: RequestInit, status: number, code: string) {
  const r = await call(path, init);
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.headers.get('content-type')).toBe('application/json');
  expectErrorShape(r.body, status, code);
  return r;
}

const json = (body: string, extra: Record<string, string> = AUTH): RequestInit => ({
  method: 'POST',
  headers: { ...extra, 'content-type': 'application/json' },
  body,
});

describe('request bodies', () => {
  it('rejects a body that is not JSON', async () => {
    const r = await expectError('/pets', json('{"name": "Rex",'), 400, 'invalid_json');
    expect((r.body as { message: string }).message).toMatch(/not valid JSON/);
  });

  it('names the missing required field', async () => {
    const r = await expectError('/pets', json('{"categoryId": 1}'), 400, 'validation_failed');
    expect((r.body as { message: string }).message).toBe('body.name is required');
  });

  it('names a field of the wrong type', async () => {
    const r = await expectError('/pets', json('{"name": "Rex", "categoryId": "one"}'), 400, 'validation_failed');
    expect((r.body as { message: string }).message).toBe('body.categoryId must be integer');
  });

  it('requires the body the operation declares as required', async () => {
    const r = await expectError('/pets', { method: 'POST', headers: AUTH }, 400, 'validation_failed');
    expect((r.body as { message: string }).message).toBe('body is required');
  });

  it('rejects a body without Content-Type', async () => {
    const body = '{"name":"Rex","categoryId":1}';
    const r = await rawRequest(mock.port, `POST /pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('application/json');
    expectErrorShape(JSON.parse(r.body), 400, 'invalid_content_type');
  });

  it('rejects a text/plain body', async () => {
    await expectError(
      '/pets',
      { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: '{"name":"Rex","categoryId":1}' },
      400,
      'invalid_content_type',
    );
  });

  it('accepts application/json with a charset', async () => {
    const r = await call('/pets', {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json; charset=utf-8' },
      body: '{"name":"Rex","categoryId":1}',
    });
    expect(r.status).toBe(201);
  });

  it('rejects a body over 64 KiB', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(70 * 1024), categoryId: 1 });
    await expectError('/pets', json(body), 413, 'payload_too_large');
    // The connection that carried it is still usable afterwards, and so is the server.
    expect((await call('/pets', { headers: AUTH })).status).toBe(200);
  });

  it('rejects invalid UTF-8 in a JSON body', async () => {
    const body = Buffer.concat([Buffer.from('{"name":"'), Buffer.from([0xc3, 0x28]), Buffer.from('","categoryId":1}')]);
    const r = await rawRequest(
      mock.port,
      Buffer.concat([
        Buffer.from(`POST /pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`),
        body,
      ]),
    );
    expect(r.status).toBe(400);
    expectErrorShape(JSON.parse(r.body), 400, 'invalid_json');
  });
});

describe('parameters', () => {
  it('checks path parameters against their schema', async () => {
    const r = await expectError('/pets/records/abc', { headers: AUTH }, 400, 'validation_failed');
    expect((r.body as { message: string }).message).toBe('path.petId must be integer');
  });

  it('checks query parameters against their schema', async () => {
    const r = await expectError('/pets?limit=500', { headers: AUTH }, 400, 'validation_failed');
    expect((r.body as { message: string }).message).toBe('query.limit must be <= 100');
    await expectError('/pets?status=lost', { headers: AUTH }, 400, 'validation_failed');
    expect((await call('/pets?limit=5&status=sold', { headers: AUTH })).status).toBe(200);
  });
});

describe('credentials', () => {
  it('requires Authorization, with a Bearer challenge', async () => {
    const r = await expectError('/pets', {}, 401, 'unauthorized');
    expect(r.headers.get('www-authenticate')).toMatch(/^Bearer realm="[^"]+"$/);
  });

  it('refuses Basic credentials', async () => {
    await expectError('/pets', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }, 401, 'unauthorized');
  });

  it('refuses Bearer with an empty key', async () => {
    await expectError('/pets', { headers: { authorization: 'Bearer' } }, 401, 'unauthorized');
    const r = await rawRequest(mock.port, 'GET /pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer    \r\n\r\n');
    expect(r.status).toBe(401);
    expectErrorShape(JSON.parse(r.body), 401, 'unauthorized');
  });

  it('takes the scheme name in any case and any non-empty key', async () => {
    expect((await call('/pets', { headers: { authorization: 'bearer x' } })).status).toBe(200);
    expect((await call('/pets', { headers: { authorization: 'BEARER some.jwt-like~key' } })).status).toBe(200);
  });
});

describe('routing', () => {
  it('answers an unknown path with route_not_found', async () => {
    await expectError('/no/such/path', { headers: AUTH }, 404, 'route_not_found');
  });

  it('answers a wrong method with method_not_allowed and Allow', async () => {
    const r = await expectError('/pets', { method: 'DELETE', headers: AUTH }, 405, 'method_not_allowed');
    const allow = (r.headers.get('allow') ?? '').split(/,\s*/);
    expect(allow).toEqual(expect.arrayContaining(['GET', 'POST']));
    expect(allow).not.toContain('DELETE');
  });

  it('answers HEAD like GET, without a body', async () => {
    const response = await fetch(`${mock.url}/pets`, { method: 'HEAD', headers: AUTH });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
  });
});

describe('precedence', () => {
  it('unknown path beats missing credentials', async () => {
    await expectError('/nowhere', {}, 404, 'route_not_found');
  });

  it('wrong method beats missing credentials', async () => {
    await expectError('/pets', { method: 'PATCH' }, 405, 'method_not_allowed');
  });

  it('missing credentials beat a bad body', async () => {
    await expectError('/pets', json('{oops', {}), 401, 'unauthorized');
    await expectError('/pets', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }, 401, 'unauthorized');
  });

  it('media type beats syntax, and syntax beats schema', async () => {
    await expectError('/pets', { method: 'POST', headers: { ...AUTH, 'content-type': 'text/plain' }, body: '{oops' }, 400, 'invalid_content_type');
    // An invalid path parameter and an invalid body: the body's syntax is checked first.
    await expectError('/store/inventory/abc', { ...json('{oops'), method: 'PUT' }, 400, 'invalid_json');
    const r = await expectError('/store/inventory/abc', { ...json('{"quantity": 5}'), method: 'PUT' }, 400, 'validation_failed');
    expect((r.body as { message: string }).message).toBe('path.petId must be integer');
  });

  it('a CORS preflight beats everything', async () => {
    for (const path of ['/nowhere', '/pets']) {
      const response = await fetch(`${mock.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://127.0.0.1:4321',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type, prefer',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
      expect(response.headers.get('access-control-allow-headers')).toBe('authorization, content-type, prefer');
      expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    }
  });
});

describe('Prefer', () => {
  const notFound = () => {
    const op = document.paths['/pets/records/{petId}'].get;
    const ref: string = op.responses['404'].$ref;
    const response = ref
      .slice(2)
      .split('/')
      .reduce((n: any, s: string) => n[s], document);
    return Object.values(response.content['application/json'].examples as Record<string, { value: unknown }>)[0]?.value;
  };

  it('code=404 gives the documented 404', async () => {
    const r = await call('/pets/records/42', { headers: { ...AUTH, prefer: 'code=404' } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(notFound());
  });

  it('example=notFound gives the documented example, from whichever response holds it', async () => {
    const r = await call('/pets/records/42', { headers: { ...AUTH, prefer: 'example=notFound' } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(notFound());
  });

  it('takes the same preferences as __code and __example query parameters', async () => {
    const r = await call('/pets/records/42?__code=404', { headers: AUTH });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(notFound());
    expect((await call('/pets?__example=empty', { headers: AUTH })).body).toEqual([]);
  });

  it('a status or example that is not declared is an error of its own', async () => {
    await expectError('/pets/records/42', { headers: { ...AUTH, prefer: 'code=418' } }, 404, 'response_not_found');
    await expectError('/pets/records/42', { headers: { ...AUTH, prefer: 'example=nope' } }, 404, 'example_not_found');
    await expectError('/pets/records/42', { headers: { ...AUTH, prefer: 'code=abc' } }, 400, 'invalid_prefer');
  });

  it('dynamic=true generates a body valid against the schema', async () => {
    const r = await call('/pets/records/42', { headers: { ...AUTH, prefer: 'dynamic=true' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json');
    const ajv = documentValidator(document);
    const validate = ajv.getSchema('doc.json#/components/schemas/Pet')!;
    expect(validate(r.body), ajv.errorsText(validate.errors)).toBe(true);
  });
});

describe('errors the HTTP parser raises', () => {
  it('answers a malformed request line with bad_request', async () => {
    const r = await rawRequest(mock.port, 'THIS IS NOT HTTP\r\n\r\n');
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toBe('application/json');
    expectErrorShape(JSON.parse(r.body), 400, 'bad_request');
  });

  it('answers oversized headers with header_too_large', async () => {
    const r = await rawRequest(mock.port, `GET /pets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(r.status).toBe(431);
    expectErrorShape(JSON.parse(r.body), 431, 'header_too_large');
  });

  it('answers an Accept it cannot satisfy with not_acceptable', async () => {
    await expectError('/pets', { headers: { ...AUTH, accept: 'text/html' } }, 406, 'not_acceptable');
    expect((await call('/pets', { headers: { ...AUTH, accept: 'text/html, application/json;q=0.5' } })).status).toBe(200);
  });

  it('answers a body that never arrives with request_timeout', async () => {
    const slow = await startMock({ bodyTimeoutMs: 300 });
    try {
      const r = await rawRequest(
        slow.port,
        'POST /pets HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer k\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name":',
        3000,
      );
      expect(r.status).toBe(408);
      expectErrorShape(JSON.parse(r.body), 408, 'request_timeout');
    } finally {
      await slow.close();
    }
  });
});

describe('CORS', () => {
  it('echoes the Origin and exposes the headers a page needs', async () => {
    // Every header the served description declares on a response.
    const declared = new Set(mock.current().model.operations.flatMap((op) => op.responses.flatMap((r) => r.headers.map((h) => h.name.toLowerCase()))));
    expect(declared.size).toBeGreaterThan(0);
    for (const origin of ['http://127.0.0.1:4321', 'http://localhost:4321', 'https://elsewhere.example']) {
      const r = await call('/pets/42', { headers: { ...AUTH, origin } });
      expect(r.headers.get('access-control-allow-origin')).toBe(origin);
      expect(r.headers.get('access-control-allow-credentials')).toBe('true');
      expect(r.headers.get('vary')).toContain('Origin');
      const exposed = (r.headers.get('access-control-expose-headers') ?? '').split(/,\s*/).map((h) => h.toLowerCase());
      expect(exposed).not.toContain('*');
      expect(exposed).toEqual(expect.arrayContaining(['deprecation', 'sunset', 'link', 'location', 'www-authenticate', 'allow', ...declared]));
    }
    const denied = await call('/pets', { headers: { origin: 'http://localhost:4321' } });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
  });

  it('sends no CORS headers without an Origin', async () => {
    const r = await call('/pets', { headers: AUTH });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
  });
});
