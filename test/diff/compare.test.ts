// Pairs of small documents, built through the real model pipeline, and the
// changes the comparison reports between them: one test per kind of change.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { compareModels, type ApiChanges } from '../../scripts/diff/compare.ts';
import { formatText, groupChanges } from '../../scripts/diff/format.ts';
import { formatMarkdown } from '../../scripts/diff/format-markdown.ts';
import type { ApiChange } from '../../scripts/diff/types.ts';
import { buildModel } from '../../scripts/model/index.ts';
import type { ApiModel } from '../../scripts/model/contract/types.ts';
import { runScript, type Finished } from '../helpers/processes.ts';
import { defined } from '../helpers/defined.ts';

type Doc = Record<string, any>;

const json = (schema: Doc): Doc => ({ 'application/json': { schema } });
const ref = (name: string): Doc => ({ $ref: `#/components/schemas/${name}` });

/** The base version every test starts from; each test edits a copy. */
function baseDoc(): Doc {
  return {
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1.0.0' },
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer', format: 'int32' } },
            { name: 'status', in: 'query', schema: { type: 'string', enum: ['available', 'sold'] } },
          ],
          responses: {
            '200': { description: 'Pets', content: json({ type: 'array', items: ref('Pet') }) },
            '400': { description: 'Bad request' },
          },
        },
        post: {
          operationId: 'createPet',
          security: [{ api_key: [] }],
          requestBody: { required: false, content: json(ref('NewPet')) },
          responses: { '201': { description: 'Created', content: json(ref('Pet')) } },
        },
      },
      '/pets/{petId}': {
        get: {
          operationId: 'getPet',
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: {
            '200': { description: 'A pet', content: json(ref('Pet')) },
            '404': { description: 'Not found' },
          },
        },
        delete: {
          operationId: 'deletePet',
          security: [{ oauth: ['write:pets'] }],
          parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '204': { description: 'Deleted' } },
        },
      },
    },
    components: {
      schemas: {
        Pet: {
          type: 'object',
          required: ['id', 'name'],
          properties: {
            id: { type: 'integer', format: 'int64' },
            name: { type: 'string' },
            status: { type: 'string', enum: ['available', 'sold'] },
            tag: { type: 'string' },
            born: { type: 'string', format: 'date' },
          },
        },
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: {
            name: { type: 'string', maxLength: 50 },
            kind: { type: 'string', enum: ['cat', 'dog'] },
            age: { type: 'integer' },
            owner: ref('Owner'),
          },
        },
        Owner: { type: 'object', properties: { name: { type: 'string' }, phone: { type: 'string' } } },
        Category: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: 'array', items: ref('Category') } },
        },
      },
      securitySchemes: {
        api_key: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        oauth: {
          type: 'oauth2',
          flows: {
            clientCredentials: { tokenUrl: 'https://auth.example.com/token', scopes: { 'read:pets': 'Read', 'write:pets': 'Write' } },
          },
        },
      },
    },
  };
}

let dir: string;
const built = new Map<string, Promise<ApiModel>>();
let counter = 0;

/** Builds a document through buildModel; identical documents are built once. */
function model(doc: Doc): Promise<ApiModel> {
  const text = stringify(doc);
  let found = built.get(text);
  if (!found) {
    const file = join(dir, `doc-${++counter}.yaml`);
    writeFileSync(file, text);
    found = buildModel(file, { lint: false }).then((r) => r.model);
    built.set(text, found);
  }
  return found;
}

async function diff(edit: (doc: Doc) => void, start: (doc: Doc) => void = () => {}): Promise<ApiChanges> {
  const base = baseDoc();
  start(base);
  const head = structuredClone(base);
  edit(head);
  return compareModels(await model(base), await model(head));
}

/**
 * The one change of `kind`; fails when there are none or several. A change inside a component schema is
 * reported once, on the schema: a location in a body (`response 200 body .owner.name`) finds it there too.
 */
