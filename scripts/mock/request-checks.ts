// What an operation accepts: its parameters and body as the model lists them,
// with the raw schemas ajv needs (their $refs kept) read from the bundled
// document at the pointers the model gives; and the checks run on each
// request: the body's media type, then every parameter and the body against
// their schemas.
import { isObject } from '../model/deref.ts';
import { followRefs, parameterObject, requestContent, type OpenApiDocument } from '../model/document.ts';
import { baseMediaType, bodyKind, isJsonMediaType, isStringSchema, type BodyKind } from '../model/media.ts';
import type { Operation, Parameter, ParameterLocation, SchemaNode } from '../model/types.ts';
import { readMultipartSpec, type MultipartSpec } from './multipart.ts';
import { describeError, type SchemaCompiler, type ValidateFunction } from './schemas.ts';

interface ParamSpec {
  name: string;
  in: ParameterLocation;
  required: boolean;
  style: string;
  explode: boolean;
  /** Top-level shape of the schema, to know how to split the raw text. */
  shape: 'array' | 'object' | 'scalar';
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
  validate?: ValidateFunction | null;
  /** `multipart/form-data`: which parts are files or JSON. */
  multipart?: MultipartSpec;
}

export interface RequestSpec {
  params: ParamSpec[];
  body?: { required: boolean; media: BodyMedia[] };
  /** Compiled on first use; null when there is nothing to check or it cannot compile. */
  paramsValidator?: ValidateFunction | null;
}

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);
/** Headers the OpenAPI specification says parameters may not describe. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

function shapeOf(schema: unknown, deref: (node: unknown) => unknown): ParamSpec['shape'] {
  const node = deref(schema);
  if (!isObject(node)) return 'scalar';
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('array')) return 'array';
  if (types.includes('object') || (node.type === undefined && isObject(node.properties))) return 'object';
  return 'scalar';
}

function paramSpec(parameter: Parameter, document: OpenApiDocument, deref: (node: unknown) => unknown): ParamSpec {
  const raw = parameterObject(document, parameter);
  const media = isObject(raw) && isObject(raw.content) ? Object.values(raw.content).find(isObject) : undefined;
  const declared = isObject(raw) ? raw.schema : undefined;
  const schema = declared ?? media?.schema;
  return {
    name: parameter.name,
    in: parameter.in,
    required: parameter.required,
    style: parameter.style,
    explode: parameter.explode,
    shape: shapeOf(schema, deref),
    json: declared === undefined && media !== undefined,
    schema: schema ?? {},
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

export function readRequestSpec(document: OpenApiDocument, op: Operation, resolve: SchemaResolver = (node) => node): RequestSpec {
  const deref = (node: unknown) => followRefs(document, node);
  const params: ParamSpec[] = [];
  for (const parameter of op.parameters) {
    if (!LOCATIONS.has(parameter.in)) continue;
    if (parameter.in === 'header' && RESERVED_HEADERS.has(parameter.name.toLowerCase())) continue;
    params.push(paramSpec(parameter, document, deref));
  }
  const spec: RequestSpec = { params };
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
  params: Record<string, string>;
  query: URLSearchParams | undefined;
  headers: Record<string, string | string[] | undefined>;
}

function splitStyle(value: string, spec: ParamSpec): string[] {
  const delimiter = spec.style === 'spaceDelimited' ? ' ' : spec.style === 'pipeDelimited' ? '|' : ',';
  let text = value;
  if (spec.in === 'path' && spec.style === 'label') text = text.replace(/^\./, '');
  if (spec.in === 'path' && spec.style === 'matrix' && text.startsWith(`;${spec.name}=`)) text = text.slice(spec.name.length + 2);
  return text === '' ? [] : text.split(spec.style === 'label' && spec.explode ? '.' : delimiter);
}

function parseCookies(header: string | string[] | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof header !== 'string') return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

/** Raw text of one parameter, shaped (split, grouped) as its schema expects; undefined when absent. */
function readParam(spec: ParamSpec, raw: RawRequest, cookies: () => Map<string, string>): unknown {
  let text: string | undefined;
  switch (spec.in) {
    case 'path':
      text = raw.params[spec.name];
      break;
    case 'query': {
      if (!raw.query) return undefined;
      if (spec.shape === 'object' && spec.style === 'deepObject') {
        const out = fieldMap<string>();
        const prefix = `${spec.name}[`;
        for (const [key, value] of raw.query) if (key.startsWith(prefix) && key.endsWith(']')) out[key.slice(prefix.length, -1)] = value;
        return Object.keys(out).length > 0 ? out : undefined;
      }
      const values = raw.query.getAll(spec.name);
      if (values.length === 0) return undefined;
      if (spec.shape === 'array')
        return spec.explode ? values.flatMap((v) => (spec.style === 'form' ? [v] : splitStyle(v, spec))) : splitStyle(values[0], spec);
      text = values[0];
      break;
    }
    case 'header': {
      const value = raw.headers[spec.name.toLowerCase()];
      text = Array.isArray(value) ? value.join(', ') : value;
      break;
    }
    case 'cookie':
      text = cookies().get(spec.name);
      break;
  }
  if (text === undefined) return undefined;
  if (spec.json) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (spec.shape === 'array') return splitStyle(text, spec).map((v) => (spec.in === 'header' ? v.trim() : v));
  if (spec.shape === 'object' && spec.style !== 'deepObject') {
    // `simple`/`form` objects: `k1,v1,k2,v2`, or `k1=v1,k2=v2` when exploded.
    const parts = splitStyle(text, spec);
    const out = fieldMap<string>();
    if (spec.explode)
      for (const part of parts) {
        const eq = part.indexOf('=');
        if (eq > 0) out[part.slice(0, eq)] = part.slice(eq + 1);
      }
    else for (let i = 0; i + 1 < parts.length; i += 2) out[parts[i]] = parts[i + 1];
    return out;
  }
  return text;
}

