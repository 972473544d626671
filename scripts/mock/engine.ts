// Prism's engine, for what static examples cannot give: `Prefer:
// dynamic=true` (a body generated from the schema with fake data) and
// responses that declare a schema but no example at all. It runs in a pool of
// workers (engine-pool.ts), started on first use, and is fed one operation at
// a time, with only the components it reaches, so a large document does not
// pay for dereferencing all of itself.
import { getByPointer, isObject } from '../model/deref.ts';
import type { OpenApiDocument } from '../model/load.ts';
import type { Operation } from '../model/types.ts';
import type { EnginePool, GenerateResult } from './engine-pool.ts';

export interface EngineRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

export interface EngineOptions {
  code?: number;
  exampleKey?: string;
  dynamic: boolean;
  /** `--seed` with the request: the same request gets the same generated body, in any worker, across restarts. */
  seed?: string;
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

/** An own property, whatever its name: a component called `__proto__` is a component, not this object's prototype. */
function define(node: Record<string, any>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

function setByPath(target: Record<string, any>, segments: string[], value: unknown): void {
  let node = target;
  for (let i = 0; i < segments.length - 1; i++) {
    if (!Object.hasOwn(node, segments[i])) define(node, segments[i], {});
    node = node[segments[i]];
  }
  define(node, segments[segments.length - 1], value);
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
  // Without its callbacks: the engine would send them itself, to any host; callbacks.ts sends them.
  const { callbacks: _callbacks, ...operation } = (pathItem[op.method] ?? {}) as Record<string, unknown>;
  const own: Record<string, unknown> = { [op.method]: operation };
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
  private static versions = 0;
  private readonly document: OpenApiDocument;
  private readonly pool: EnginePool;
  /** This version of the document, in the keys the pool's workers hold operations by. */
  private readonly version = ++Engine.versions;
  private readonly keys = new Map<Operation, string>();

  constructor(document: OpenApiDocument, pool: EnginePool) {
    this.document = document;
    this.pool = pool;
  }

  /** The engine's answer, `none` when it has none (the caller sends the prepared one), `limit` when it went over a limit. */
  answer(op: Operation, request: EngineRequest, options: EngineOptions): Promise<GenerateResult> {
    let key = this.keys.get(op);
    if (key === undefined) this.keys.set(op, (key = `${this.version}:${this.keys.size}`));
    return this.pool.run(key, () => documentFor(this.document, op), request, options);
  }
}