function one(changes: ApiChanges, kind: ApiChange['kind'], location?: string): ApiChange {
  let found = changes.changes.filter((c) => c.kind === kind && (location === undefined || c.location === location));
  const field = location === undefined ? undefined : /(?:body|payload) (\S.*)$/.exec(location)?.[1];
  if (!found.length && field)
    found = changes.changes.filter((c) => c.kind === kind && c.subject === 'schema' && c.location !== undefined && field.endsWith(c.location));
  expect(found, `${kind}${location ? ` at ${location}` : ''} in ${JSON.stringify(changes.changes, null, 1)}`).toHaveLength(1);
  return defined(found[0], kind);
}

const kinds = (changes: ApiChanges): string[] => changes.changes.map((c) => c.kind);
const op = (doc: Doc, path: string, method: string): Doc => doc.paths[path][method];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'diff-test-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('operations', () => {
  it('reports nothing for identical documents', async () => {
    const changes = await diff(() => {});
    expect(changes.changes).toEqual([]);
    expect(changes.summary.total).toBe(0);
    expect(changes.summary.breaking).toBe(0);
  });

  it('an added operation is not breaking', async () => {
    const changes = await diff((d) => {
      d.paths['/pets/{petId}'].put = { operationId: 'updatePet', responses: { '200': { description: 'ok' } } };
    });
    const c = one(changes, 'operation-added');
    expect(c).toMatchObject({
      breaking: false,
      subject: 'operation',
      operation: { method: 'put', path: '/pets/{petId}', operationId: 'updatePet', slug: 'update-pet' },
    });
    expect(c.message).toBe('PUT /pets/{petId} (updatePet) was added.');
    expect(changes.summary.operations).toEqual({ added: 1, removed: 0, changed: 0, moved: 0 });
  });

  it('a removed operation is breaking', async () => {
    const changes = await diff((d) => {
      delete d.paths['/pets/{petId}'].delete;
    });
    const c = one(changes, 'operation-removed');
    expect(c).toMatchObject({ breaking: true, operation: { method: 'delete', operationId: 'deletePet' } });
    expect(c.message).toContain('DELETE /pets/{petId} (deletePet) was removed');
    expect(c.message).toContain('clients that call it will get errors');
    expect(kinds(changes)).toEqual(['operation-removed']);
  });

  it('an operation moved to a new path with its operationId kept is one breaking operation-moved change', async () => {
    const changes = await diff((d) => {
      d.paths['/animals/{petId}'] = { get: op(d, '/pets/{petId}', 'get') };
      delete d.paths['/pets/{petId}'].get;
    });
    expect(changes.changes).toHaveLength(1);
    const c = one(changes, 'operation-moved');
    expect(c).toMatchObject({
      breaking: true,
      operation: { method: 'get', path: '/animals/{petId}', operationId: 'getPet' },
      previous: { method: 'get', path: '/pets/{petId}' },
    });
    expect(c.message).toBe('getPet moved from GET /pets/{petId} to GET /animals/{petId}; clients that call the old path will get errors.');
    expect(changes.summary.operations).toEqual({ added: 0, removed: 0, changed: 0, moved: 1 });
  });

  it('an operation moved to another method is operation-moved too', async () => {
    const changes = await diff((d) => {
      d.paths['/pets/{petId}'].post = op(d, '/pets/{petId}', 'delete');
      delete d.paths['/pets/{petId}'].delete;
    });
    expect(kinds(changes)).toEqual(['operation-moved']);
    expect(one(changes, 'operation-moved').message).toContain('clients that call the old method and path will get errors');
  });

  it('renaming a path parameter is neither a move nor breaking', async () => {
    const changes = await diff((d) => {
      const get = op(d, '/pets/{petId}', 'get');
      get.parameters[0].name = 'id';
      d.paths['/pets/{id}'] = { get };
      delete d.paths['/pets/{petId}'].get;
    });
    const c = one(changes, 'path-parameter-renamed');
    expect(c).toMatchObject({ breaking: false, location: 'parameter path.id' });
    expect(kinds(changes)).toEqual(['path-parameter-renamed']);
  });

  it('operations without an operationId match by method and path; a changed operationId is a warning', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').operationId = 'findPets';
    });
    const c = one(changes, 'operation-id-changed');
    expect(c).toMatchObject({ breaking: false, level: 'warning', operation: { operationId: 'findPets' } });
    expect(c.message).toContain('changed from listPets to findPets');
    expect(changes.summary.operations).toEqual({ added: 0, removed: 0, changed: 1, moved: 0 });
  });

  it('deprecating an operation is information (as oasdiff), not breaking, and names its sunset and replacement', async () => {
    const changes = await diff((d) => {
      Object.assign(op(d, '/pets', 'get'), { deprecated: true, 'x-sunset': '2027-01-31', 'x-replaced-by': 'getPet' });
    });
    const c = one(changes, 'operation-deprecated');
    expect(c).toMatchObject({ id: 'endpoint-deprecated-with-sunset', breaking: false, level: 'info' });
    expect(c.message).toBe(
      'GET /pets is now deprecated: it is scheduled for removal on 2027-01-31; use getPet instead; it keeps working, but clients should move off it.',
    );
  });

  it('a demotion is breaking (oasdiff: api-stability-decreased), a promotion is not', async () => {
    const demoted = await diff((d) => {
      op(d, '/pets', 'get')['x-stability'] = 'beta';
    });
    expect(one(demoted, 'stability-changed')).toMatchObject({ id: 'api-stability-decreased', breaking: true, level: 'breaking' });
    expect(one(demoted, 'stability-changed').message).toContain('from stable to beta');
    const promoted = await diff(
      () => {},
      (d) => {
        op(d, '/pets', 'get')['x-stability'] = 'experimental';
      },
    );
    expect(promoted.changes).toEqual([]);
    const promotion = await diff(
      (d) => {
        delete op(d, '/pets', 'get')['x-stability'];
      },
      (d) => {
        op(d, '/pets', 'get')['x-stability'] = 'experimental';
      },
    );
    expect(one(promotion, 'stability-changed')).toMatchObject({ breaking: false, level: 'info' });
  });
});

