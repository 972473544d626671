// The try-it panel as a reader finds it, decided before the page is written: a control per
// parameter (a list for an enumeration or a boolean, a number field with its bounds, a file
// picker for binary), the credentials each scheme asks for and how they are sent, the servers
// with their variables, the body's examples or form fields, and the answers the mock can be asked for.
import { describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { ApiModel } from '../../../scripts/model/contract/types.ts';
import { panelView } from '../../../site/src/components/try-it/panel-model.ts';

const MOCK = 'http://127.0.0.1:4010';

function model(document: Record<string, unknown>): ApiModel {
  return normalizeDocument({ openapi: '3.1.0', info: { title: 'Pets', version: '1' }, ...document } as never);
}

/** The panel of the document's only operation. */
function panelOf(document: Record<string, unknown>) {
  const m = model(document);
  const schemas = new Map(m.schemas.map((s) => [s.name, s]));
  return panelView(m.operations[0]!, m.servers, m.securitySchemes, MOCK, schemas);
}

const ok = { '200': { description: 'ok' } };

describe('parameters', () => {
  const panel = panelOf({
    paths: {
      '/pets/{petId}': {
        get: {
          parameters: [
            { name: 'petId', in: 'path', required: true, schema: { type: 'integer', minimum: 1, maximum: 999 }, example: 7 },
            { name: 'status', in: 'query', schema: { type: 'string', enum: ['available', 'sold', null] } },
            { name: 'sort', in: 'query', required: true, schema: { type: 'string', enum: ['name', 'age'] } },
            { name: 'full', in: 'query', schema: { type: 'boolean', default: false } },
            { name: 'weight', in: 'query', schema: { type: 'number' } },
            { name: 'name', in: 'query', schema: { type: 'string', minLength: 2, format: 'slug' }, example: 'rex' },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
            { name: 'filter', in: 'query', schema: { $ref: '#/components/schemas/Filter' } },
            { name: 'country', in: 'query', schema: { type: 'string', enum: Array.from({ length: 300 }, (_, i) => `c${i}`) } },
            { name: 'Accept', in: 'header', schema: { type: 'string' } },
            { name: 'X-Request-Id', in: 'header', deprecated: true, schema: { type: 'string' } },
            { name: 'Cookie-Free', in: 'header', schema: { type: 'string' } },
            { name: 'session', in: 'cookie', schema: { type: 'string' } },
          ],
          responses: ok,
        },
      },
    },
    components: { schemas: { Filter: { type: 'object', properties: { tag: { type: 'string' } } } } },
  });
  const field = (name: string) =>
    Object.values(panel.params)
      .flat()
      .find((p) => p.name === name)!;

  it('gives a number field its bounds and step, and a required one the sample to start from', () => {
    expect(field('petId')).toMatchObject({
      in: 'path',
      control: 'number',
      min: 1,
      max: 999,
      step: '1',
      required: true,
      value: '7',
      hint: 'integer · min 1 · max 999',
    });
    expect(field('weight')).toMatchObject({ control: 'number', step: 'any', value: '' });
  });

  it("lists an enumeration's values, with (not sent) first for an optional one and the first value chosen for a required one", () => {
    expect(field('status').options).toEqual([
      { value: '', label: '(not sent)', selected: true },
      { value: 'available', label: 'available', selected: false },
      { value: 'sold', label: 'sold', selected: false },
    ]);
    expect(field('sort')).toMatchObject({ control: 'select', value: 'name' });
    expect(field('sort').options.map((o) => o.selected)).toEqual([true, false]);
    expect(field('full')).toMatchObject({ control: 'select', value: 'false', hint: 'boolean · default false' });
  });

  it('types in a large enumeration, and says how many values it has', () => {
    expect(field('country')).toMatchObject({ control: 'text', hint: 'string · one of 300 values' });
  });

  it('shows an example as a placeholder, and what a text, array or JSON value takes as a hint', () => {
    expect(field('name')).toMatchObject({ control: 'text', value: '', placeholder: 'e.g. rex', hint: 'string · slug · at least 2 characters' });
    expect(field('tags').hint).toBe('array of string, comma-separated');
    expect(field('filter').hint).toBe('object · as JSON');
  });

  it('leaves out the headers OpenAPI ignores, and marks what only the code samples can send', () => {
    expect(field('Accept')).toBeUndefined();
    expect(panel.params.header.map((p) => [p.name, p.curlOnly, p.deprecated])).toEqual([
      ['X-Request-Id', false, true],
      ['Cookie-Free', false, false],
    ]);
    expect(field('session').curlOnly).toBe(true);
  });

  it('fills the request the samples start from with the prefilled values', () => {
    expect(panel.input.params.filter((p) => p.value !== '').map((p) => [p.spec.name, p.value])).toEqual([
      ['petId', '7'],
      ['sort', 'name'],
      ['full', 'false'],
    ]);
  });
});

describe('credentials', () => {
  const panel = panelOf({
    paths: {
      '/pets': {
        get: {
          security: [
            { bearer: [] },
            { key: [], basic: [] },
            { cookieKey: [] },
            { oauth: ['read:pets'] },
            { oidc: [] },
            { mtls: [] },
            { digest: [] },
            { queryKey: [] },
            {},
          ],
          responses: ok,
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        queryKey: { type: 'apiKey', in: 'query', name: 'api_key' },
        cookieKey: { type: 'apiKey', in: 'cookie', name: 'sid' },
        basic: { type: 'http', scheme: 'basic' },
        digest: { type: 'http', scheme: 'digest' },
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://auth.example.com/authorize',
              tokenUrl: 'https://auth.example.com/token',
              scopes: { 'read:pets': 'read', 'write:pets': 'write' },
            },
            clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: {} },
          },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration' },
        mtls: { type: 'mutualTLS' },
      },
    },
  });
  const scheme = (name: string) => panel.auth.find((a) => a.scheme === name)!;

  it('asks each scheme for its credential and says how it is sent', () => {
    expect(scheme('bearer')).toMatchObject({ kind: 'bearer', note: 'Sent as Authorization: Bearer <key>.', inputs: [{ label: 'Bearer token (JWT)' }] });
    expect(scheme('key')).toMatchObject({ kind: 'apiKey', note: 'Sent in the header X-Api-Key.', inputs: [{ label: 'API key (header X-Api-Key)' }] });
    expect(scheme('queryKey').note).toBe('Sent in the query parameter api_key.');
    expect(scheme('cookieKey').note).toMatch(/^Sent as the cookie sid\. Browsers do not let a page set cookies for another site/);
    expect(scheme('basic')).toMatchObject({ kind: 'basic', inputs: [{ label: 'User name' }, { label: 'Password', type: 'password' }] });
    expect(scheme('digest')).toMatchObject({ kind: 'raw', inputs: [{ label: 'Authorization header value' }] });
    expect(scheme('mtls')).toMatchObject({ kind: 'unsupported', inputs: [] });
  });

  it('offers the OAuth flows it can run, with the scopes the operation asks for', () => {
    const oauth = scheme('oauth');
    expect(oauth.kind).toBe('token');
    expect(oauth.note).toMatch(/^Get an access token below, or paste one obtained through OAuth 2\.0/);
    expect(oauth.oauth?.flows.map((f) => [f.value, f.label, f.selected])).toEqual([
      ['authorizationCode', 'Authorization code with PKCE', true],
      ['clientCredentials', 'Client credentials', false],
    ]);
    expect(oauth.oauth?.inputs.find((i) => i.part === 'scopes')).toMatchObject({
      value: 'read:pets',
      hint: 'Separated by spaces; declared: read:pets, write:pets.',
    });
    expect(scheme('oidc').oauth?.flows.map((f) => f.value)).toEqual(['authorizationCode', 'clientCredentials']);
  });

  it('names each alternative, no authentication among them, and tells two fields of one label apart', () => {
    expect(panel.alternatives.map((a) => a.label)).toEqual([
      'bearer',
      'key and basic',
      'cookieKey',
      'oauth',
      'oidc',
      'mtls',
      'digest',
      'queryKey',
      'No authentication',
    ]);
    expect(scheme('oauth').inputs[0]?.label).toBe('Access token, oauth');
    expect(scheme('oidc').inputs[0]?.label).toBe('Access token, oidc');
  });
});

