// The round trip a parameter makes: what the try-it panel writes (and so the code samples, built
// from its requests) the mock reads back as the same value, for every style and explode the
// specification defines at each location, every shape, and generated values. Values are limited
// only where wire.ts documents that a combination cannot carry them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readParams, readRequestSpec } from '../../../scripts/mock/request-checks.ts';
import { Router } from '../../../scripts/mock/router.ts';
import { normalizeDocument, type OpenApiDocument } from '../../../scripts/model/index.ts';
import type { ParameterLocation, ValueShape } from '../../../scripts/model/contract/types.ts';
import {
  parseCookie,
  parseHeader,
  parsePath,
  parseQuery,
  serializeCookie,
  serializeHeader,
  serializePath,
  serializeQuery,
  splitCookies,
  splitQuery,
  type WireParameter,
  type WireValue,
} from '../../../scripts/model/contract/wire.ts';
import { panelView } from '../../../site/src/components/try-it/panel-model.ts';
import { buildRequest } from '../../../site/src/scripts/try-it/request.ts';
import { defined } from '../../helpers/defined.ts';

interface Combination {
  in: ParameterLocation;
  style: string;
  explode: boolean;
  shape: ValueShape;
}

const SHAPES: ValueShape[] = ['scalar', 'array', 'object'];
const both = (location: ParameterLocation, style: string, shapes = SHAPES): Combination[] =>
  [false, true].flatMap((explode) => shapes.map((shape) => ({ in: location, style, explode, shape })));

/** Every combination the specification's style table defines. */
const DEFINED: Combination[] = [
  ...both('path', 'simple'),
  ...both('path', 'label'),
  ...both('path', 'matrix'),
  ...both('query', 'form'),
  ...(['array', 'object'] as const).map((shape) => ({ in: 'query' as const, style: 'spaceDelimited', explode: false, shape })),
  ...(['array', 'object'] as const).map((shape) => ({ in: 'query' as const, style: 'pipeDelimited', explode: false, shape })),
  { in: 'query', style: 'deepObject', explode: true, shape: 'object' },
  ...both('header', 'simple'),
  ...both('cookie', 'form'),
];

const label = (c: Combination) => `${c.in} ${c.style}${c.explode ? ' exploded' : ''}, ${c.shape}`;

/** Text a combination can carry (wire.ts lists why the others cannot). */
function text(c: Combination, role: 'item' | 'key' | 'value'): fc.Arbitrary<string> {
  if (c.in === 'header') {
    // Not percent-encoded: no comma (nor `=` in an exploded key), no spaces at the edges, visible ASCII.
    const excluded = c.explode && role === 'key' ? /[,=]/ : /,/;
    return fc
      .string({ unit: fc.constantFrom(...' !"#$%&\'()*+-./0123456789:;<=>?@ABCXYZ[\\]^_`abcxyz{|}~'.split('')), minLength: role === 'value' ? 0 : 1 })
      .filter((s) => !excluded.test(s) && s === s.trim());
  }
  const any = fc.string({ unit: 'binary', minLength: role === 'value' ? 0 : 1, maxLength: 12 });
  if (c.style === 'spaceDelimited') return any.filter((s) => !s.includes(' '));
  if (c.style === 'pipeDelimited') return any.filter((s) => !s.includes('|'));
  // An exploded query object takes the pairs no one else claims; the mock's own controls start with `__`.
  if (c.in === 'query' && c.shape === 'object' && c.explode && role === 'key') return any.filter((s) => !s.startsWith('__'));
  return any;
}

function arbitraryValue(c: Combination): fc.Arbitrary<WireValue> {
  if (c.shape === 'array') return fc.array(text(c, 'item'), { minLength: 1, maxLength: 4 });
  if (c.shape === 'object') return fc.dictionary(text(c, 'key'), text(c, 'value'), { minKeys: 1, maxKeys: 4 });
  return text(c, c.in === 'query' || c.in === 'cookie' || c.in === 'header' ? 'value' : 'item');
}

function roundTrip(p: WireParameter, value: WireValue): WireValue | undefined {
  switch (p.in) {
    case 'path':
      return parsePath(p, serializePath(p, value));
    case 'query':
      return parseQuery(p, splitQuery(serializeQuery(p, value).join('&')));
    case 'header':
      return parseHeader(p, serializeHeader(p, value));
    case 'cookie':
      return parseCookie(p, splitCookies(serializeCookie(p, value).join('; ')));
  }
}

const plain = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : value);

