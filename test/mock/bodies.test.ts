// Every body checked, and every error in the API's own shape: multipart and
// form bodies against their schemas and `encoding`, a discriminator choosing
// the oneOf branch, XML that must be well-formed; and a document whose errors
// are a `default` response with an integer `code` (as apigee's are) gets the
// mock's own 404, 405, 400 and 401 in that shape, checked with ajv.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { ROOT } from '../helpers/paths.ts';
import { documentValidator, expectErrorShape, startMock } from './helpers.ts';

const BODIES = resolve(ROOT, 'test/mock/fixtures/bodies.yaml');
const DEFAULT_ERRORS = resolve(ROOT, 'test/mock/fixtures/default-errors.yaml');

async function post(mock: MockServer, path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${mock.url}${path}`, { method: 'POST', body, headers });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

function form(fill: (data: FormData) => void): FormData {
  const data = new FormData();
  fill(data);
  return data;
}

const png = () => new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });

describe('bodies', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMock({ spec: BODIES });
  });
  afterAll(async () => {
    await mock?.close();
  });

  async function rejected(path: string, body: BodyInit, message: string, headers: Record<string, string> = {}, code = 'validation_failed') {
    const r = await post(mock, path, body, headers);
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expectErrorShape(r.body, 400, code);
    expect(r.body.message).toBe(message);
  }

  it('multipart/form-data: required parts, files, lengths, types and JSON parts', async () => {
    const ok = await post(
      mock,
      '/uploads',
      form((d) => {
        d.set('title', 'Holiday');
        d.set('copies', '2');
        d.set('meta', '{"tag":"beach"}');
        d.set('file', png(), 'beach.png');
      }),
    );
    expect(ok.status).toBe(204);
    await rejected(
      '/uploads',
      form((d) => d.set('title', 'Holiday')),
      'body.file is required',
    );
    // A file's part without a filename (RFC 7578 only says SHOULD) is still the file, checked by its own Content-Type.
    const noFilename = (type: string) =>
      [
        '--b1',
        'Content-Disposition: form-data; name="title"',
        '',
        'Holiday',
        '--b1',
        'Content-Disposition: form-data; name="file"',
        ...(type ? [`Content-Type: ${type}`] : []),
        '',
        'PNG-bytes',
        '--b1--',
        '',
      ].join('\r\n');
    const unnamed = await post(mock, '/uploads', noFilename('image/png'), { 'content-type': 'multipart/form-data; boundary=b1' });
    expect(unnamed.status, JSON.stringify(unnamed.body)).toBe(204);
    await rejected('/uploads', noFilename(''), 'body.file must be image/png or image/jpeg, not text/plain', {
      'content-type': 'multipart/form-data; boundary=b1',
    });
    await rejected(
      '/uploads',
      form((d) => {
        d.set('title', 'A title far too long');
        d.set('file', png(), 'a.png');
      }),
      'body.title must NOT have more than 10 characters',
    );
    await rejected(
      '/uploads',
      form((d) => {
        d.set('title', 'Holiday');
        d.set('file', new Blob(['hello'], { type: 'text/plain' }), 'a.txt');
      }),
      'body.file must be image/png or image/jpeg, not text/plain',
    );
    await rejected(
      '/uploads',
      form((d) => {
        d.set('title', 'Holiday');
        d.set('copies', 'two');
        d.set('file', png(), 'a.png');
      }),
      'body.copies must be integer',
    );
    await rejected(
      '/uploads',
      form((d) => {
        d.set('title', 'Holiday');
        d.set('meta', '{}');
        d.set('file', png(), 'a.png');
      }),
      'body.meta.tag is required',
    );
    await rejected('/uploads', '--nope\r\n\r\n', 'The body is not valid multipart/form-data (check the boundary and the parts).', {
      'content-type': 'multipart/form-data; boundary=elsewhere',
    });
  });

  it('application/x-www-form-urlencoded against its schema', async () => {
    const type = { 'content-type': 'application/x-www-form-urlencoded' };
    expect((await post(mock, '/signup', 'name=Al&age=30', type)).status).toBe(204);
    await rejected('/signup', 'name=Al', 'body.age is required', type);
    await rejected('/signup', 'name=Al&age=old', 'body.age must be integer', type);
    await rejected('/signup', `name=${'x'.repeat(21)}&age=1`, 'body.name must NOT have more than 20 characters', type);
  });

  it('a discriminator chooses the oneOf branch the body is checked against', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await post(mock, '/animals', '{"kind":"dog","barks":true}', json)).status).toBe(204);
    await rejected('/animals', '{"kind":"cat","barks":true}', 'body.indoor is required', json);
    await rejected('/animals', '{"kind":"cow"}', 'body.kind must be one of: "cat", "dog"', json);
    await rejected('/animals', '{"indoor":true}', 'body.kind is required', json);
  });

  it('a body of a media type the operation does not take is a 415 where it declares no 400 for it (RFC 9110 §15.5.16)', async () => {
    const r = await post(mock, '/signup', '{"name":"Ann","age":3}', { 'content-type': 'application/json' });
    expect(r.status).toBe(415);
    expectErrorShape(r.body, 415, 'invalid_content_type');
    expect(r.body.message).toBe('Content-Type application/json is not accepted here; send application/x-www-form-urlencoded.');
  });

  it('XML bodies must be well-formed', async () => {
    const xml = { 'content-type': 'application/xml' };
    expect((await post(mock, '/notes', '<note><text>hi</text></note>', xml)).status).toBe(204);
    const r = await post(mock, '/notes', '<note><text>hi</note>', xml);
    expect(r.status).toBe(400);
    expectErrorShape(r.body, 400, 'invalid_xml');
    expect(r.body.message).toMatch(/^The body is not well-formed XML: .*\(line 1, column \d+\)\.$/);
  });
});

describe('a document whose errors are a default response with an integer code', () => {
  let mock: MockServer;
  let validateError: (value: unknown) => boolean;
  const auth = { authorization: 'Bearer k' };

  beforeAll(async () => {
    mock = await startMock({ spec: DEFAULT_ERRORS });
    const { document } = await buildModel(DEFAULT_ERRORS, { lint: false, validate: false });
    const ajv = documentValidator(document);
    validateError = ajv.getSchema('doc.json#/components/schemas/Error')!;
  });
  afterAll(async () => {
    await mock?.close();
  });

  const cases: { name: string; path: string; init: RequestInit; status: number; message: RegExp }[] = [
    { name: '404, no such path', path: '/nowhere', init: { headers: auth }, status: 404, message: /^No operation is declared at \/nowhere\.$/ },
    { name: '405, method not allowed', path: '/items', init: { method: 'DELETE', headers: auth }, status: 405, message: /^DELETE is not allowed on \/items/ },
    { name: '400, a parameter out of bounds', path: '/items?limit=99', init: { headers: auth }, status: 400, message: /^query\.limit must be <= 10$/ },
    {
      name: '400, a body against its schema',
      path: '/items',
      init: { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' },
      status: 400,
      message: /^body\.name is required$/,
    },
    {
      name: '415, a body of a media type it does not take',
      path: '/items',
      init: { method: 'POST', headers: { ...auth, 'content-type': 'text/plain' }, body: '{}' },
      status: 415,
      message: /^Content-Type text\/plain is not accepted here; send application\/json\.$/,
    },
    { name: '401, no credentials', path: '/items/1', init: {}, status: 401, message: /Authorization/ },
  ];
  for (const c of cases) {
    it(`answers ${c.name} in its shape`, async () => {
      const response = await fetch(`${mock.url}${c.path}`, c.init);
      expect(response.status).toBe(c.status);
      expect(response.headers.get('content-type')).toBe('application/json');
      const body = await response.json();
      expect(validateError(body), JSON.stringify(body)).toBe(true);
      expect(body).toEqual({ code: c.status, message: expect.stringMatching(c.message), details: [] });
    });
  }
});