describe('responses', () => {
  it('removing a success response is breaking', async () => {
    const changes = await diff((d) => {
      delete op(d, '/pets/{petId}', 'delete').responses['204'];
      op(d, '/pets/{petId}', 'delete').responses['202'] = { description: 'Accepted' };
    });
    const removed = one(changes, 'response-removed');
    expect(removed).toMatchObject({ breaking: true, location: 'response 204' });
    expect(removed.message).toBe('The 204 response was removed; clients that expect it will get a different status.');
    expect(one(changes, 'response-added')).toMatchObject({ breaking: false, location: 'response 202' });
  });

  it('removing an error response is not breaking', async () => {
    const changes = await diff((d) => {
      delete op(d, '/pets/{petId}', 'get').responses['404'];
    });
    expect(one(changes, 'response-removed')).toMatchObject({ breaking: false, level: 'info', message: 'The 404 response is no longer documented.' });
  });

  it('adding a response is not breaking', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').responses['429'] = { description: 'Too many requests' };
    });
    expect(one(changes, 'response-added')).toMatchObject({ breaking: false, message: 'A 429 response was added.' });
    expect(changes.summary.breaking).toBe(0);
  });

  it('a removed response media type is breaking, an added one is not', async () => {
    const changes = await diff((d) => {
      const r = op(d, '/pets/{petId}', 'get').responses['200'];
      r.content = { 'application/xml': r.content['application/json'] };
    });
    expect(one(changes, 'response-media-type-removed')).toMatchObject({ breaking: true, location: 'response 200 body (application/json)' });
    expect(one(changes, 'response-media-type-added')).toMatchObject({ breaking: false, location: 'response 200 body (application/xml)' });
  });

  it('a required field removed from a response body is breaking for clients that read it, an optional one a warning', async () => {
    const changes = await diff((d) => {
      delete d.components.schemas.Pet.properties.tag;
      delete d.components.schemas.Pet.properties.name;
      d.components.schemas.Pet.required = ['id'];
    });
    const c = one(changes, 'property-removed', 'response 200 body .name');
    // Once, on the schema, with every operation that reads it (arrays of it included).
    expect(c).toMatchObject({ id: 'response-required-property-removed', breaking: true, schema: 'Pet' });
    expect(c.users?.map((u) => u.operationId)).toEqual(['listPets', 'createPet', 'getPet']);
    expect(c.message).toBe('Field "name" of schema Pet (used by listPets, createPet, getPet) was removed; clients that read it will no longer get it.');
    expect(one(changes, 'property-removed', 'response 200 body .tag')).toMatchObject({ id: 'response-optional-property-removed', level: 'warning' });
  });

  it('a response field type or format change is breaking', async () => {
    const changes = await diff((d) => {
      d.components.schemas.Pet.properties.id = { type: 'string', format: 'uuid' };
      d.components.schemas.Pet.properties.born.format = 'date-time';
    });
    const type = one(changes, 'type-changed', 'response 200 body .id');
    expect(type.breaking).toBe(true);
    expect(type.message).toBe(
      'Field "id" of schema Pet (used by listPets, createPet, getPet) changed type from integer to string; clients that parse the old type will fail.',
    );
    // The type change already says it all: no separate format change for the same field.
    expect(changes.changes.filter((c) => c.kind === 'format-changed' && c.location?.endsWith('.id'))).toEqual([]);
    const format = one(changes, 'format-changed', 'response 200 body .born');
    expect(format.breaking).toBe(true);
    expect(format.message).toContain('changed format from date to date-time');
  });

  it('an enum value added to a response is a warning, not breaking', async () => {
    const changes = await diff((d) => {
      d.components.schemas.Pet.properties.status.enum.push('pending');
    });
    const c = one(changes, 'enum-value-added', 'response 200 body .status');
    expect(c).toMatchObject({ breaking: false, level: 'warning' });
    expect(c.message).toBe(
      'Field "status" of schema Pet (used by listPets, createPet, getPet) now also allows the value "pending"; clients that only handle the old values should be ready for it.',
    );
  });

  it('a response field that became optional or nullable is breaking', async () => {
    const changes = await diff((d) => {
      d.components.schemas.Pet.required = ['id'];
      d.components.schemas.Pet.properties.id.nullable = true;
    });
    expect(one(changes, 'property-became-optional', 'response 200 body .name')).toMatchObject({ breaking: true });
    expect(one(changes, 'nullable-changed', 'response 200 body .id').message).toContain('can now be null; clients that do not expect null will fail');
  });

  it('a removed required response header is breaking, an optional one a warning; a header made optional is breaking', async () => {
    const changes = await diff(
      (d) => {
        op(d, '/pets', 'get').responses['200'].headers = { 'X-Rate': { required: false, schema: { type: 'integer' } } };
      },
      (d) => {
        op(d, '/pets', 'get').responses['200'].headers = {
          'X-Next': { schema: { type: 'string' } },
          'X-Total': { required: true, schema: { type: 'integer' } },
          'X-Rate': { required: true, schema: { type: 'integer' } },
        };
      },
    );
    expect(changes.changes.map((c) => [c.id, c.level, c.location])).toEqual([
      ['optional-response-header-removed', 'warning', 'response 200 header X-Next'],
      ['required-response-header-removed', 'breaking', 'response 200 header X-Total'],
      ['response-header-became-optional', 'breaking', 'response 200 header X-Rate'],
    ]);
  });
});