describe('the wire rule, both ways (model/contract/wire.ts)', () => {
  for (const c of DEFINED) {
    it(`reads back what it writes: ${label(c)}`, () => {
      const p: WireParameter = { name: 'color', ...c };
      fc.assert(
        fc.property(arbitraryValue(c), (value) => {
          expect(plain(roundTrip(p, value))).toEqual(value);
        }),
      );
    });
  }

  it('writes the specification table for its own example values', () => {
    const write = (c: Combination, value: WireValue) =>
      c.in === 'path' ? serializePath({ name: 'color', ...c }, value) : serializeQuery({ name: 'color', ...c }, value).join('&');
    const array = ['blue', 'black', 'brown'];
    const object = { R: '100', G: '200', B: '150' };
    expect(write({ in: 'path', style: 'matrix', explode: false, shape: 'array' }, array)).toBe(';color=blue,black,brown');
    expect(write({ in: 'path', style: 'matrix', explode: true, shape: 'object' }, object)).toBe(';R=100;G=200;B=150');
    expect(write({ in: 'path', style: 'label', explode: true, shape: 'array' }, array)).toBe('.blue.black.brown');
    expect(write({ in: 'path', style: 'simple', explode: true, shape: 'object' }, object)).toBe('R=100,G=200,B=150');
    expect(write({ in: 'query', style: 'form', explode: true, shape: 'array' }, array)).toBe('color=blue&color=black&color=brown');
    expect(write({ in: 'query', style: 'form', explode: false, shape: 'object' }, object)).toBe('color=R,100,G,200,B,150');
    expect(write({ in: 'query', style: 'spaceDelimited', explode: false, shape: 'array' }, array)).toBe('color=blue%20black%20brown');
    expect(write({ in: 'query', style: 'deepObject', explode: true, shape: 'object' }, object)).toBe('color%5BR%5D=100&color%5BG%5D=200&color%5BB%5D=150');
  });

  it('settles the combinations the specification leaves undefined as wire.ts documents', () => {
    const query = (c: Omit<Combination, 'in'>, value: WireValue) => serializeQuery({ name: 'color', in: 'query', ...c }, value).join('&');
    // deepObject with an array, pipeDelimited exploded: as form exploded.
    expect(query({ style: 'deepObject', explode: true, shape: 'array' }, ['a', 'b'])).toBe('color=a&color=b');
    expect(query({ style: 'pipeDelimited', explode: true, shape: 'array' }, ['a', 'b'])).toBe('color=a&color=b');
    // A style that does not belong to the location: the location's default.
    expect(query({ style: 'matrix', explode: false, shape: 'array' }, ['a', 'b'])).toBe('color=a,b');
    // An exploded cookie is one cookie per item, as OpenAPI 3.2's cookie style writes it.
    expect(serializeCookie({ name: 'color', in: 'cookie', style: 'form', explode: true, shape: 'array' }, ['a', 'b'])).toEqual(['color=a', 'color=b']);
    // A separator written encoded cannot be told from the same character in an item.
    const pipe: WireParameter = { name: 'color', in: 'query', style: 'pipeDelimited', explode: false, shape: 'array' };
    expect(parseQuery(pipe, splitQuery(serializeQuery(pipe, ['a|b']).join('&')))).toEqual(['a', 'b']);
  });
});

/** A one-operation document with this parameter, on a path that takes it wherever it goes. */
function documentWith(c: Combination): OpenApiDocument {
  const schema =
    c.shape === 'array'
      ? { type: 'array', items: { type: 'string' } }
      : c.shape === 'object'
        ? { type: 'object', additionalProperties: { type: 'string' } }
        : { type: 'string' };
  return parse(
    `openapi: 3.1.0
info: {title: Round trip, version: '1'}
paths:
  /things/{color}:
    get:
      parameters:
        - ${JSON.stringify({ name: 'color', in: c.in, required: true, style: c.style, explode: c.explode, schema })}
      responses:
        '204': {description: Nothing}
`.replace('/things/{color}', c.in === 'path' ? '/things/{color}' : '/things'),
  );
}

/** What a reader types in the panel's field for this value: items comma-separated, fields as JSON. */
function typed(value: WireValue): string {
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Text a reader can type in a field: items without commas or spaces at their edges (the field splits and trims them). */
function typable(c: Combination): fc.Arbitrary<WireValue> {
  const item = text(c, 'item').filter((s) => !s.includes(',') && s === s.trim() && s !== '');
  // A path segment of `.` or `..` (or a label value whose encoded dot makes one) is dropped by every URL parser.
  const segment = item.filter((s) => s !== '.' && s !== '..');
  if (c.shape === 'array') return fc.array(c.in === 'path' ? segment : item, { minLength: 1, maxLength: 4 });
  if (c.shape === 'object') return arbitraryValue(c);
  return c.in === 'path' ? segment : item;
}

describe('from the try-it panel to the mock', () => {
  for (const c of DEFINED) {
    it(`the mock reads what the panel sends: ${label(c)}`, () => {
      const document = documentWith(c);
      const model = normalizeDocument(document);
      const op = defined(model.operations[0], 'the operation');
      const view = panelView(op, model.servers, model.securitySchemes, 'http://mock.test');
      const spec = readRequestSpec(document, op);
      const router = new Router<string>();
      router.add(op.path, op.method, op.slug);
      fc.assert(
        fc.property(typable(c), (value) => {
          // Sent to the mock (the document names no server, so the panel starts on `/`, this site).
          const input = { ...view.input, base: 'http://mock.test' };
          const request = buildRequest({ ...input, params: [{ spec: defined(view.data.params[0], 'the parameter'), value: typed(value) }] });
          // The target as a client sends it: after its URL parser.
          const url = new URL(request.url);
          const match = router.match(url.pathname);
          expect(match).toBeDefined();
          const headers = Object.fromEntries(request.headers.map(([name, v]) => [name.toLowerCase(), v]));
          const { values } = readParams(spec, { rawParams: match!.raw, rawQuery: url.search.slice(1), headers });
          expect(plain(values[c.in].color)).toEqual(value);
        }),
        { numRuns: 50 },
      );
    });
  }
});
