// Small inline documents for the diff's rules, turned into models without
// touching the disk: parsed, then normalized the way buildModel does after bundling.
import { parse } from 'yaml';
import { compareModels, type CompareOptions } from '../../../scripts/diff/compare.ts';
import type { ApiChange, ApiChanges } from '../../../scripts/diff/types.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';

export type Doc = Record<string, any>;

/**
 * Four operations, one per lifecycle case: listPets and getPet are stable, deletePet is
 * deprecated with a sunset on 2026-06-30, searchPets is beta, matchPets experimental.
 * Pet is used by stable and beta operations, Match by the experimental one alone.
 */
export const PETS = `
openapi: 3.0.3
info: {title: Pets, version: 1.4.0}
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - {name: limit, in: query, schema: {type: integer}}
      responses:
        '200':
          description: Pets
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: A pet
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Pet'}
    delete:
      operationId: deletePet
      deprecated: true
      x-sunset: '2026-06-30'
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
      responses:
        '204': {description: Deleted}
  /search:
    get:
      operationId: searchPets
      x-stability: beta
      parameters:
        - {name: q, in: query, schema: {type: string}}
      responses:
        '200':
          description: Matching pets
          content:
            application/json:
              schema: {type: array, items: {$ref: '#/components/schemas/Pet'}}
  /labs/match:
    post:
      operationId: matchPets
      x-stability: experimental
      parameters:
        - {name: mode, in: query, schema: {type: string}}
      responses:
        '200':
          description: A match
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Match'}
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: {type: integer}
        name: {type: string}
        tag: {type: string}
    Match:
      type: object
      properties:
        score: {type: number}
        reason: {type: string}
`;

export const pets = (): Doc => parse(PETS) as Doc;

export const op = (doc: Doc, path: string, method: string): Doc => doc.paths[path][method];

/** Compares `base` with a copy of it changed by `edit`. */
export function diff(edit: (head: Doc) => void, options: CompareOptions = {}, base: Doc = pets()): ApiChanges {
  const head = structuredClone(base);
  edit(head);
  return compareModels(normalizeDocument(base as OpenApiDocument), normalizeDocument(head as OpenApiDocument), options);
}

/** The one change of `kind`; fails when there are none or several. */
export function one(changes: ApiChanges, kind: ApiChange['kind'], where?: (c: ApiChange) => boolean): ApiChange {
  const found = changes.changes.filter((c) => c.kind === kind && (!where || where(c)));
  const [only] = found;
  if (!only || found.length !== 1) throw new Error(`Expected one ${kind}, found ${found.length} in ${JSON.stringify(changes.changes, null, 1)}`);
  return only;
}
