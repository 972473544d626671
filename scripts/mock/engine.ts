// Prism's engine, for what static examples cannot give: `Prefer:
// dynamic=true` (a body generated from the schema with fake data) and
// responses that declare a schema but no example at all. Imported on first
// use (it takes about half a second to load), and fed one operation at a
// time, with only the components it reaches, so a large document does not
// pay for dereferencing all of itself.
import { createRequire } from 'node:module';
import { getByPointer, isObject } from '../model/deref.ts';
import type { OpenApiDocument } from '../model/load.ts';
import type { Operation } from '../model/types.ts';

const require = createRequire(import.meta.url);

export interface EngineRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

export interface EngineAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: unknown;
}

export interface EngineOptions {
  code?: number;
  exampleKey?: string;
  dynamic: boolean;
}

interface Prism {
  getHttpOperationsFromSpec(document: unknown): Promise<unknown[]>;
  createInstance(
    config: unknown,
    components: unknown,
  ): {
    request(
      input: unknown,
      resources: unknown[],
      config?: unknown,
    ): () => Promise<{ _tag: 'Left' | 'Right'; left?: unknown; right?: { output: EngineAnswer } }>;
  };
}

// Prism logs through pino; the mock prints its own one line per request instead.
const silentLogger: Record<string, unknown> = { level: 'silent' };
for (const level of ['fatal', 'error', 'warn', 'info', 'success', 'debug', 'trace']) silentLogger[level] = () => {};
silentLogger.child = () => silentLogger;

const BASE_CONFIG = { validateRequest: false, validateResponse: false, checkSecurity: false, errors: false, upstreamProxy: undefined, isProxy: false };

let loaded: { prism: Prism; instance: ReturnType<Prism['createInstance']> } | undefined;

function load() {
  if (!loaded) {
    const prism = require('@stoplight/prism-http') as Prism;
    loaded = { prism, instance: prism.createInstance({ ...BASE_CONFIG, mock: { dynamic: false } }, { logger: silentLogger }) };
  }
  return loaded;
}

function collectRefs(node: unknown, out: Set<string>): void {
  if (Array.isArray(node)) for (const n of node) collectRefs(n, out);
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/')) out.add(value);
      else collectRefs(value, out);
    }
  }
}

function setByPath(target: Record<string, any>, segments: string[], value: unknown): void {
  let node = target;
  for (let i = 0; i < segments.length - 1; i++) node = node[segments[i]] ??= {};
  node[segments[segments.length - 1]] = value;
}

function splitPointer(ref: string): string[] {
  let pointer = ref.slice(1);
  try {
    pointer = decodeURIComponent(pointer);
  } catch {
    // Keep as written.
  }
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** The document cut down to one operation and everything its $refs reach. */
export function documentFor(document: OpenApiDocument, op: Operation): OpenApiDocument {
  const pathItem = document.paths?.[op.path] ?? {};
  const own: Record<string, unknown> = { [op.method]: pathItem[op.method] };
  if (pathItem.parameters) own.parameters = pathItem.parameters;
  const out: OpenApiDocument = { openapi: document.openapi, info: document.info, paths: { [op.path]: own } };
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
    const segments = splitPointer(ref);
    // Copy the whole named component, so pointers into its inside keep working.
    const top = segments[0] === 'components' ? segments.slice(0, 3) : segments;
    const value = getByPointer(document, `/${top.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);
    if (value === undefined) continue;
    setByPath(out, top, value);
    const next = new Set<string>();
    collectRefs(value, next);
    for (const r of next) if (!seen.has(r)) pending.add(r);
  }
  if (isObject(document.components?.securitySchemes)) setByPath(out, ['components', 'securitySchemes'], document.components.securitySchemes);
  return out;
}

export class Engine {
  private readonly document: OpenApiDocument;
  private readonly operations = new Map<Operation, Promise<unknown[]>>();

  constructor(document: OpenApiDocument) {
    this.document = document;
  }

  private resourcesFor(op: Operation): Promise<unknown[]> {
    let resources = this.operations.get(op);
    if (!resources) {
      // Prism dereferences in place; it gets its own copy.
      resources = load().prism.getHttpOperationsFromSpec(structuredClone(documentFor(this.document, op)));
      this.operations.set(op, resources);
    }
    return resources;
  }

  /** Prism's answer, or undefined when it cannot give one (the caller falls back to the static answer). */
  async answer(op: Operation, request: EngineRequest, options: EngineOptions): Promise<EngineAnswer | undefined> {
    try {
      const resources = await this.resourcesFor(op);
      const mock: Record<string, unknown> = { dynamic: options.dynamic };
      if (options.code !== undefined) mock.code = options.code;
      if (options.exampleKey !== undefined) mock.exampleKey = options.exampleKey;
      const input = {
        method: request.method.toLowerCase(),
        url: { path: request.path, query: request.query },
        headers: request.headers,
        body: request.body,
      };
      const result = await load().instance.request(input, resources, { ...BASE_CONFIG, mock })();
      return result._tag === 'Right' && result.right ? result.right.output : undefined;
    } catch {
      return undefined;
    }
  }
}