describe('parameters', () => {
  it('a new required parameter is breaking, a new optional one is not', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').parameters.push(
        { name: 'owner', in: 'query', required: true, schema: { type: 'string' } },
        { name: 'X-Trace', in: 'header', schema: { type: 'string' } },
      );
    });
    const required = one(changes, 'required-parameter-added');
    expect(required).toMatchObject({ breaking: true, location: 'parameter query.owner' });
    expect(required.message).toBe('New required query parameter "owner"; existing requests that do not send it will be rejected.');
    expect(one(changes, 'parameter-added')).toMatchObject({
      breaking: false,
      location: 'parameter header.X-Trace',
      message: 'New optional header parameter "X-Trace".',
    });
  });

  it('a removed query parameter is a warning, not breaking (oasdiff policy)', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').parameters.shift();
    });
    const c = one(changes, 'parameter-removed');
    expect(c).toMatchObject({ breaking: false, level: 'warning', location: 'parameter query.limit' });
    expect(c.message).toContain('requests that still send it will succeed, but it will have no effect');
  });

  it('a parameter that became required is breaking', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').parameters[0].required = true;
    });
    const c = one(changes, 'parameter-became-required');
    expect(c).toMatchObject({ breaking: true, location: 'parameter query.limit' });
    expect(c.message).toBe('Query parameter "limit" became required; requests that leave it out will be rejected.');
  });

  it('a parameter moved to another location is one breaking change', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').parameters[0].in = 'header';
    });
    expect(kinds(changes)).toEqual(['parameter-location-changed']);
    const c = one(changes, 'parameter-location-changed');
    expect(c).toMatchObject({ breaking: true, location: 'parameter header.limit' });
    expect(c.message).toContain('moved from the query to the header');
  });

  it('a parameter type or format change is breaking; widening integer to number, or to text, is not', async () => {
    const typed = await diff((d) => {
      op(d, '/pets', 'get').parameters[0].schema = { type: 'boolean' };
    });
    const type = one(typed, 'type-changed');
    expect(type).toMatchObject({ breaking: true, location: 'parameter query.limit' });
    expect(type.message).toBe('Query parameter "limit" changed type from integer to boolean; requests that send the old type will be rejected.');
    // A parameter travels as text: every integer sent before is a string the server accepts.
    const text = await diff((d) => {
      op(d, '/pets', 'get').parameters[0].schema = { type: 'string' };
    });
    expect(one(text, 'type-changed')).toMatchObject({ id: 'request-parameter-type-generalized', breaking: false });

    const formatted = await diff((d) => {
      op(d, '/pets', 'get').parameters[0].schema.format = 'int64';
    });
    expect(one(formatted, 'format-changed')).toMatchObject({
      breaking: true,
      message: 'Query parameter "limit" changed format from int32 to int64; requests with values in the old format will be rejected.',
    });

    const widened = await diff((d) => {
      op(d, '/pets', 'get').parameters[0].schema = { type: 'number', format: 'int32' };
    });
    expect(one(widened, 'type-changed')).toMatchObject({ breaking: false, level: 'info' });
  });

  it('an enum value removed from a parameter is breaking, an added one is not', async () => {
    const removed = await diff((d) => {
      op(d, '/pets', 'get').parameters[1].schema.enum = ['available'];
    });
    const c = one(removed, 'enum-value-removed');
    expect(c).toMatchObject({ breaking: true, location: 'parameter query.status' });
    expect(c.message).toBe('Query parameter "status" no longer allows the value "sold"; requests that send it will be rejected.');
    const added = await diff((d) => {
      op(d, '/pets', 'get').parameters[1].schema.enum.push('pending');
    });
    expect(one(added, 'enum-value-added')).toMatchObject({ breaking: false, level: 'info' });
  });
});

