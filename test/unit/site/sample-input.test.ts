// The request a page's code samples show before the reader types anything: the documented
// request, a path parameter without a value written as `{name}`, a credential not entered shown
// as its placeholder, and a binary body shown as its example text.
import { describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import { panelView } from '../../../site/src/components/try-it/panel-model.ts';
import { documentedInput, readablePlaceholders, withPlaceholders } from '../../../site/src/lib/sample-input.ts';
import { buildRequest } from '../../../site/src/scripts/try-it/request.ts';

const model = normalizeDocument({
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example.com/v1' }],
  paths: {
    '/pets/{petId}/photo': {
      put: {
        security: [{ key: [] }, { basic: [] }],
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
        requestBody: { content: { 'image/png': { schema: { type: 'string', format: 'binary' }, example: 'PNG bytes' } } },
        responses: { '204': { description: 'stored' } },
      },
    },
  },
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, basic: { type: 'http', scheme: 'basic' } } },
} as never);
const op = model.operations[0]!;
const panel = panelView(op, model.servers, model.securitySchemes, 'http://127.0.0.1:4010');

describe('documentedInput', () => {
  it('sends the documented request to the first server, with {petId}, the key placeholder and the example body', () => {
    const request = buildRequest(documentedInput(panel.input, op));
    expect(readablePlaceholders(request.url)).toBe('https://pets.example.com/v1/pets/{petId}/photo');
    expect(request.headers).toContainEqual(['X-Api-Key', '<API_KEY>']);
    expect(request.body).toEqual({ kind: 'text', mediaType: 'image/png', text: 'PNG bytes' });
  });

  it('keeps what the reader typed and the file they chose', () => {
    const typed = {
      ...panel.input,
      params: panel.input.params.map((p) => ({ ...p, value: '42' })),
      auth: panel.input.auth.map((a) => ({ ...a, values: { secret: 'k-123' } })),
      body: { kind: 'binary' as const, mediaType: 'image/png', file: { name: 'rex.png' } as never },
    };
    const request = buildRequest(documentedInput(typed, op));
    expect(request.url).toBe('https://pets.example.com/v1/pets/42/photo');
    expect(request.headers).toContainEqual(['X-Api-Key', 'k-123']);
    expect(request.body).toMatchObject({ kind: 'binary', file: { name: 'rex.png' } });
  });
});

describe('withPlaceholders', () => {
  it('fills an empty user name and password as the encoded pair they stand for, and leaves entered ones', () => {
    const basic = panel.data.schemes.find((s) => s.name === 'basic')!;
    const empty = withPlaceholders({ ...panel.input, auth: [{ scheme: basic, values: {} }] });
    expect(empty.auth[0]?.values.secret).toBe(basic.credential?.placeholder);
    const entered = withPlaceholders({ ...panel.input, auth: [{ scheme: basic, values: { username: 'ann' } }] });
    expect(entered.auth[0]?.values).toEqual({ username: 'ann' });
  });
});

describe('readablePlaceholders', () => {
  it('writes an encoded path placeholder back as typed, and nothing else', () => {
    expect(readablePlaceholders('https://x.test/a/%7Bpet_id%7D/b%7Bx%20y%7D?q=%7Bz%7D')).toBe('https://x.test/a/{pet_id}/b%7Bx%20y%7D?q={z}');
  });
});