describe('servers', () => {
  it("starts on the first server, offering its variables' values", () => {
    const panel = panelOf({
      servers: [
        { url: 'https://{region}.pets.example.com/v1', description: 'Production. Billed.', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } },
        { url: MOCK },
      ],
      paths: { '/pets': { get: { responses: ok } } },
    });
    expect(panel.defaultTarget).toBe('server-0');
    expect(panel.input.base).toBe('https://eu.pets.example.com/v1');
    expect(panel.servers.map((s) => [s.url, s.description])).toEqual([['https://{region}.pets.example.com/v1', 'Production.']]);
    expect(panel.servers[0]?.variables[0]).toMatchObject({ label: 'region', control: 'select', value: 'eu' });
  });

  it("starts on the mock when the description names it first, and on the site's own origin when it names none (OpenAPI's `/`)", () => {
    const panel = panelOf({ servers: [{ url: `${MOCK}/` }], paths: { '/pets': { get: { responses: ok } } } });
    expect(panel).toMatchObject({ defaultTarget: 'mock', input: { base: MOCK }, servers: [] });
    expect(panelOf({ paths: { '/pets': { get: { responses: ok } } } })).toMatchObject({ defaultTarget: 'server-0', input: { base: '' } });
  });
});

describe('body', () => {
  it("starts on the first media type's first example, each example offered by name", () => {
    const panel = panelOf({
      paths: {
        '/pets': {
          post: {
            requestBody: {
              required: true,
              description: 'The pet to add. More later.',
              content: { 'application/json': { examples: { rex: { summary: 'A dog', value: { name: 'Rex' } }, tom: { value: { name: 'Tom' } } } } },
            },
            responses: ok,
          },
        },
      },
    });
    expect(panel.body).toMatchObject({ required: true, description: 'The pet to add.' });
    expect(panel.body?.media[0]?.examples.map((e) => e.label)).toEqual(['rex: A dog', 'tom']);
    expect(panel.input.body).toEqual({ kind: 'json', mediaType: 'application/json', text: '{\n  "name": "Rex"\n}' });
  });

  it('gives a form a field per property, a file picker only where multipart can send one', () => {
    const upload = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', default: 'Rex' },
        photo: { type: 'string', format: 'binary' },
        scans: { type: 'array', items: { type: 'string', format: 'binary' } },
      },
    };
    const panel = panelOf({
      paths: {
        '/pets': {
          post: {
            requestBody: { content: { 'multipart/form-data': { schema: upload }, 'application/x-www-form-urlencoded': { schema: upload } } },
            responses: ok,
          },
        },
      },
    });
    const [multipart, form] = panel.body!.media;
    expect(multipart?.fields.map((f) => [f.label, f.control, f.multiple, f.value])).toEqual([
      ['name', 'text', false, 'Rex'],
      ['photo', 'file', false, ''],
      ['scans', 'file', true, ''],
    ]);
    expect(form?.fields.map((f) => f.control)).toEqual(['text', 'text', 'text']);
    expect(panel.input.body).toEqual({ kind: 'multipart', mediaType: 'multipart/form-data', parts: [{ name: 'name', value: 'Rex' }] });
  });

  it('reads a form without a schema from its example, and sends bytes as bytes', () => {
    const panel = panelOf({
      paths: {
        '/pets': {
          post: {
            requestBody: {
              content: {
                'application/x-www-form-urlencoded': { example: { name: 'Rex', age: 3 } },
                'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
              },
            },
            responses: ok,
          },
        },
      },
    });
    expect(panel.body?.media[0]?.fields.map((f) => [f.label, f.value])).toEqual([
      ['name', 'Rex'],
      ['age', '3'],
    ]);
    expect(panel.body?.media[1]?.kind).toBe('binary');
  });
});

describe('scenarios', () => {
  it('offers each declared status and its named examples to ask the mock for', () => {
    const panel = panelOf({
      paths: {
        '/pets': {
          get: {
            responses: {
              '200': {
                description: 'The pets. Paged.',
                content: { 'application/json': { examples: { empty: { summary: 'None yet', value: [] }, 'two words': { value: [] } } } },
              },
              '4XX': { description: 'client error' },
              '404': { description: '' },
            },
          },
        },
      },
    });
    // A status's meaning is its own field: the template writes the dash between them as an entity.
    expect(panel.scenarios.map((s) => [s.value, s.label, s.detail])).toEqual([
      ['', 'Let the mock choose (the first success answer)', undefined],
      ['code=200', '200', 'The pets.'],
      ['code=200, example=empty', '200, example empty: None yet', undefined],
      ['code=404', '404', undefined],
    ]);
  });
});
