// The door to the bundled document: the mock's checks and Prism's engine read the objects the model
// was made from, by the model's pointers, through path item, parameter and body references, and get
// one operation's slice of the document with everything it refers to and nothing it does not.
import { describe, expect, it } from 'vitest';
import {
  engineSlice,
  followRefs,
  type OpenApiDocument,
  operationObject,
  parameterObject,
  parameterSchema,
  pathItemObject,
  requestContent,
  resolveRef,
} from '../../../scripts/model/document/document.ts';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { Operation } from '../../../scripts/model/contract/types.ts';

const DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://pets.example.com/v1' }],
  security: [{ key: [] }],
  paths: {
    '/pets/{petId}': { $ref: '#/components/x-paths/pet' },
    '/pets': {
      post: {
        operationId: 'createPet',
        requestBody: { $ref: '#/components/requestBodies/NewPet' },
        responses: { '201': { description: 'made' } },
        callbacks: { made: { '{$request.body#/hook}': { post: { responses: { '200': { description: 'ok' } } } } } },
      },
      get: {
        operationId: 'listPets',
        parameters: [{ name: 'filter', in: 'query', content: { 'application/json': { schema: { $ref: '#/components/schemas/Filter' } } } }],
        responses: { '200': { description: 'pets' } },
      },
    },
  },
  components: {
    'x-paths': {
      pet: {
        parameters: [{ $ref: '#/components/parameters/PetId' }],
        get: {
          operationId: 'getPet',
          responses: { '200': { description: 'a pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
        },
      },
    },
    parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'integer' } } },
    requestBodies: { NewPet: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } } },
    schemas: {
      Pet: { type: 'object', properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } } },
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      Filter: { type: 'object', properties: { tag: { type: 'string' } } },
      Unused: { type: 'string' },
    },
    securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
  },
} as unknown as OpenApiDocument;

const model = normalizeDocument(structuredClone(DOCUMENT));
const operation = (id: string): Operation => model.operations.find((o) => o.operationId === id)!;

describe('references', () => {
  it('follows a chain of $refs to its end, and gives nothing for one that leads nowhere or in a loop', () => {
    const doc = { a: { $ref: '#/b' }, b: { $ref: '#/c' }, c: { value: 1 }, x: { $ref: '#/y' }, y: { $ref: '#/x' } } as never;
    expect(followRefs(doc, { $ref: '#/a' })).toEqual({ value: 1 });
    expect(followRefs(doc, { $ref: '#/missing' })).toBeUndefined();
    expect(followRefs(doc, { $ref: '#/x' })).toBeUndefined();
    expect(followRefs(doc, 'plain')).toBe('plain');
    expect(resolveRef(doc, 'other.yaml#/a')).toBeUndefined();
  });
});

describe('objects by the model pointers', () => {
  it('reads an operation and its path item through a path item $ref', () => {
    const getPet = operation('getPet');
    expect(operationObject(DOCUMENT, getPet)?.operationId).toBe('getPet');
    expect(pathItemObject(DOCUMENT, getPet)?.parameters).toEqual([{ $ref: '#/components/parameters/PetId' }]);
  });

  it("reads a parameter through its $ref, and its schema from `schema` or its content's media type", () => {
    const petId = operation('getPet').parameters.find((p) => p.name === 'petId')!;
    expect(parameterObject(DOCUMENT, petId)).toMatchObject({ name: 'petId', in: 'path' });
    expect(parameterSchema(DOCUMENT, petId)).toEqual({ type: 'integer' });
    const filter = operation('listPets').parameters.find((p) => p.name === 'filter')!;
    expect(parameterSchema(DOCUMENT, filter)).toEqual({ $ref: '#/components/schemas/Filter' });
    expect(parameterSchema(DOCUMENT, { pointer: '#/paths/~1nowhere/get/parameters/0' })).toBeUndefined();
  });

  it('reads the request body through its $ref, and an operation without one as empty', () => {
    expect(Object.keys(requestContent(DOCUMENT, operation('createPet')))).toEqual(['application/json']);
    expect(requestContent(DOCUMENT, operation('listPets'))).toEqual({});
    expect(operationObject(DOCUMENT, { pointer: '#/paths/~1nowhere/get' })).toBeUndefined();
  });
});

describe("the engine's slice", () => {
  it('holds the operation under its path, its path item parameters and the components its $refs reach, transitively', () => {
    const slice = engineSlice(DOCUMENT, operation('getPet')) as any;
    expect(Object.keys(slice.paths)).toEqual(['/pets/{petId}']);
    expect(Object.keys(slice.paths['/pets/{petId}'])).toEqual(['get', 'parameters']);
    expect(Object.keys(slice.components.schemas).sort()).toEqual(['Owner', 'Pet']);
    expect(slice.components.parameters.PetId.name).toBe('petId');
    expect(slice.servers).toEqual(DOCUMENT.servers);
    expect(slice.security).toEqual(DOCUMENT.security);
    expect(Object.keys(slice.components.securitySchemes)).toEqual(['key']);
  });

  it("leaves the operation's callbacks out: the engine would send them itself", () => {
    const slice = engineSlice(DOCUMENT, operation('createPet')) as any;
    expect(slice.paths['/pets'].post.callbacks).toBeUndefined();
    expect(slice.paths['/pets'].post.requestBody).toEqual({ $ref: '#/components/requestBodies/NewPet' });
    expect(Object.keys(slice.components.requestBodies)).toEqual(['NewPet']);
    expect(slice.paths['/pets'].get).toBeUndefined();
  });

  it('keeps a component named __proto__ as a component', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/a': { get: { responses: { '200': { description: 'a', content: { 'application/json': { schema: { $ref: '#/components/schemas/__proto__' } } } } } } },
      },
      components: { schemas: JSON.parse('{"__proto__": {"type": "string"}}') },
    } as unknown as OpenApiDocument;
    const slice = engineSlice(doc, { pointer: '#/paths/~1a/get', path: '/a', method: 'get' }) as any;
    expect(Object.hasOwn(slice.components.schemas, '__proto__')).toBe(true);
    expect(Object.getOwnPropertyDescriptor(slice.components.schemas, '__proto__')?.value).toEqual({ type: 'string' });
  });
});
