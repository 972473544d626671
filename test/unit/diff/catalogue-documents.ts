// Documents for the catalogue's tests: one small 3.1 description with an operation, a webhook,
// security schemes and components, and the places a schema can sit in it (a scope of check-id.ts).
import { compareModels, type CompareOptions } from '../../../scripts/diff/compare.ts';
import type { ApiChanges } from '../../../scripts/diff/types.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';

export type Doc = Record<string, any>;

const json = (schema: Doc): Doc => ({ 'application/json': { schema } });

export function baseDoc(): Doc {
  return {
    openapi: '3.1.0',
    info: { title: 'Things', version: '1.0.0' },
    servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          tags: ['things'],
          security: [{ key: [] }],
          parameters: [{ name: 'q', in: 'query', schema: { type: 'string' } }],
          requestBody: { required: false, content: json({ type: 'object', properties: { name: { type: 'string' } } }) },
          responses: {
            '200': {
              description: 'ok',
              headers: { 'X-Rate': { schema: { type: 'integer' } } },
              content: json({ type: 'object', required: ['id'], properties: { id: { type: 'string' }, note: { type: 'string' } } }),
            },
            '400': { description: 'bad' },
          },
        },
        get: { operationId: 'listThings', responses: { '200': { description: 'ok' } } },
      },
    },
    webhooks: {
      thingCreated: {
        post: {
          operationId: 'thingCreated',
          parameters: [{ name: 'X-Sig', in: 'header', schema: { type: 'string' } }],
          requestBody: { content: json({ type: 'object', properties: { id: { type: 'string' } } }) },
          responses: { '200': { description: 'ok', headers: { 'X-Ack': { schema: { type: 'string' } } }, content: json({ type: 'object' }) } },
        },
      },
    },
    components: {
      securitySchemes: {
        key: { type: 'apiKey', in: 'header', name: 'X-Key' },
        oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { read: 'Read', write: 'Write' } } } },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://auth.example.com/.well-known/openid-configuration' },
      },
      schemas: {
        A: { type: 'object', properties: { a: { type: 'string' } } },
        B: { type: 'object', properties: { b: { type: 'string' } } },
        Kept: { type: 'object', properties: { k: { type: 'string' } } },
      },
    },
  };
}

export const post = (d: Doc): Doc => d.paths['/things'].post;
export const webhook = (d: Doc): Doc => d.webhooks.thingCreated.post;
export const requestSchema = (d: Doc): Doc => post(d).requestBody.content['application/json'].schema;
export const responseSchema = (d: Doc): Doc => post(d).responses['200'].content['application/json'].schema;

/** Where a keyword check's schema sits, by the scope its id names. */
export const PLACES: Record<string, (d: Doc, schema: Doc) => void> = {
  'request-body': (d, s) => {
    post(d).requestBody.content['application/json'].schema = s;
  },
  'request-property': (d, s) => {
    requestSchema(d).properties.field = s;
  },
  'request-parameter': (d, s) => {
    post(d).parameters[0].schema = s;
  },
  'request-parameter-property': (d, s) => {
    post(d).parameters[0] = { name: 'q', in: 'query', style: 'deepObject', schema: { type: 'object', properties: { field: s } } };
  },
  'request-read-only-property': (d, s) => {
    requestSchema(d).properties.field = { ...s, readOnly: true };
  },
  'response-body': (d, s) => {
    post(d).responses['200'].content['application/json'].schema = s;
  },
  'response-property': (d, s) => {
    responseSchema(d).properties.field = s;
  },
  'response-header': (d, s) => {
    post(d).responses['200'].headers['X-Rate'].schema = s;
  },
  'response-parameter': (d, s) => {
    webhook(d).parameters[0].schema = s;
  },
  'response-write-only-property': (d, s) => {
    responseSchema(d).properties.field = { ...s, writeOnly: true };
  },
};

/** Compares the base document, changed by `start`, with a copy changed by `edit` as well. */
export function compare(start: (d: Doc) => void, edit: (d: Doc) => void, options: CompareOptions = {}): ApiChanges {
  const base = baseDoc();
  start(base);
  const head = structuredClone(base);
  edit(head);
  return compareModels(normalizeDocument(base as OpenApiDocument), normalizeDocument(head as OpenApiDocument), {
    date: '2026-01-01',
    checkVersion: true,
    ...options,
  });
}
