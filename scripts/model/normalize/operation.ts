// Operations (paths, webhooks, callbacks) with their parameters, bodies and
// responses, every $ref followed and every schema normalized.
import { extensionsOf, isObject, optionalString, type Deref } from '../document/deref.ts';
import type { createExampleCollector } from './examples.ts';
import { readDeprecated, readDeprecation, readStability, readTryIt } from './extensions.ts';
import { operationPage } from '../contract/pages.ts';
import { formatPointer } from '../document/pointer.ts';
import { sampleOf } from './sample-value.ts';
import { resolveServerUrl } from '../contract/server-url.ts';
import type { createSchemaNormalizer } from './schema.ts';
import { normalizeRequirements } from './security.ts';
import type {
  Callback,
  Header,
  HttpMethod,
  MediaType,
  Operation,
  Parameter,
  ParameterLocation,
  RequestBody,
  ValueShape,
  Response,
  SecurityRequirement,
  Server,
} from '../contract/types.ts';
import { HTTP_METHODS } from '../contract/types.ts';

export interface OperationContext {
  deref: Deref;
  schema: ReturnType<typeof createSchemaNormalizer>;
  examples: ReturnType<typeof createExampleCollector>;
  rootSecurity: SecurityRequirement[];
  rootServers: Server[];
  root: Record<string, any>;
  slugByOperationId: Map<string, string>;
}

export interface RawOperation {
  kind: Operation['kind'];
  method: HttpMethod;
  path: string;
  pathItem: Record<string, any>;
  operation: Record<string, any>;
  /** Keys of the operation object where it is in the bundled document (under its path item's `$ref` target, when there is one). */
  pointer: string[];
  /** Where the path item's own fields live: its `$ref` target when it is a reference. */
  pathItemPointer: string[];
}

/** Every operation of a paths-like map (paths, webhooks, a callback), in document order. */
export function listOperations(map: unknown, kind: Operation['kind'], pointer: string[], deref: Deref): RawOperation[] {
  if (!isObject(map)) return [];
  const out: RawOperation[] = [];
  for (const [path, rawItem] of Object.entries(map)) {
    const pathItem = deref(rawItem);
    if (!isObject(pathItem)) continue;
    const pathItemPointer = deref.target(rawItem) ?? [...pointer, path];
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (isObject(operation)) {
        out.push({ kind, method, path, pathItem, operation, pointer: [...pathItemPointer, method], pathItemPointer });
      }
    }
  }
  return out;
}

export function normalizeServers(raw: unknown): Server[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((s) => isObject(s) && typeof s.url === 'string')
    .map((s) => {
      const variables: Server['variables'] = isObject(s.variables)
        ? Object.fromEntries(
            Object.entries(s.variables)
              .filter(([, v]) => isObject(v))
              .map(([name, v]: [string, any]) => [
                name,
                {
                  default: String(v.default ?? ''),
                  ...(Array.isArray(v.enum) ? { enum: v.enum.map(String) } : {}),
                  ...(optionalString(v.description) ? { description: v.description } : {}),
                },
              ]),
          )
        : {};
      return { url: s.url, resolvedUrl: resolveServerUrl(s.url, variables), description: optionalString(s.description), variables };
    });
}

/** How far allOf members and alternatives are followed to find a value's shape. */
const MAX_SHAPE_DEPTH = 8;

/** Shapes already read, per document (its deref), schema object and depth: a schema named many times is read once per depth. */
const shapes = new WeakMap<Deref, WeakMap<object, ValueShape[]>>();

/** The shape a schema gives a parameter's value (types.ts, Parameter.shape), read from the schema as written. */
export function valueShape(schema: unknown, deref: Deref, depth = 0): ValueShape {
  if (schema === null || typeof schema !== 'object') return shapeOf(schema, deref, depth);
  let byNode = shapes.get(deref);
  if (!byNode) shapes.set(deref, (byNode = new WeakMap()));
  let byDepth = byNode.get(schema);
  if (!byDepth) byNode.set(schema, (byDepth = []));
  return (byDepth[depth] ??= shapeOf(schema, deref, depth));
}

