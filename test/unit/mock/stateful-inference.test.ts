// Which operations form a resource, which field is its id, which parameters
// filter or page its list: inferred from inline documents through the model.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { inferResources } from '../../../scripts/mock/stateful/infer.ts';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import { defined } from '../../helpers/defined.ts';

function infer(yaml: string) {
  return inferResources(normalizeDocument(parse(yaml)));
}

const roles = (r: { operations: { role: string; op: { method: string; path: string } }[] }) => r.operations.map((o) => `${o.role} ${o.op.method} ${o.op.path}`);

const PETS = `
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /pets:
    get:
      parameters:
        - {name: status, in: query, schema: {type: string}}
        - {name: tags, in: query, schema: {type: array, items: {type: string}}, explode: false}
        - {name: limit, in: query, schema: {type: integer, default: 20, maximum: 100}}
        - {name: offset, in: query, schema: {type: integer}}
        - {name: q, in: query, schema: {type: string}}
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}, example: [{id: 7, name: Rex, status: sold}]}}}
    post:
      requestBody: {content: {application/json: {schema: {$ref: '#/components/schemas/NewPet'}}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}}}}
  /pets/records/{petId}:
    get:
      parameters: [{name: petId, in: path, required: true, schema: {type: integer}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Pet'}, example: {id: 9, name: Kit, status: available}}}}
    delete:
      parameters: [{name: petId, in: path, required: true, schema: {type: integer}}]
      responses: {'204': {description: gone}}
  /auth/token:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {user: {type: string}, password: {type: string}}}}}}
      responses:
        '201': {description: ok, content: {application/json: {schema: {type: object, properties: {token: {type: string}}}}}}
components:
  schemas:
    NewPet:
      type: object
      properties:
        name: {type: string}
        status: {type: string, default: available}
        tags: {type: array, items: {type: string}}
    Pet:
      allOf:
        - $ref: '#/components/schemas/NewPet'
        - type: object
          properties:
            id: {type: integer, readOnly: true}
            createdAt: {type: string, format: date-time, readOnly: true}
`;

describe('resources', () => {
  it('join an item path that is not under its collection by the record schema they share', () => {
    const { resources } = infer(PETS);
    expect(resources).toHaveLength(1);
    const pet = defined(resources[0], 'the Pet resource');
    expect(pet.name).toBe('Pet');
    expect(roles(pet)).toEqual(['list get /pets', 'create post /pets', 'read get /pets/records/{petId}', 'delete delete /pets/records/{petId}']);
    expect(pet.itemPath).toBe('/pets/records/{petId}');
  });

  it('take the id field, its kind, defaults and server fields from the record schema', () => {
    const pet = defined(infer(PETS).resources[0], 'the Pet resource');
    expect(pet.id).toEqual({ field: 'id', kind: 'integer' });
    expect(pet.defaults).toEqual({ status: 'available' });
    expect(pet.readOnly.map((r) => r.field)).toEqual(['createdAt']);
  });

  it('start from the examples of every operation, one record per id', () => {
    expect(infer(PETS).resources[0]?.initial).toEqual([
      { id: 7, name: 'Rex', status: 'sold' },
      { id: 9, name: 'Kit', status: 'available' },
    ]);
  });

  it('filter by the query parameters that name a field, and page by limit and offset', () => {
    const list = defined(infer(PETS).resources[0]?.operations[0]?.list, 'the list operation');
    expect(list.filters).toEqual([
      { param: 'status', field: 'status', many: false, commaSeparated: false },
      { param: 'tags', field: 'tags', many: true, commaSeparated: true },
    ]);
    expect(list.paging).toEqual({ mode: 'offset', offset: 'offset', limit: { name: 'limit', default: 20, max: 100 } });
    expect(list.arrayPath).toEqual([]);
  });

  it('leave out a POST whose answer shares no field with its body (credentials in, a token out)', () => {
    expect(
      infer(PETS)
        .resources.flatMap((r) => r.operations)
        .some((o) => o.op.path === '/auth/token'),
    ).toBe(false);
  });
});

describe('id fields', () => {
  const doc = (param: string, props: string, paramSchema = '{type: string}') => `
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /things/{${param}}:
    get:
      parameters: [{name: ${param}, in: path, required: true, schema: ${paramSchema}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {${props}}}}}}
`;
  it('is the field named like the path parameter', () => {
    expect(infer(doc('sku', 'sku: {type: string}, id: {type: integer}')).resources[0]?.id).toEqual({ field: 'sku', kind: 'string' });
  });
  it('else `id`', () => {
    expect(infer(doc('thingId', 'id: {type: string, format: uuid}, name: {type: string}')).resources[0]?.id).toEqual({ field: 'id', kind: 'uuid' });
  });
  it('else the field named like the parameter in another case', () => {
    expect(infer(doc('thing_id', 'thingId: {type: integer}')).resources[0]?.id).toEqual({ field: 'thingId', kind: 'integer' });
  });
  it('else none: the id lives in the path, of the parameter’s type', () => {
    expect(infer(doc('code', 'label: {type: string}', '{type: string, format: uuid}')).resources[0]?.id).toEqual({ field: undefined, kind: 'uuid' });
  });
});