describe('request bodies', () => {
  it('a request body that became required is breaking', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'post').requestBody.required = true;
    });
    const c = one(changes, 'request-body-became-required');
    expect(c).toMatchObject({ breaking: true, location: 'request body' });
    expect(c.message).toBe('The request body became required; requests without one will be rejected.');
  });

  it('a new required request field is breaking, a new optional one is not', async () => {
    const changes = await diff((d) => {
      const s = d.components.schemas.NewPet;
      s.properties.chip = { type: 'string' };
      s.properties.color = { type: 'string' };
      s.required.push('chip');
    });
    const c = one(changes, 'required-property-added', 'request body .chip');
    // The component reports it, once, naming the operation that sends it.
    expect(c).toMatchObject({
      id: 'new-required-request-property',
      breaking: true,
      subject: 'schema',
      schema: 'NewPet',
      users: [{ operationId: 'createPet' }],
    });
    expect(c.message).toBe('Field "chip" of schema NewPet (used by createPet) was added as required; existing requests that do not send it will be rejected.');
    expect(one(changes, 'property-added', 'request body .color')).toMatchObject({ id: 'new-optional-request-property', breaking: false });
  });

  it('a request field type or format change is breaking', async () => {
    const changes = await diff((d) => {
      d.components.schemas.NewPet.properties.age = { type: 'string' };
      d.components.schemas.NewPet.properties.name.format = 'email';
    });
    expect(one(changes, 'type-changed', 'request body .age')).toMatchObject({ breaking: true });
    expect(one(changes, 'format-changed', 'request body .name')).toMatchObject({
      breaking: true,
      message: 'Field "name" of schema NewPet (used by createPet) now has format email; requests with values in the old format will be rejected.',
    });
  });

  it('an enum value removed from a request field is breaking', async () => {
    const changes = await diff((d) => {
      d.components.schemas.NewPet.properties.kind.enum = ['cat'];
    });
    const c = one(changes, 'enum-value-removed', 'request body .kind');
    expect(c.breaking).toBe(true);
    expect(c.message).toBe('Field "kind" of schema NewPet (used by createPet) no longer allows the value "dog"; requests that send it will be rejected.');
  });

  it('a removed request media type is breaking, an added one is not', async () => {
    const changes = await diff((d) => {
      const body = op(d, '/pets', 'post').requestBody;
      body.content = { 'application/x-www-form-urlencoded': body.content['application/json'] };
    });
    const removed = one(changes, 'request-media-type-removed');
    expect(removed).toMatchObject({ breaking: true, location: 'request body (application/json)' });
    expect(removed.message).toBe('The request body no longer accepts application/json; clients that send application/json will be rejected.');
    expect(one(changes, 'request-media-type-added')).toMatchObject({ breaking: false });
  });

  it('a tightened request constraint is breaking; a removed request field is a warning', async () => {
    const changes = await diff((d) => {
      d.components.schemas.NewPet.properties.name.maxLength = 20;
      delete d.components.schemas.NewPet.properties.age;
    });
    const bound = one(changes, 'constraint-changed', 'request body .name');
    expect(bound).toMatchObject({
      breaking: true,
      id: 'request-property-max-length-decreased',
      message: 'Field "name" of schema NewPet (used by createPet) changed maxLength from 50 to 20; requests with values valid before may now be rejected.',
    });
    expect(one(changes, 'property-removed', 'request body .age')).toMatchObject({ breaking: false, level: 'warning' });
  });

  it('follows references to nested schemas and through allOf', async () => {
    const changes = await diff(
      (d) => {
        d.components.schemas.Owner.properties.phone = { type: 'integer' };
        d.components.schemas.Base.properties.id.type = 'string';
      },
      (d) => {
        d.components.schemas.Base = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } };
        d.components.schemas.NewPet = { allOf: [ref('Base'), d.components.schemas.NewPet] };
      },
    );
    expect(one(changes, 'type-changed', 'request body .owner.phone')).toMatchObject({ breaking: true });
    expect(one(changes, 'type-changed', 'request body .id')).toMatchObject({ breaking: true });
    // Each component reports its own fields once: a field NewPet takes from Base through allOf is Base's.
    expect(one(changes, 'type-changed', '.phone')).toMatchObject({ subject: 'schema', schema: 'Owner' });
    const schemaChanges = changes.changes.filter((c) => c.subject === 'schema').map((c) => [c.schema, c.location]);
    expect(schemaChanges).toEqual([
      ['Owner', '.phone'],
      ['Base', '.id'],
    ]);
    expect(changes.summary.schemas.changed).toBe(2);
  });
});