function shapeOf(schema: unknown, deref: Deref, depth: number): ValueShape {
  const node = deref(schema);
  if (!isObject(node) || depth > MAX_SHAPE_DEPTH) return 'scalar';
  const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('array')) return 'array';
  if (types.includes('object')) return 'object';
  if (node.type !== undefined) return 'scalar';
  if (isObject(node.properties) || isObject(node.additionalProperties)) return 'object';
  if (node.items !== undefined || Array.isArray(node.prefixItems)) return 'array';
  // Untyped: what its allOf members say, else its first alternative (what a form fills in).
  const members = [
    ...(Array.isArray(node.allOf) ? node.allOf : []),
    ...[node.oneOf, node.anyOf].flatMap((list) => (Array.isArray(list) ? list.slice(0, 1) : [])),
  ];
  for (const member of members) {
    const shape = valueShape(member, deref, depth + 1);
    if (shape !== 'scalar') return shape;
  }
  return 'scalar';
}

function normalizeParameter(raw: unknown, pointer: string, ctx: OperationContext): Parameter | undefined {
  const p = ctx.deref(raw);
  if (!isObject(p) || typeof p.name !== 'string' || typeof p.in !== 'string') return undefined;
  // A parameter may describe itself through `content` instead of `schema`.
  const mediaType = p.schema === undefined && isObject(p.content) ? Object.keys(p.content).find((key) => isObject(p.content[key])) : undefined;
  const media = mediaType === undefined ? undefined : p.content[mediaType];
  const rawSchema = p.schema ?? media?.schema;
  const examples = ctx.examples.declared(p).concat(media ? ctx.examples.declared(media) : []);
  const schema = rawSchema === undefined ? undefined : ctx.schema(rawSchema);
  const target = ctx.deref.target(raw);
  // The specification's defaults, so no reader has to know them.
  const style = typeof p.style === 'string' ? p.style : p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple';
  const parameter: Parameter = {
    name: p.name,
    in: p.in as ParameterLocation,
    required: p.in === 'path' ? true : p.required === true,
    deprecated: p.deprecated === true,
    description: optionalString(p.description),
    schema,
    examples,
    pointer: target ? formatPointer(target) : pointer,
    style,
    explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
    shape: mediaType === undefined ? valueShape(rawSchema, ctx.deref) : 'scalar',
  };
  if (mediaType !== undefined) parameter.mediaType = mediaType;
  const example = examples[0]?.value ?? schema?.example;
  if (example !== undefined) parameter.example = example;
  const sample = sampleOf(examples[0]?.value, rawSchema, ctx.deref);
  if (sample) parameter.sample = sample;
  return parameter;
}

function normalizeParameters(raw: RawOperation, ctx: OperationContext): Parameter[] {
  const byKey = new Map<string, Parameter>();
  const lists: [unknown, string[]][] = [
    [raw.pathItem.parameters, raw.pathItemPointer],
    [raw.operation.parameters, [...raw.pathItemPointer, raw.method]],
  ];
  // Operation-level parameters override path-level ones with the same name and location.
  for (const [list, holder] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((item, index) => {
      const parameter = normalizeParameter(item, formatPointer([...holder, 'parameters', String(index)]), ctx);
      if (parameter) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    });
  }
  return [...byKey.values()];
}

function normalizeContent(raw: unknown, direction: 'request' | 'response', ctx: OperationContext): MediaType[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw)
    .filter(([, m]) => isObject(m))
    .map(([mediaType, m]: [string, any]) => {
      const out: MediaType = {
        mediaType,
        schema: m.schema === undefined ? undefined : ctx.schema(m.schema),
        examples: ctx.examples.collect(m, direction),
      };
      if (isObject(m.encoding)) {
        out.encoding = Object.fromEntries(
          Object.entries(m.encoding).map(([field, e]: [string, any]) => [field, { contentType: optionalString(e?.contentType) }]),
        );
      }
      return out;
    });
}

