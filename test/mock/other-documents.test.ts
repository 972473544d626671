// `--spec` another description: its operations are served, its security
// schemes enforced, and its own error responses used where it declares them
// (our Error shape only where it declares none).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiModel } from '../../scripts/model/contract/types.ts';
import type { MockServer } from '../../scripts/mock/server.ts';
import { expectErrorShape, GALAXY_SPEC, PETSTORE_30_SPEC, startMock } from './helpers.ts';

function declaredExample(model: ApiModel, method: string, path: string, status: string): unknown {
  const op = model.operations.find((o) => o.method === method && o.path === path)!;
  return op.responses.find((r) => r.status === status)!.content.find((m) => m.mediaType === 'application/json')!.examples[0]?.value;
}

async function call(base: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

describe('Scalar Galaxy (OpenAPI 3.1)', () => {
  let mock: MockServer;
  let model: ApiModel;
  const json = { 'content-type': 'application/json' };

  beforeAll(async () => {
    mock = await startMock({ spec: GALAXY_SPEC });
    model = mock.current().model;
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('serves every operation that needs no body', async () => {
    const bodyless = model.operations.filter((o) => !o.requestBody && !o.path.includes('{'));
    // A filter that finds none would test nothing: at least Galaxy's listing and its caller's account.
    expect(bodyless.map((o) => `${o.method} ${o.path}`)).toEqual(expect.arrayContaining(['get /planets', 'get /me']));
    for (const op of bodyless) {
      const r = await call(mock.url, op.path, { method: op.method.toUpperCase(), headers: { authorization: 'Bearer t' } });
      expect(r.status, `${op.method} ${op.path}`).toBeLessThan(300);
    }
    const planet = await call(mock.url, '/planets/1');
    expect(planet.status).toBe(200);
    expect(planet.body).toEqual(declaredExample(model, 'get', '/planets/{planetId}', '200'));
  });

  it('enforces its schemes: any one alternative will do', async () => {
    const body = JSON.stringify({ name: 'Mars' });
    const denied = await call(mock.url, '/planets', { method: 'POST', headers: json, body });
    expect(denied.status).toBe(401);
    expectErrorShape(denied.body, 401, 'unauthorized');
    expect(denied.headers.get('www-authenticate')).toMatch(/Bearer realm=.*Basic realm=/);
    for (const credentials of [
      { 'x-api-key': 'k' },
      { cookie: 'api_key=k' },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'bearer jwt' },
    ] as Record<string, string>[]) {
      const r = await call(mock.url, '/planets', { method: 'POST', headers: { ...json, ...credentials }, body });
      expect(r.status, JSON.stringify(credentials)).toBe(201);
    }
    expect((await call(mock.url, '/planets?api_key=k', { method: 'POST', headers: json, body })).status).toBe(201);
    expect((await call(mock.url, '/planets', { method: 'POST', headers: { ...json, authorization: 'Basic not-base64-pair' }, body })).status).toBe(401);
  });

  it('answers with its own declared errors, the reason in their message field', async () => {
    const badJson = await call(mock.url, '/planets', { method: 'POST', headers: { ...json, 'x-api-key': 'k' }, body: '{"name":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body).toEqual({
      ...(declaredExample(model, 'post', '/planets', '400') as object),
      detail: expect.stringMatching(/^The body is not valid JSON/),
    });

    const me = await call(mock.url, '/me');
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ ...(declaredExample(model, 'get', '/me', '401') as object), detail: expect.stringMatching(/credentials|Authorization|key/i) });

    const notFound = await call(mock.url, '/planets/1', { headers: { prefer: 'code=404' } });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual(declaredExample(model, 'get', '/planets/{planetId}', '404'));
  });

  it('falls back to the Error shape where it declares no error', async () => {
    const r = await call(mock.url, '/planets/abc');
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400, 'validation_failed');
    expect(r.body.message).toBe('path.planetId must be integer');
  });
});

describe('Swagger Petstore (OpenAPI 3.0)', () => {
  let mock: MockServer;

  beforeAll(async () => {
    mock = await startMock({ spec: PETSTORE_30_SPEC });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('serves its operations, also under the server URL path', async () => {
    expect(mock.current().operations).toBeGreaterThan(15);
    for (const path of ['/pet/1', '/v2/pet/1']) {
      const r = await call(mock.url, path, { headers: { api_key: 'k' } });
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ name: expect.any(String), photoUrls: expect.any(Array) });
    }
  });

  it('enforces an API key header and OAuth 2 as a bearer token', async () => {
    const noKey = await call(mock.url, '/pet/1');
    expect(noKey.status).toBe(401);
    expectErrorShape(noKey.body, 401, 'unauthorized');
    expect(noKey.body.message).toContain('api_key');
    const noToken = await call(mock.url, '/pet', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(noToken.status).toBe(401);
    expect(noToken.headers.get('www-authenticate')).toMatch(/^Bearer /);
  });

  it('keeps its declared status where the declared error has no body', async () => {
    const r = await call(mock.url, '/store/order', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":' });
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400, 'invalid_json');
    const lost = await call(mock.url, '/pet/findByStatus?status=lost', { headers: { authorization: 'Bearer t' } });
    expect(lost.status).toBe(400);
    expectErrorShape(lost.body, 400, 'validation_failed');
  });
});