describe('security', () => {
  it('security added to an operation that had none is breaking', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').security = [{ api_key: [] }];
    });
    const c = one(changes, 'security-added');
    expect(c).toMatchObject({ breaking: true, subject: 'security', operation: { operationId: 'listPets' } });
    expect(c.message).toBe('The operation now requires api_key where it needed none; clients that call it without credentials will be rejected.');
  });

  it('an added scheme requirement or scope is breaking', async () => {
    const scheme = await diff((d) => {
      op(d, '/pets', 'post').security = [{ api_key: [], oauth: ['write:pets'] }];
    });
    const c = one(scheme, 'security-tightened');
    expect(c.breaking).toBe(true);
    expect(c.message).toBe('Security changed from api_key to api_key and oauth (write:pets); clients authorized with api_key will be rejected.');
    const scope = await diff((d) => {
      op(d, '/pets/{petId}', 'delete').security = [{ oauth: ['write:pets', 'read:pets'] }];
    });
    expect(one(scope, 'security-tightened')).toMatchObject({ breaking: true });
  });

  it('removed or relaxed security is not breaking', async () => {
    const removed = await diff((d) => {
      delete op(d, '/pets', 'post').security;
    });
    expect(one(removed, 'security-removed')).toMatchObject({ breaking: false, message: 'The operation no longer requires authentication (was api_key).' });
    const relaxed = await diff((d) => {
      op(d, '/pets', 'post').security.push({ oauth: [] });
    });
    expect(one(relaxed, 'security-relaxed')).toMatchObject({ breaking: false });
  });

  it('a changed security scheme is breaking', async () => {
    const changes = await diff((d) => {
      d.components.securitySchemes.api_key.name = 'Authorization-Key';
      delete d.components.securitySchemes.oauth.flows.clientCredentials.scopes['read:pets'];
    });
    const changed = changes.changes.filter((c) => c.kind === 'security-scheme-changed');
    expect(changed.map((c) => [c.securityScheme, c.breaking])).toEqual([
      ['api_key', true],
      ['oauth', true],
    ]);
    expect(changed[0]?.message).toContain('now expects its key in header "Authorization-Key" instead of header "X-API-Key"');
    expect(changes.summary.securitySchemes.changed).toBe(2);
  });
});

