// What an operation accepts: its parameters and body as the model lists them,
// with the raw schemas ajv needs (their $refs kept) read from the bundled
// document at the pointers the model gives; and the checks run on each
// request: the body's media type, then every parameter and the body against
// their schemas.
import { isObject } from '../model/document/deref.ts';
import { parameterSchema, requestContent, type OpenApiDocument } from '../model/document/document.ts';
import { isIgnoredParameter, parseCookie, parseHeader, parsePath, parseQuery, splitCookies, splitQuery, type WireParameter } from '../model/contract/wire.ts';
import { baseMediaType, bodyKind, isJsonMediaType, isStringSchema, type BodyKind } from '../model/contract/media.ts';
import type { Operation, Parameter, ParameterLocation, SchemaNode } from '../model/contract/types.ts';
import type { CheckPool, CheckResult } from './check-pool.ts';
import { readMultipartSpec, type MultipartSpec } from './multipart.ts';
import { describeError, type SchemaCompiler, type Validator } from './schemas.ts';

/** A parameter as the request checks read it: its wire form (model/contract/wire.ts) and its schema as written, for ajv. */
export interface ParamSpec extends WireParameter {
  required: boolean;
  /** Described with `content` (JSON text) instead of `schema`. */
  json: boolean;
  schema: unknown;
}

export interface BodyMedia {
  /** Lower-case media type without parameters, e.g. `application/json`, `*\/*`. */
  type: string;
  kind: BodyKind;
  /** The raw schema ajv checks the body against; undefined when the body is not checked. */
  schema: unknown;
  validate?: Validator | null;
  /** `multipart/form-data`: which parts are files or JSON. */
  multipart?: MultipartSpec;
}

export interface RequestSpec {
  params: ParamSpec[];
  body?: { required: boolean; media: BodyMedia[] };
  /** Compiled on first use; null when there is nothing to check or it cannot compile. */
  paramsValidator?: Validator | null;
  /** Query parameters and cookies the operation's credentials travel in: no parameter's value. */
  credentials?: Partial<Record<'query' | 'cookie', string[]>>;
}

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);

function paramSpec(parameter: Parameter, document: OpenApiDocument): ParamSpec {
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    style: parameter.style,
    explode: parameter.explode,
    shape: parameter.shape,
    json: parameter.mediaType !== undefined,
    schema: parameterSchema(document, parameter) ?? {},
  };
}

/** A model schema with its reference to a component followed (the model keeps those as references). */
export type SchemaResolver = (node: SchemaNode | undefined) => SchemaNode | undefined;

/**
 * Whether a body is checked against its schema: JSON and form fields are;
 * text only when the schema is a string (an XML or CSV body described by an
 * object schema is not parsed); multipart parts and bytes are not.
 */
function checkedSchema(kind: BodyKind, node: SchemaNode | undefined, raw: unknown, type: string): unknown {
  if (kind === 'json' || kind === 'form' || type === 'multipart/form-data') return raw;
  return kind === 'text' && isStringSchema(node) ? raw : undefined;
}

export function readRequestSpec(
  document: OpenApiDocument,
  op: Operation,
  resolve: SchemaResolver = (node) => node,
  credentials: RequestSpec['credentials'] = {},
): RequestSpec {
  const params: ParamSpec[] = [];
  for (const parameter of op.parameters) {
    if (!LOCATIONS.has(parameter.in)) continue;
    if (isIgnoredParameter(parameter)) continue;
    params.push(paramSpec(parameter, document));
  }
  const spec: RequestSpec = { params, credentials };
  if (op.requestBody && op.requestBody.content.length > 0) {
    // The model keeps schemas as views; ajv needs them as written: found by media type through the door.
    const content = requestContent(document, op);
    spec.body = {
      required: op.requestBody.required,
      media: op.requestBody.content.map(({ mediaType, schema }) => {
        const node = resolve(schema);
        const kind = bodyKind(mediaType, node);
        const raw = content[mediaType];
        const type = baseMediaType(mediaType);
        const media: BodyMedia = { type, kind, schema: checkedSchema(kind, node, isObject(raw) ? raw.schema : undefined, type) };
        if (type === 'multipart/form-data' && isObject(raw))
          media.multipart = readMultipartSpec(document, raw.schema, isObject(raw.encoding) ? raw.encoding : undefined);
        return media;
      }),
    };
  }
  return spec;
}