describe('x-mock-resource', () => {
  const doc = (extension: string) => `
openapi: 3.0.3
info: {title: t, version: '1'}
paths:
  /notes:
    get:
      responses:
        '200': {description: ok, content: {application/json: {schema: {type: object, properties: {data: {type: array, items: {$ref: '#/components/schemas/Note'}}, total: {type: integer}}}}}}
  /notes/{noteId}/full:
    get:
      ${extension}
      parameters: [{name: noteId, in: path, required: true, schema: {type: string}}]
      responses:
        '200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/Note'}}}}
components:
  schemas:
    Note: {type: object, properties: {id: {type: string}, text: {type: string}}}
`;
  it('makes an operation part of a resource the paths do not show', () => {
    const { resources, problems } = infer(doc('x-mock-resource: {resource: Note, role: read, idParam: noteId}'));
    expect(problems).toEqual([]);
    expect(roles(defined(resources[0], 'the Note resource'))).toEqual(['list get /notes', 'read get /notes/{noteId}/full']);
    expect(resources[0]?.operations[0]?.list?.arrayPath).toEqual(['data']);
  });

  it('leaves an operation out with false', () => {
    const { resources } = infer(doc('x-mock-resource: false').replace('/notes:\n    get:', '/notes:\n    get:\n      x-mock-resource: false'));
    expect(resources).toEqual([]);
  });

  it('reports a malformed value and ignores it', () => {
    const { problems } = infer(doc('x-mock-resource: {role: fetch, colour: red}'));
    expect(problems.map((p) => p.message)).toEqual([
      'GET /notes/{noteId}/full: x-mock-resource role "fetch" is not one of list, create, read, replace, update, delete; ignored.',
      'GET /notes/{noteId}/full: x-mock-resource has an unknown key "colour"; known: resource, role, idField, idParam.',
    ]);
    expect(problems.every((p) => p.severity === 'warning' && p.rule === 'mock-resource')).toBe(true);
  });
});

describe('a wrapper merged with allOf, a nested resource and left-out operations', () => {
  const WRAPPED = `
openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /stations:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                allOf:
                  - $ref: '#/components/schemas/Collection'
                  - properties: {data: {type: array, items: {$ref: '#/components/schemas/Station'}}}
              example: {data: [{id: s1, name: Berlin}, {id: s2, name: Paris}]}
  /users/{userId}:
    get:
      parameters: [{name: userId, in: path, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/User'}}}}}
  /users/{userId}/posts:
    get:
      parameters: [{name: userId, in: path, required: true, schema: {type: integer}}]
      responses: {'200': {description: ok, content: {application/json: {schema: {type: array, items: {$ref: '#/components/schemas/Post'}}}}}}
  /login:
    post:
      requestBody: {content: {application/json: {schema: {type: object, properties: {user: {type: string}}}}}}
      responses: {'200': {description: ok, content: {application/json: {schema: {type: object, properties: {token: {type: string}}}}}}}
components:
  schemas:
    Collection: {type: object, properties: {data: {type: array, items: {type: object}}, links: {type: object}}}
    Station: {type: object, properties: {id: {type: string, pattern: '^s\\d+$'}, name: {type: string}}}
    User: {type: object, properties: {id: {type: integer}, name: {type: string}}}
    Post: {type: object, properties: {id: {type: integer}, user_id: {type: integer}, title: {type: string}}}
`;

  it('reads the items every part of the wrapper declares, and keeps the examples of a list-only resource', () => {
    const station = defined(
      infer(WRAPPED).resources.find((r) => r.name === 'Station'),
      'the Station resource',
    );
    expect(station.id).toMatchObject({ field: 'id', kind: 'string', pattern: '^s\\d+$', template: 's2' });
    expect(station.initial.map((r) => r.name)).toEqual(['Berlin', 'Paris']);
    expect(station.operations[0]?.list?.arrayPath).toEqual(['data']);
  });

  it('links a nested resource to its parent and names the field holding its id', () => {
    const post = defined(
      infer(WRAPPED).resources.find((r) => r.name === 'Post'),
      'the Post resource',
    );
    expect(post.parent).toEqual({ resource: 'User', depth: 0, kind: 'integer', field: 'user_id', fieldIsNumber: true });
  });

  it('says why each operation was left stateless', () => {
    expect(infer(WRAPPED).skipped.map((s) => `${s.op.method} ${s.op.path}: ${s.reason}`)).toEqual(['post /login: its body and its answer share no field']);
  });
});