describe('component schemas', () => {
  it('added schemas are not breaking, removed ones are warnings', async () => {
    const changes = await diff((d) => {
      d.components.schemas.Toy = { type: 'object', properties: { name: { type: 'string' } } };
      delete d.components.schemas.Category;
    });
    expect(one(changes, 'schema-added')).toMatchObject({ breaking: false, schema: 'Toy', message: 'Schema Toy was added.' });
    expect(one(changes, 'schema-removed')).toMatchObject({ breaking: false, level: 'warning', schema: 'Category' });
    expect(changes.summary.schemas).toEqual({ added: 1, removed: 1, changed: 0 });
  });

  it('a recursive schema is compared without looping', async () => {
    const changes = await diff((d) => {
      d.components.schemas.Category.properties.name.type = 'integer';
    });
    // Unused by operations, so judged as both request and response data: reported once, breaking.
    const c = one(changes, 'type-changed', '.name');
    expect(c).toMatchObject({ subject: 'schema', schema: 'Category', breaking: true });
    expect(c.message).toMatch(/^Field "name" of schema Category changed type from string to integer; /);
  });

  it('a recursive schema used by an operation reports the change once, on the schema, with its users', async () => {
    const changes = await diff(
      (d) => {
        d.components.schemas.Category.properties.name.type = 'integer';
      },
      (d) => {
        d.components.schemas.Pet.properties.category = ref('Category');
      },
    );
    expect(changes.changes.map((c) => [c.schema, c.location])).toEqual([['Category', '.name']]);
    expect(changes.changes[0]?.users?.map((u) => u.operationId)).toEqual(['listPets', 'createPet', 'getPet']);
  });
});

describe('webhooks', () => {
  it('judges webhook payloads as data clients read', async () => {
    const start = (d: Doc): void => {
      d.openapi = '3.1.0';
      d.webhooks = {
        petAdopted: { post: { operationId: 'petAdopted', requestBody: { content: json(ref('Pet')) }, responses: { '200': { description: 'ok' } } } },
      };
    };
    const changes = await diff((d) => {
      d.components.schemas.Pet.properties.status.enum = ['available'];
      delete d.components.schemas.Pet.properties.tag;
    }, start);
    // Pet's changes are reported once, on the schema, judged as data its readers (the webhook's clients among them) read.
    expect(changes.changes.map((c) => [c.id, c.location, c.level])).toEqual([
      ['response-optional-property-removed', '.tag', 'warning'],
      ['response-property-enum-value-removed', '.status', 'info'],
    ]);
    expect(changes.changes[0]?.users?.map((u) => u.operationId)).toContain('petAdopted');
  });
});