function normalizeRequestBody(raw: unknown, ctx: OperationContext): RequestBody | undefined {
  const body = ctx.deref(raw);
  if (!isObject(body)) return undefined;
  return {
    required: body.required === true,
    description: optionalString(body.description),
    content: normalizeContent(body.content, 'request', ctx),
  };
}

function normalizeHeaders(raw: unknown, ctx: OperationContext): Header[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).flatMap(([name, value]) => {
    const h = ctx.deref(value);
    if (!isObject(h)) return [];
    const schema = h.schema === undefined ? undefined : ctx.schema(h.schema);
    const header: Header = {
      name,
      description: optionalString(h.description),
      required: h.required === true,
      deprecated: h.deprecated === true,
      schema,
    };
    const declared = ctx.examples.declared(h)[0]?.value;
    const example = declared ?? schema?.example;
    if (example !== undefined) header.example = example;
    const sample = sampleOf(declared, h.schema, ctx.deref);
    if (sample) header.sample = sample;
    return [header];
  });
}

function normalizeResponses(raw: unknown, ctx: OperationContext): Response[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).flatMap(([status, value]) => {
    if (status.startsWith('x-')) return [];
    const r = ctx.deref(value);
    if (!isObject(r)) return [];
    return [
      {
        status,
        description: optionalString(r.description),
        headers: normalizeHeaders(r.headers, ctx),
        content: normalizeContent(r.content, 'response', ctx),
      },
    ];
  });
}

function normalizeCallbacks(raw: unknown, owner: string, page: string, pointer: string[], ctx: OperationContext): Callback[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).flatMap(([name, value]) => {
    const callback = ctx.deref(value);
    if (!isObject(callback)) return [];
    // A callback may be a reference to `components/callbacks`: its path items are read where they are.
    const at = ctx.deref.target(value) ?? [...pointer, name];
    return Object.keys(callback)
      .filter((k) => !k.startsWith('x-'))
      .map((expression) => ({
        name,
        expression,
        operations: listOperations({ [expression]: callback[expression] }, 'operation', at, ctx.deref).map((op) =>
          normalizeOperation(op, `${owner}-${name}-${op.method}`, ctx, false, page),
        ),
      }));
  });
}

export function normalizeOperation(
  raw: RawOperation,
  slug: string,
  ctx: OperationContext,
  withCallbacks = true,
  page = operationPage(raw.kind, slug),
): Operation {
  const { operation, pathItem } = raw;
  const tags = Array.isArray(operation.tags) ? operation.tags.filter((t: unknown): t is string => typeof t === 'string') : [];
  const deprecated = readDeprecated(operation);
  const deprecation = readDeprecation(operation, ctx.slugByOperationId);
  const servers = normalizeServers(operation.servers);
  const pathServers = normalizeServers(pathItem.servers);
  const out: Operation = {
    kind: raw.kind,
    method: raw.method,
    path: raw.path,
    operationId: optionalString(operation.operationId),
    slug,
    page,
    tag: tags[0] ?? 'default',
    tags: tags.length > 0 ? tags : ['default'],
    summary: optionalString(operation.summary) ?? optionalString(pathItem.summary),
    description: optionalString(operation.description) ?? optionalString(pathItem.description),
    deprecated,
    stability: readStability(operation),
    tryIt: readTryIt(operation, pathItem, ctx.root),
    parameters: normalizeParameters(raw, ctx),
    requestBody: operation.requestBody === undefined ? undefined : normalizeRequestBody(operation.requestBody, ctx),
    responses: normalizeResponses(operation.responses, ctx),
    security: Array.isArray(operation.security) ? normalizeRequirements(operation.security) : ctx.rootSecurity,
    servers: servers.length > 0 ? servers : pathServers.length > 0 ? pathServers : ctx.rootServers,
    callbacks: withCallbacks ? normalizeCallbacks(operation.callbacks, slug, page, [...raw.pointer, 'callbacks'], ctx) : [],
    pointer: formatPointer(raw.pointer),
    extensions: extensionsOf(operation),
  };
  if (deprecation && (deprecated || Object.keys(deprecation).length > 0)) out.deprecation = deprecation;
  return out;
}
