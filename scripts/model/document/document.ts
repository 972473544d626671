// The bundled document, behind one door. The model (types.ts) is what everyone reads; a few
// readers still need the document as written: the mock's ajv checks want schemas with their
// `$ref`s, its multipart reader wants the raw `encoding`, and Prism's engine wants a document.
// They all come here, by the `pointer` fields the model gives (types.ts says what each names),
// so a path item, parameter or response that is a `$ref` is followed in one place, by one
// pointer implementation (pointer.ts). Typed with openapi-types' 3.0 and 3.1 definitions;
// values the document leaves open (a schema, an example) stay `unknown` for the reader to check.
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { isObject } from './deref.ts';
import { childPointer, parentPointer, parsePointer, resolvePointer } from './pointer.ts';
import type { Operation, Parameter } from '../contract/types.ts';
import type { OpenApiDocument } from './openapi.ts';

export type { OpenApiDocument };
export type RawPathItem = OpenAPIV3.PathItemObject | OpenAPIV3_1.PathItemObject;
export type RawOperation = OpenAPIV3.OperationObject | OpenAPIV3_1.OperationObject;
export type RawParameter = OpenAPIV3.ParameterObject | OpenAPIV3_1.ParameterObject;
export type RawMediaType = OpenAPIV3.MediaTypeObject | OpenAPIV3_1.MediaTypeObject;

/** How many references in a row are followed before a chain is taken for a loop. */
const MAX_HOPS = 32;

/** The node a `$ref` (fragment-form pointer) names, or undefined. */
export function resolveRef(document: OpenApiDocument, ref: string): unknown {
  return ref.startsWith('#') ? resolvePointer(document, ref) : undefined;
}

/** The node itself, or the end of its chain of `$ref`s; undefined for a reference to nothing. */
export function followRefs(document: OpenApiDocument, node: unknown): unknown {
  let current = node;
  for (let hops = 0; hops < MAX_HOPS && isObject(current) && typeof current.$ref === 'string'; hops++) current = resolveRef(document, current.$ref);
  return isObject(current) && typeof current.$ref === 'string' ? undefined : current;
}

/** The operation object the model's operation was read from (Operation.pointer). */
export function operationObject(document: OpenApiDocument, op: Pick<Operation, 'pointer'>): RawOperation | undefined {
  const node = followRefs(document, resolvePointer(document, op.pointer));
  return isObject(node) ? (node as RawOperation) : undefined;
}

/** The path item holding the operation: its `$ref` target when the path item is a reference. */
export function pathItemObject(document: OpenApiDocument, op: Pick<Operation, 'pointer'>): RawPathItem | undefined {
  const node = followRefs(document, resolvePointer(document, parentPointer(op.pointer)));
  return isObject(node) ? (node as RawPathItem) : undefined;
}

/** The parameter object the model's parameter was read from (Parameter.pointer). */
export function parameterObject(document: OpenApiDocument, parameter: Pick<Parameter, 'pointer'>): RawParameter | undefined {
  const node = followRefs(document, resolvePointer(document, parameter.pointer));
  return isObject(node) ? (node as RawParameter) : undefined;
}

/** A parameter's schema as written, from `schema` or from its `content`'s only media type. */
export function parameterSchema(document: OpenApiDocument, parameter: Pick<Parameter, 'pointer'>): unknown {
  const raw = parameterObject(document, parameter);
  if (!raw) return undefined;
  if (raw.schema !== undefined) return raw.schema;
  const media = isObject(raw.content) ? Object.values(raw.content).find(isObject) : undefined;
  return media?.schema;
}

/** The request body's media types as written, by media type; empty when there is none. */
export function requestContent(document: OpenApiDocument, op: Pick<Operation, 'pointer'>): Record<string, RawMediaType> {
  const body = followRefs(document, operationObject(document, op)?.requestBody);
  return isObject(body) && isObject(body.content) ? (body.content as Record<string, RawMediaType>) : {};
}

/** Internal `$ref`s anywhere under a node. */
function collectRefs(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.add(value);
      else collectRefs(value, out);
    }
  }
}

/** An own property, whatever its name: a component called `__proto__` is a component, not this object's prototype. */
function define(node: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

function setByPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  const last = segments.at(-1);
  if (last === undefined) return;
  let node = target;
  for (const segment of segments.slice(0, -1)) {
    if (!Object.hasOwn(node, segment)) define(node, segment, {});
    node = node[segment] as Record<string, unknown>;
  }
  define(node, last, value);
}

/**
 * The document cut down to one operation and everything its `$ref`s reach, for Prism's engine:
 * the operation sits at its path under `paths`, its path item's parameters beside it (both read
 * through a path item `$ref`), without its callbacks (the engine would send them itself, to any
 * host; the mock's callbacks.ts sends them). Whole components are copied, so pointers into their
 * inside keep working.
 */
export function engineSlice(document: OpenApiDocument, op: Pick<Operation, 'pointer' | 'path' | 'method'>): OpenApiDocument {
  const pathItem = pathItemObject(document, op);
  const { callbacks: _callbacks, ...operation } = operationObject(document, op) ?? ({} as RawOperation);
  const own: Record<string, unknown> = { [op.method]: operation };
  if (pathItem?.parameters) own.parameters = pathItem.parameters;
  const out: Record<string, unknown> = { openapi: document.openapi, info: document.info, paths: { [op.path]: own } };
  if (document.servers) out.servers = document.servers;
  if (document.security) out.security = document.security;
  const seen = new Set<string>();
  const pending = new Set<string>();
  collectRefs(own, pending);
  while (pending.size > 0) {
    const ref = pending.values().next().value as string;
    pending.delete(ref);
    if (seen.has(ref)) continue;
    seen.add(ref);
    const segments = parsePointer(ref);
    const top = segments[0] === 'components' ? segments.slice(0, 3) : segments;
    const value = resolvePointer(
      document,
      top.reduce((pointer, key) => childPointer(pointer, key), '#'),
    );
    if (value === undefined || top.length === 0) continue;
    setByPath(out, top, value);
    const next = new Set<string>();
    collectRefs(value, next);
    for (const r of next) if (!seen.has(r)) pending.add(r);
  }
  const schemes = document.components?.securitySchemes;
  if (isObject(schemes)) setByPath(out, ['components', 'securitySchemes'], schemes);
  return out as unknown as OpenApiDocument;
}