describe('the comparison as a whole', () => {
  it('is deterministic and leaves its inputs alone', async () => {
    const base = await model(baseDoc());
    const headDoc = baseDoc();
    delete headDoc.paths['/pets/{petId}'].delete;
    headDoc.components.schemas.Pet.properties.status.enum.push('pending');
    const head = await model(headDoc);
    const before = JSON.stringify([base, head]);
    const first = compareModels(base, head);
    expect(compareModels(base, head)).toEqual(first);
    expect(JSON.stringify([base, head])).toBe(before);
    expect(first.summary).toMatchObject({ breaking: 1, operations: { removed: 1 } });
  });

  it('groups changes by operation with breaking ones first, in text and Markdown', async () => {
    const changes = await diff((d) => {
      op(d, '/pets', 'get').responses['429'] = { description: 'Slow down' };
      op(d, '/pets', 'get').parameters[0].required = true;
      op(d, '/pets/{petId}', 'get').deprecated = true;
    });
    const report = groupChanges(changes);
    expect(report.groups.map((g) => [g.title, g.breaking, g.warnings])).toEqual([
      ['GET /pets (listPets)', 1, 0],
      ['GET /pets/{petId} (getPet)', 0, 0],
    ]);
    expect(report.groups[0]?.changes.map((c) => c.kind)).toEqual(['parameter-became-required', 'response-added']);
    expect(report.groups[0]?.href).toBe('/operations/list-pets/');
    const text = formatText(changes).split('\n');
    expect(text).toContain('  BREAKING  Query parameter "limit" became required; requests that leave it out will be rejected. [parameter query.limit]');
    expect(text.indexOf('GET /pets (listPets)')).toBeLessThan(text.indexOf('GET /pets/{petId} (getPet)'));
    expect(text.at(-1)).toBe('Breaking changes found.');
    const markdown = formatMarkdown(changes);
    expect(markdown.indexOf('### Breaking changes (1)\n\n- **GET /pets \\(listPets\\)**: Query parameter "limit" became required')).toBeGreaterThan(0);
    expect(markdown.indexOf('- **GET /pets/\\{petId\\} \\(getPet\\)**: GET /pets/\\{petId\\} is now deprecated')).toBeGreaterThan(
      markdown.indexOf('### Other changes (2)'),
    );
  });
});

describe('npm run diff', () => {
  /** Runs the CLI to completion (killed if it hangs); runs overlap so the file stays fast. */
  const cli = (...args: string[]): Promise<Finished> => runScript('scripts/diff.ts', args, { env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 60_000 });

  it('exits 0 without breaking changes, 1 with them, 2 when a document does not load', async () => {
    const a = join(dir, 'cli-a.yaml');
    const b = join(dir, 'cli-b.yaml');
    const c = join(dir, 'cli-c.yaml');
    const broken = join(dir, 'cli-broken.yaml');
    const doc = baseDoc();
    writeFileSync(a, stringify(doc));
    op(doc, '/pets', 'get').responses['429'] = { description: 'Slow down' };
    writeFileSync(c, stringify(doc));
    delete doc.paths['/pets/{petId}'].delete;
    writeFileSync(b, stringify(doc));
    writeFileSync(broken, 'openapi: 3.0.3\ninfo: [unclosed\n');

    const [safe, breaking, asJson, failed] = await Promise.all([cli(a, c), cli(a, b), cli(a, b, '--json'), cli(a, broken)]);

    expect(safe.code).toBe(0);
    expect(safe.stdout.split('\n')).toEqual(expect.arrayContaining(['  info      A 429 response was added. [response 429]', 'No breaking changes.']));

    expect(breaking.code).toBe(1);
    const lines = breaking.stdout.split('\n');
    expect(lines).toContain('DELETE /pets/{petId} (deletePet)');
    expect(lines).toContain('  BREAKING  DELETE /pets/{petId} (deletePet) was removed; clients that call it will get errors.');
    expect(lines).toContain('Operations: 1 removed, 1 changed');
    expect(lines.at(-2)).toBe('Breaking changes found.');

    expect(asJson.code).toBe(1);
    const parsed = JSON.parse(asJson.stdout) as ApiChanges;
    // Both documents say 1.0.0: the breaking change needed a new major version.
    expect(parsed.changes.map((x) => [x.kind, x.breaking])).toEqual([
      ['response-added', false],
      ['operation-removed', true],
      ['version-not-bumped', true],
    ]);

    expect(failed.code).toBe(2);
    expect(failed.stdout).toBe('');
    expect(failed.stderr).toContain(`Cannot load ${broken}`);
    expect(failed.stderr).toMatch(/cli-broken\.yaml:\d+:\d+ error /);
  });
});
