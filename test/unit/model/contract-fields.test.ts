// What the model decides once for every reader: each scheme's credential on the wire, each
// server's resolved URL, each parameter's shape and sample and each header's sample, each page's
// path, and which schemas each operation reaches, by direction. Inline documents.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { credentialValue } from '../../../scripts/model/contract/credential.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { pageUrl } from '../../../scripts/model/contract/pages.ts';
import { sameWire, type WireParameter } from '../../../scripts/model/contract/wire.ts';

const model = (yaml: string) => normalizeDocument(parse(yaml) as OpenApiDocument);

describe('credentials', () => {
  const { securitySchemes } = model(`openapi: 3.1.0
info: {title: t, version: '1'}
paths: {}
components:
  securitySchemes:
    bearer: {type: http, scheme: Bearer, bearerFormat: JWT}
    basic: {type: http, scheme: basic}
    digest: {type: http, scheme: Digest}
    headerKey: {type: apiKey, in: header, name: X-API-Key}
    queryKey: {type: apiKey, in: query, name: api_key}
    cookieKey: {type: apiKey, in: cookie, name: session}
    oauth: {type: oauth2, flows: {clientCredentials: {tokenUrl: 'https://auth.example.com/token', scopes: {}}}}
    oidc: {type: openIdConnect, openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration'}
    tls: {type: mutualTLS}
`);
  const credential = (name: string) => securitySchemes.find((s) => s.name === name)?.credential;

  it('says for every kind of scheme where the credential goes and how a sample writes it', () => {
    expect(
      Object.fromEntries(securitySchemes.map((s) => [s.name, s.credential && `${s.credential.in} ${s.credential.name}: ${s.credential.sample}`])),
    ).toMatchInlineSnapshot(`
        {
          "basic": "header Authorization: Basic <BASE64_USER_AND_PASSWORD>",
          "bearer": "header Authorization: Bearer <API_KEY>",
          "cookieKey": "cookie session: <API_KEY>",
          "digest": "header Authorization: digest <CREDENTIALS>",
          "headerKey": "header X-API-Key: <API_KEY>",
          "oauth": "header Authorization: Bearer <ACCESS_TOKEN>",
          "oidc": "header Authorization: Bearer <ACCESS_TOKEN>",
          "queryKey": "query api_key: <API_KEY>",
          "tls": undefined,
        }
      `);
  });

  it('writes a secret in its form', () => {
    expect(credentialValue(credential('bearer')!, 'k')).toBe('Bearer k');
    expect(credentialValue(credential('basic')!, { username: 'zoë', password: 'p:w' })).toBe(`Basic ${Buffer.from('zoë:p:w').toString('base64')}`);
    expect(credentialValue(credential('digest')!, 'username="a"')).toBe('digest username="a"');
    expect(credentialValue(credential('digest')!, 'digest username="a"')).toBe('digest username="a"');
    expect(credentialValue(credential('queryKey')!, 's&t')).toBe('s&t');
    expect(credentialValue(credential('oidc')!, 'token')).toBe('Bearer token');
  });
});

describe('servers', () => {
  it('resolves variables to their defaults, encoded, and keeps the template and variables', () => {
    const { servers } = model(`openapi: 3.0.3
info: {title: t, version: '1'}
servers:
  - url: 'https://{region}.example.com:{port}/{base}'
    variables:
      region: {default: eu, enum: [eu, us]}
      port: {default: '8443'}
      base: {default: "v1/it's here"}
  - url: '/{undeclared}/api'
paths: {}
`);
    expect(servers.map((s) => s.resolvedUrl)).toEqual(['https://eu.example.com:8443/v1/it%27s%20here', '/{undeclared}/api']);
    expect(servers[0]?.url).toBe('https://{region}.example.com:{port}/{base}');
    expect(servers[0]?.variables.region).toEqual({ default: 'eu', enum: ['eu', 'us'] });
  });

  it('gives a document without servers the root, resolved', () => {
    expect(model(`openapi: 3.0.3\ninfo: {title: t, version: '1'}\npaths: {}\n`).servers).toEqual([{ url: '/', resolvedUrl: '/', variables: {} }]);
  });
});

