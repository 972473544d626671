// The example request the home page and the terminal show for the mock, written by the model: the
// operation's written values by the wire rule, its credential where its scheme says, with a stand-in
// secret; nothing made up for a value nobody wrote.
import { describe, expect, it } from 'vitest';
import { exampleRequest } from '../../../scripts/model/contract/example-request.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { defined } from '../../helpers/defined.ts';

const ok = { '200': { description: 'OK' } };
const document = {
  openapi: '3.0.3',
  info: { title: 'Examples', version: '1' },
  security: [{ bearer: [] }],
  paths: {
    '/pets/{petId}/toys/{toyId}': {
      get: {
        parameters: [
          { name: 'petId', in: 'path', required: true, schema: { type: 'string' }, example: 'a b' },
          { name: 'toyId', in: 'path', required: true, schema: { type: 'integer' } },
          { name: 'kind', in: 'query', required: true, schema: { type: 'array', items: { type: 'string' } }, example: ['ball', 'rope'] },
          { name: 'limit', in: 'query', schema: { type: 'integer' }, example: 5 },
          { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' }, example: 't' },
        ],
        responses: ok,
      },
    },
    '/basic': { get: { security: [{ basic: [] }], responses: ok } },
    '/keys': { get: { security: [{ queryKey: [], cookieKey: [] }], responses: ok } },
    '/open': { get: { security: [{ bearer: [] }, {}], responses: ok } },
  },
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer' },
      basic: { type: 'http', scheme: 'basic' },
      queryKey: { type: 'apiKey', in: 'query', name: 'api key' },
      cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
    },
  },
} as unknown as OpenApiDocument;

const model = normalizeDocument(document);
const request = (path: string) =>
  exampleRequest(
    defined(
      model.operations.find((op) => op.path === path),
      path,
    ),
    model.securitySchemes,
    'my-key',
  );

describe('the example request', () => {
  it('fills written path and required query values by the wire rule, and leaves the rest visible or out', () => {
    const { method, path, headers } = request('/pets/{petId}/toys/{toyId}');
    expect(method).toBe('GET');
    // The integer id has no written value: shown as its name, encoded, never a made-up number.
    expect(path).toBe('/pets/a%20b/toys/%7BtoyId%7D?kind=ball&kind=rope');
    // Only the credential: an optional query value or a header parameter is no part of trying the mock.
    expect(headers).toEqual([['Authorization', 'Bearer my-key']]);
  });

  it('writes each credential where and as its scheme says', () => {
    expect(request('/basic').headers).toEqual([['Authorization', `Basic ${btoa('user:my-key')}`]]);
    const keys = request('/keys');
    expect(keys.path).toBe('/keys?api%20key=my-key');
    expect(keys.headers).toEqual([['Cookie', 'session=my-key']]);
  });

  it('sends no credential when the operation may be called without one', () => {
    expect(request('/open').headers).toEqual([]);
  });
});
