// How the mock reads a request's parameters, a form body and its Content-Type, on inline documents:
// each parameter by its location, style and explode, a required one missing named, repeated form fields kept.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { matchMedia, parseForm, readParams, readRequestSpec, type BodyMedia, type RawRequest } from '../../../scripts/mock/request-checks.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import { defined } from '../../helpers/defined.ts';

const document = parse(`openapi: 3.1.0
info: {title: t, version: '1'}
paths:
  /things/{id}:
    get:
      parameters:
        - {name: id, in: path, required: true, schema: {type: integer}}
        - {name: tags, in: query, schema: {type: array, items: {type: string}}}
        - {name: ids, in: query, style: pipeDelimited, explode: false, schema: {type: array, items: {type: integer}}}
        - {name: filter, in: query, style: deepObject, schema: {type: object, properties: {color: {type: string}}}}
        - {name: X-Trace, in: header, required: true, schema: {type: string}}
        - {name: session, in: cookie, schema: {type: string}}
      responses:
        '200': {description: ok}
`) as OpenApiDocument;
const op = defined(normalizeDocument(document).operations[0], 'the operation');
const spec = readRequestSpec(document, op);

const request = (path: string, query: string, headers: Record<string, string> = {}): RawRequest => ({ rawParams: { id: path }, rawQuery: query, headers });

describe('readParams', () => {
  it('reads each parameter by its location, style and explode', () => {
    const { values, missing } = readParams(
      spec,
      request('7', 'tags=a&tags=b&ids=1|2|3&filter[color]=red', { 'x-trace': 't-1', cookie: 'other=x; session=s%201' }),
    );
    expect(missing).toBeUndefined();
    expect({ ...values.path }).toEqual({ id: '7' });
    expect({ ...values.query }).toEqual({ tags: ['a', 'b'], ids: ['1', '2', '3'], filter: { color: 'red' } });
    expect({ ...values.header }).toEqual({ 'X-Trace': 't-1' });
    expect({ ...values.cookie }).toEqual({ session: 's 1' });
  });

  it('names the first required parameter missing', () => {
    const { missing } = readParams(spec, request('7', 'tags=a'));
    expect(missing?.name).toBe('X-Trace');
    expect(missing?.in).toBe('header');
  });

  it('leaves out an optional parameter that was not sent', () => {
    const { values, present } = readParams(spec, request('7', '', { 'x-trace': 't' }));
    expect(present).toBe(2);
    expect(Object.keys(values.query)).toEqual([]);
  });
});

describe('parseForm', () => {
  it('keeps a repeated field as a list and decodes each value', () => {
    expect({ ...parseForm('name=Rex&tag=a&tag=b+c&note=%E2%9C%93') }).toEqual({ name: 'Rex', tag: ['a', 'b c'], note: '✓' });
  });
});

describe('matchMedia', () => {
  const media = (...types: string[]): BodyMedia[] => types.map((type) => ({ type, kind: 'json', schema: undefined }) as BodyMedia);

  it('takes the exact type, then a JSON flavour for JSON, then type/*, then */*', () => {
    const declared = media('application/json', 'image/*', '*/*');
    expect(matchMedia(declared, 'application/json; charset=utf-8')?.type).toBe('application/json');
    expect(matchMedia(declared, 'application/merge-patch+json')?.type).toBe('application/json');
    expect(matchMedia(declared, 'image/png')?.type).toBe('image/*');
    expect(matchMedia(declared, 'text/csv')?.type).toBe('*/*');
  });

  it('refuses a Content-Type that is not a media type', () => {
    expect(matchMedia(media('*/*'), 'not a type')).toBeUndefined();
    expect(matchMedia(media('application/json'), 'text/plain')).toBeUndefined();
  });
});