describe('parameters and headers', () => {
  const op = model(`openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /things/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {$ref: '#/components/schemas/Id'}}
        - {name: tags, in: query, schema: {allOf: [{$ref: '#/components/schemas/Tags'}]}}
        - {name: filter, in: query, style: deepObject, schema: {properties: {color: {type: string}}}}
        - {name: mode, in: query, schema: {type: string, enum: [fast, slow]}}
        - {name: since, in: query, schema: {type: string, format: date}}
        - {name: limit, in: query, example: 5, schema: {type: integer, default: 20}}
        - {name: choice, in: query, schema: {oneOf: [{type: array, items: {type: string}}, {type: string}]}}
        - {name: where, in: query, content: {application/json: {schema: {type: object}}}}
      responses:
        '200':
          description: ok
          headers:
            X-Rate-Limit: {schema: {type: integer, minimum: 1}}
            X-Trace: {schema: {type: string}, example: abc}
            X-Kinds: {schema: {type: array, items: {type: string, enum: [a, b]}}}
components:
  schemas:
    Id: {type: integer, minimum: 1}
    Tags: {type: array, items: {type: string}}
`).operations[0]!; // the document above declares one operation
  const parameters = Object.fromEntries(op.parameters.map((p) => [p.name, p]));

  it('gives each parameter the shape its value takes on the wire, through references, allOf and alternatives', () => {
    expect(Object.fromEntries(op.parameters.map((p) => [p.name, p.shape]))).toEqual({
      id: 'scalar',
      tags: 'array',
      filter: 'object',
      mode: 'scalar',
      since: 'scalar',
      limit: 'scalar',
      choice: 'array',
      where: 'scalar',
    });
    expect(parameters.where?.mediaType).toBe('application/json');
  });

  it('gives each a sample by one rule: declared example, then the schema, then one made from the type', () => {
    expect(Object.fromEntries(op.parameters.map((p) => [p.name, p.sample]))).toMatchInlineSnapshot(`
      {
        "choice": {
          "generated": true,
          "value": [
            "string",
          ],
        },
        "filter": {
          "generated": true,
          "value": {
            "color": "string",
          },
        },
        "id": {
          "generated": true,
          "value": 1,
        },
        "limit": {
          "generated": false,
          "value": 5,
        },
        "mode": {
          "generated": false,
          "value": "fast",
        },
        "since": {
          "generated": true,
          "value": "1970-01-01",
        },
        "tags": {
          "generated": true,
          "value": [
            "string",
          ],
        },
        "where": {
          "generated": true,
          "value": {},
        },
      }
    `);
    expect(Object.fromEntries((op.responses[0]?.headers ?? []).map((h) => [h.name, h.sample]))).toEqual({
      'X-Rate-Limit': { value: 1, generated: true },
      'X-Trace': { value: 'abc', generated: false },
      'X-Kinds': { value: ['a'], generated: true },
    });
  });
});

describe('pages and reachability', () => {
  const m = model(`openapi: 3.1.0
info: {title: t, version: '1'}
tags: [{name: Pet Store}]
paths:
  /pets:
    post:
      operationId: createPet
      tags: [Pet Store]
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/NewPet'}}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
      callbacks:
        adopted:
          '{$request.body#/hook}':
            post: {responses: {'204': {description: ok}}}
webhooks:
  petAdopted:
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
      responses: {'204': {description: ok}}
components:
  schemas:
    NewPet: {type: object, properties: {name: {$ref: '#/components/schemas/Name'}}}
    Pet: {allOf: [{$ref: '#/components/schemas/NewPet'}, {type: object, properties: {id: {type: integer}}}]}
    Name: {type: string}
    Unused: {type: string}
`);

  it('says where every page is, relative to the base, and pageUrl puts it under one', () => {
    expect(m.operations.map((op) => op.page)).toEqual(['operations/create-pet/']);
    expect(m.operations[0]?.callbacks[0]?.operations[0]?.page).toBe('operations/create-pet/');
    expect(m.webhooks.map((op) => op.page)).toEqual(['webhooks/post-pet-adopted/']);
    expect(m.tags.map((t) => t.page)).toEqual(['tags/pet-store/', 'tags/default/']);
    expect(m.schemas.map((s) => s.page)).toEqual(['schemas/new-pet/', 'schemas/pet/', 'schemas/name/', 'schemas/unused/']);
    expect(pageUrl('', m.operations[0]?.page ?? '')).toBe('/operations/create-pet/');
    expect(pageUrl('/docs/', m.operations[0]?.page ?? '')).toBe('/docs/operations/create-pet/');
    expect(pageUrl('https://portal.example.com', 'tags/pet-store/')).toBe('https://portal.example.com/tags/pet-store/');
  });

  it('lists who reaches each schema, by the way the data flows', () => {
    expect(Object.fromEntries(m.schemas.map((s) => [s.name, s.reach]))).toEqual({
      NewPet: { request: ['create-pet', 'post-pet-adopted'], response: ['create-pet'] },
      Pet: { request: ['post-pet-adopted'], response: ['create-pet'] },
      Name: { request: ['create-pet', 'post-pet-adopted'], response: ['create-pet'] },
      Unused: { request: [], response: [] },
    });
    expect(m.schemas.find((s) => s.name === 'Pet')?.usedBy).toEqual(['create-pet', 'post-pet-adopted']);
  });
});

describe('the change report asks the wire rule', () => {
  const param = (partial: Partial<WireParameter>): WireParameter => ({ name: 'p', in: 'query', style: 'form', explode: true, shape: 'scalar', ...partial });

  it('a new style or explode that writes every value the same is no change', () => {
    expect(sameWire(param({}), param({ explode: false }))).toBe(true);
    expect(sameWire(param({ in: 'path', style: 'simple' }), param({ in: 'path', style: 'simple', explode: true }))).toBe(true);
    expect(sameWire(param({ shape: 'array' }), param({ shape: 'array', explode: false }))).toBe(false);
    expect(sameWire(param({ in: 'path', style: 'simple' }), param({ in: 'path', style: 'matrix' }))).toBe(false);
    expect(sameWire(param({ shape: 'object', style: 'deepObject' }), param({ shape: 'object' }))).toBe(false);
  });
});