/** Every parameter against its schema; the first problem as `query.limit must be <= 100`, or undefined. */
export function checkParams(spec: RequestSpec, raw: RawRequest, compiler: SchemaCompiler): string | undefined {
  if (spec.params.length === 0) return undefined;
  let cookies: Map<string, string> | undefined;
  const data: Record<ParameterLocation, Record<string, unknown>> = { path: fieldMap(), query: fieldMap(), header: fieldMap(), cookie: fieldMap() };
  let present = 0;
  for (const param of spec.params) {
    const value = readParam(param, raw, () => (cookies ??= parseCookies(raw.headers.cookie)));
    if (value === undefined) {
      if (param.required) return `${param.in}.${param.name} is required`;
      continue;
    }
    data[param.in][param.name] = value;
    present++;
  }
  // Nothing sent, nothing required: no schema to check (and none to compile).
  if (present === 0) return undefined;
  if (spec.paramsValidator === undefined) spec.paramsValidator = compileParams(spec, compiler);
  const validate = spec.paramsValidator;
  if (!validate || validate(data)) return undefined;
  return validate.errors?.[0] ? describeError(validate.errors[0], '').replace(/^\./, '') : 'a parameter is invalid';
}

function compileParams(spec: RequestSpec, compiler: SchemaCompiler): ValidateFunction | null {
  const properties: Record<string, { type: 'object'; properties: Record<string, unknown> }> = {};
  for (const param of spec.params) {
    properties[param.in] ??= { type: 'object', properties: fieldMap() };
    properties[param.in].properties[param.name] = param.schema;
  }
  return compiler.compile({ type: 'object', properties }, true) ?? null;
}

/** The parsed body against the matched media type's schema; the first problem, or undefined. */
export function checkBody(media: BodyMedia, body: unknown, compiler: SchemaCompiler): string | undefined {
  if (media.schema === undefined) return undefined;
  if (media.validate === undefined) media.validate = compiler.compile(media.schema, media.kind !== 'json') ?? null;
  const validate = media.validate;
  if (!validate || validate(body)) return undefined;
  return validate.errors?.[0] ? describeError(validate.errors[0], 'body') : 'body is invalid';
}

/** A form body as an object of strings (arrays for repeated fields), for the coercing validator. */
export function parseForm(text: string): Record<string, string | string[]> {
  const out = fieldMap<string | string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}
