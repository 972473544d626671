// The mock's own errors in an API's declared error shape: the example, with
// the reason, code and status put where the schema has room for them.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { fillErrorBody } from '../../../scripts/mock/error-shape.ts';
import { discriminated } from '../../../scripts/mock/discriminator.ts';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { SchemaEntry } from '../../../scripts/model/contract/types.ts';

const model = normalizeDocument(
  parse(`
openapi: 3.0.3
info: {title: t, version: '1'}
paths: {}
components:
  schemas:
    Apigee:
      type: object
      properties:
        code: {type: integer}
        message: {type: string}
        details: {type: array, items: {type: object}}
    Problem:
      type: object
      properties:
        type: {type: string, format: uri}
        title: {type: string}
        status: {type: integer}
        detail: {type: string}
    Ours:
      type: object
      properties:
        code: {type: string}
        message: {type: string}
        status: {type: integer}
    Nested:
      type: object
      properties:
        error:
          type: object
          properties:
            code: {type: string, enum: [NOT_FOUND, INVALID]}
            message: {type: string, maxLength: 12}
            httpStatus: {type: string}
    Listed:
      type: object
      properties:
        errors:
          type: array
          items:
            type: object
            properties:
              error_code: {type: string}
              error_description: {type: string}
    Plain: {type: string}
`),
);
const lookup = new Map<string, SchemaEntry>(model.schemas.map((s) => [s.name, s]));
const fill = (name: string, template: unknown, facts = { code: 'route_not_found', message: 'No operation is declared at /x.', status: 404 }) =>
  fillErrorBody(template, { ref: name }, lookup, facts);

describe('fillErrorBody', () => {
  it('puts the status in an integer code (apigee) and keeps the example’s other fields', () => {
    expect(fill('Apigee', { code: 500, message: 'Boom', details: [] })).toEqual({ code: 404, message: 'No operation is declared at /x.', details: [] });
  });
  it('fills a problem document: detail, title, status; its type stays', () => {
    expect(fill('Problem', { type: 'https://e.com/p', title: 'Oops', status: 500, detail: 'x' })).toEqual({
      type: 'https://e.com/p',
      title: 'Not Found',
      status: 404,
      detail: 'No operation is declared at /x.',
    });
  });
  it('gives our own shape for our own schema', () => {
    expect(fill('Ours', { code: 'x', message: 'y', status: 500 })).toEqual({
      code: 'route_not_found',
      message: 'No operation is declared at /x.',
      status: 404,
    });
  });
  it('goes one level down, keeps to enums and cuts to maxLength', () => {
    expect(fill('Nested', { error: { code: 'INVALID', message: 'Bad', httpStatus: '500' } })).toEqual({
      error: { code: 'INVALID', message: 'No operation', httpStatus: '404' },
    });
  });
  it('fills the first item of a list of errors', () => {
    expect(fill('Listed', { errors: [{ error_code: 'E1', error_description: 'x' }, { error_code: 'E2' }] })).toEqual({
      errors: [{ error_code: 'route_not_found', error_description: 'No operation is declared at /x.' }],
    });
  });
  it('builds from nothing when there is no example, and leaves a non-object shape alone', () => {
    expect(fill('Ours', undefined)).toEqual({ code: 'route_not_found', message: 'No operation is declared at /x.', status: 404 });
    expect(fill('Plain', 'Not found')).toBe('Not found');
  });
});

describe('discriminated', () => {
  it('checks the branch the property names: mapping first, else the component’s name', () => {
    const cat = { $ref: '#/components/schemas/Cat' };
    const dog = { $ref: '#/components/schemas/Dog' };
    const out = discriminated({ oneOf: [cat, dog], discriminator: { propertyName: 'kind', mapping: { kitty: 'Cat' } } });
    expect(out).toEqual({
      allOf: [
        { type: 'object', required: ['kind'], properties: { kind: { enum: ['kitty', 'Dog'] } } },
        { if: { required: ['kind'], properties: { kind: { enum: ['kitty'] } } }, then: cat },
        { if: { required: ['kind'], properties: { kind: { enum: ['Dog'] } } }, then: dog },
      ],
    });
    expect((out!.allOf as object[])[1]).toHaveProperty('then', cat);
  });
  it('reads an inline branch’s const, and leaves a schema with a branch no value names as it is', () => {
    const inline = { type: 'object', properties: { kind: { const: 'bird' } } };
    expect(discriminated({ anyOf: [inline], discriminator: { propertyName: 'kind' } })).toMatchObject({
      allOf: [{ properties: { kind: { enum: ['bird'] } } }, { then: inline }],
    });
    expect(discriminated({ oneOf: [{ type: 'object' }], discriminator: { propertyName: 'kind' } })).toBeUndefined();
    expect(discriminated({ oneOf: [{ $ref: '#/x/A' }] })).toBeUndefined();
  });
});