/** The declared media type a request's Content-Type matches (exact, then `type/*`, then `*\/*`). */
export function matchMedia(media: BodyMedia[], contentType: string): BodyMedia | undefined {
  const type = baseMediaType(contentType);
  if (!/^[!#$%&'*+.^_`|~0-9a-z-]+\/[!#$%&'*+.^_`|~0-9a-z-]+$/.test(type)) return undefined;
  const exact = media.find((m) => m.type === type);
  if (exact) return exact;
  const major = type.slice(0, type.indexOf('/'));
  // A JSON-flavoured type (`application/merge-patch+json`) is accepted where plain JSON is declared.
  if (isJsonMediaType(type)) {
    const json = media.find((m) => m.type === 'application/json');
    if (json) return json;
  }
  return media.find((m) => m.type === `${major}/*`) ?? media.find((m) => m.type === '*/*');
}

/** Fields by the names a request or a document gives them: `constructor` or `__proto__` is a name like any other, not a property every object inherits. */
export function fieldMap<T = unknown>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

export interface RawRequest {
  /** Path parameters as they arrived, still percent-encoded (the router's raw captures). */
  rawParams: Record<string, string>;
  /** The query string as it arrived, without `?`. */
  rawQuery: string | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** Mock controls in the query (`__code`, `__example`, `__dynamic`): never part of an exploded object. */
const CONTROL = /^__/;

/** One parameter's value as it arrived, read back into its shape by the wire rule the try-it panel writes it with; undefined when absent. */
function readParam(spec: ParamSpec, raw: RawRequest, read: RequestPieces): unknown {
  let value: unknown;
  switch (spec.in) {
    case 'path': {
      const text = Object.hasOwn(raw.rawParams, spec.name) ? raw.rawParams[spec.name] : undefined;
      value = text === undefined ? undefined : parsePath(spec, text);
      break;
    }
    case 'query':
      value = raw.rawQuery === undefined ? undefined : parseQuery(spec, read.query(), read.claimed('query'));
      break;
    case 'header': {
      const header = raw.headers[spec.name.toLowerCase()];
      const text = Array.isArray(header) ? header.join(', ') : header;
      value = text === undefined ? undefined : parseHeader(spec, text);
      break;
    }
    case 'cookie':
      value = parseCookie(spec, read.cookies(), read.claimed('cookie'));
      break;
  }
  if (spec.json && typeof value === 'string') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** The parts of a request the parameters are read from, each split once and only when asked for. */
interface RequestPieces {
  query(): [string, string][];
  cookies(): [string, string][];
  /** Names the other parameters of a location read, which an exploded object there does not take. */
  claimed(location: 'query' | 'cookie'): ReadonlySet<string>;
}

function pieces(spec: RequestSpec, raw: RawRequest): RequestPieces {
  let query: [string, string][] | undefined;
  let cookies: [string, string][] | undefined;
  const claimed = new Map<string, Set<string>>();
  return {
    query: () => (query ??= splitQuery(raw.rawQuery ?? '')),
    cookies: () => {
      const header = raw.headers.cookie;
      return (cookies ??= splitCookies(Array.isArray(header) ? header.join('; ') : (header ?? '')));
    },
    claimed(location) {
      let names = claimed.get(location);
      if (!names) {
        names = new Set(spec.params.filter((p) => p.in === location && !(p.shape === 'object' && p.explode)).map((p) => p.name));
        for (const name of spec.credentials?.[location] ?? []) names.add(name);
        if (location === 'query') for (const [name] of query ?? splitQuery(raw.rawQuery ?? '')) if (CONTROL.test(name)) names.add(name);
        claimed.set(location, names);
      }
      return names;
    },
  };
}

/** Every parameter read from the request, by location; the first required one missing, if any. */
export function readParams(
  spec: RequestSpec,
  raw: RawRequest,
): { values: Record<ParameterLocation, Record<string, unknown>>; present: number; missing?: ParamSpec } {
  const values: Record<ParameterLocation, Record<string, unknown>> = { path: fieldMap(), query: fieldMap(), header: fieldMap(), cookie: fieldMap() };
  const read = pieces(spec, raw);
  let present = 0;
  for (const param of spec.params) {
    const value = readParam(param, raw, read);
    if (value === undefined) {
      if (param.required) return { values, present, missing: param };
      continue;
    }
    values[param.in][param.name] = value;
    present++;
  }
  return { values, present };
}

/** Why a request's parameters or body are refused: a value that does not match, or one past the work a check may take. */
export interface CheckProblem {
  code: 'validation_failed' | 'payload_too_large';
  message: string;
}

/** A value now or later: checks that need a worker answer later (check-pool.ts). */
export type Later<T> = T | Promise<T>;

export function settle<T, U>(value: Later<T>, next: (value: T) => U): Later<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

/** Every parameter against its schema; the first problem as `query.limit must be <= 100`, or undefined. */
export function checkParams(spec: RequestSpec, raw: RawRequest, compiler: SchemaCompiler, checks: CheckPool): Later<CheckProblem | undefined> {
  if (spec.params.length === 0) return undefined;
  const { values, present, missing } = readParams(spec, raw);
  if (missing) return invalid(`${missing.in}.${missing.name} is required`);
  // Nothing sent, nothing required: no schema to check (and none to compile).
  if (present === 0) return undefined;
  if (spec.paramsValidator === undefined) spec.paramsValidator = compileParams(spec, compiler);
  const validator = spec.paramsValidator;
  if (!validator) return undefined;
  return settle(checks.check(validator, values, 'The parameters'), (result) => {
    if (result.kind === 'valid') return undefined;
    if (result.kind === 'limit') return invalid(result.message);
    return invalid(describeError(result.error, '').replace(/^\./, ''));
  });
}

function invalid(message: string): CheckProblem {
  return { code: 'validation_failed', message };
}

function compileParams(spec: RequestSpec, compiler: SchemaCompiler): Validator | null {
  const properties: Record<string, { type: 'object'; properties: Record<string, unknown> }> = {};
  for (const param of spec.params) {
    const place = (properties[param.in] ??= { type: 'object', properties: fieldMap() });
    place.properties[param.name] = param.schema;
  }
  return compiler.compile({ type: 'object', properties }, true) ?? null;
}

/** The parsed body against the matched media type's schema: the first problem, and the body as checked (coerced, for form fields). */
export function checkBody(media: BodyMedia, body: unknown, compiler: SchemaCompiler, checks: CheckPool): Later<{ problem?: CheckProblem; body: unknown }> {
  if (media.schema === undefined) return { body };
  if (media.validate === undefined) media.validate = compiler.compile(media.schema, media.kind !== 'json') ?? null;
  const validator = media.validate;
  if (!validator) return { body };
  return settle(checks.check(validator, body, 'The body'), (result: CheckResult) => {
    if (result.kind === 'valid') return { body: result.data };
    if (result.kind === 'limit') return { problem: { code: 'payload_too_large', message: result.message }, body };
    return { problem: invalid(describeError(result.error, 'body')), body };
  });
}

/**
 * A form body as an object of strings (arrays for repeated fields), for the coercing validator.
 * A repeated field's values are appended in place: linear in the body, however often a key repeats.
 */
export function parseForm(text: string): Record<string, string | string[]> {
  const out = fieldMap<string | string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = out[key];
    if (prev === undefined) out[key] = value;
    else if (Array.isArray(prev)) prev.push(value);
    else out[key] = [prev, value];
  }
  return out;
}
