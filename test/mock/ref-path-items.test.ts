// Path items, parameters and responses written as `$ref`s are read where they lead, by every
// part of the mock: the router, the request checks, and the slice of the document handed to
// Prism's engine for generated answers (`Prefer: dynamic=true` used to fall back to the static
// example, without a word, for a path item that is a `$ref`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Collected } from './helpers.ts';
import type { MockServer } from '../../scripts/mock/server.ts';

const PET_SCHEMA = `
      type: object
      required: [id, name]
      additionalProperties: false
      properties:
        id: {type: integer, minimum: 1000000, maximum: 2000000}
        name: {type: string, enum: [generated]}`;

/** 3.1: the path item is a reference to `components/pathItems`, its parameter and response references too. */
const COMPONENT_PATH_ITEM = `openapi: 3.1.0
info: {title: Path item references, version: '1'}
paths:
  /pets:
    $ref: '#/components/pathItems/Pets'
  /pets/{petId}:
    $ref: '#/components/pathItems/Pet'
components:
  parameters:
    Species:
      name: species
      in: query
      required: true
      schema: {type: string, enum: [cat, dog]}
    PetId:
      name: petId
      in: path
      required: true
      schema: {type: integer}
  responses:
    PetOk:
      description: A pet
      content:
        application/json:
          schema: {$ref: '#/components/schemas/Pet'}
          example: {id: 1, name: static}
  schemas:
    Pet:${PET_SCHEMA}
  pathItems:
    Pets:
      parameters:
        - $ref: '#/components/parameters/Species'
      get:
        operationId: listPets
        responses:
          '200':
            description: Pets
            content:
              application/json:
                schema: {type: array, minItems: 1, maxItems: 1, items: {$ref: '#/components/schemas/Pet'}}
                example: [{id: 1, name: static}]
    Pet:
      $ref: '#/components/pathItems/PetItself'
    PetItself:
      parameters:
        - $ref: '#/components/parameters/PetId'
      get:
        operationId: getPet
        responses:
          '200':
            $ref: '#/components/responses/PetOk'
`;

/** 3.0: the path item lives in a file of its own. */
const FILE_PATH_ITEM = `openapi: 3.0.3
info: {title: Path item in a file, version: '1'}
paths:
  /pets/{petId}:
    $ref: './pet.yaml'
`;
const PET_FILE = `parameters:
  - name: petId
    in: path
    required: true
    schema: {type: integer}
get:
  operationId: getPet
  responses:
    '200':
      description: A pet
      content:
        application/json:
          schema:${PET_SCHEMA.replace(/\n {6}/g, '\n            ')}
          example: {id: 1, name: static}
`;

let dir: string;
let mocks: [MockServer & { output: Collected }, MockServer & { output: Collected }] | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mock-ref-path-items-'));
  writeFileSync(join(dir, 'component.yaml'), COMPONENT_PATH_ITEM);
  writeFileSync(join(dir, 'file.yaml'), FILE_PATH_ITEM);
  writeFileSync(join(dir, 'pet.yaml'), PET_FILE);
  mocks = await Promise.all([startMock({ spec: join(dir, 'component.yaml') }), startMock({ spec: join(dir, 'file.yaml') })]);
});

afterAll(async () => {
  await Promise.all((mocks ?? []).map((mock) => mock.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const get = async (mock: MockServer, path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${mock.url}${path}`, { headers });
  return { status: response.status, body: await response.json() };
};

describe('a path item that is a reference (3.1, components/pathItems)', () => {
  it('answers with the static example by default', async () => {
    expect(await get(mocks![0], '/pets?species=cat')).toEqual({ status: 200, body: [{ id: 1, name: 'static' }] });
    expect(await get(mocks![0], '/pets/7')).toEqual({ status: 200, body: { id: 1, name: 'static' } });
  });

  it('generates a body from the schema for Prefer: dynamic=true, through the path item, parameter and response references', async () => {
    const list = await get(mocks![0], '/pets?species=cat', { prefer: 'dynamic=true' });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: expect.any(Number), name: 'generated' }]);
    expect(list.body[0].id).toBeGreaterThanOrEqual(1000000);

    const one = await get(mocks![0], '/pets/7', { prefer: 'dynamic=true' });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ id: expect.any(Number), name: 'generated' });
    expect(one.body.id).toBeGreaterThanOrEqual(1000000);
  });

  it("checks the path item's own parameters, read through its reference", async () => {
    const missing = await get(mocks![0], '/pets');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toContain('query.species is required');
    expect((await get(mocks![0], '/pets?species=cow')).status).toBe(400);
    expect((await get(mocks![0], '/pets/seven')).status).toBe(400);
  });
});

describe('a path item in a file of its own (3.0)', () => {
  it('generates a body for Prefer: dynamic=true, and checks the path parameter', async () => {
    expect(await get(mocks![1], '/pets/7')).toEqual({ status: 200, body: { id: 1, name: 'static' } });
    const one = await get(mocks![1], '/pets/7', { prefer: 'dynamic=true' });
    expect(one.status).toBe(200);
    expect(one.body.name).toBe('generated');
    expect(one.body.id).toBeGreaterThanOrEqual(1000000);
    expect((await get(mocks![1], '/pets/seven')).status).toBe(400);
  });
});
