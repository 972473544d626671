// Internal $ref lookup in the bundled document (after bundling, every $ref is
// `#/…`). Non-schema objects (parameters, responses, examples…) are followed
// to their target; schemas are handled by schema.ts, which keeps component refs.
import type { OpenApiDocument } from './openapi.ts';
import { parsePointer, resolvePointer } from './pointer.ts';

/**
 * The node, or what its `$ref` points at; undefined for a `$ref` to nothing, which callers skip.
 * `target` says where that is, as pointer keys (undefined for a node that is no reference).
 */
export type Deref = (<T = any>(node: T) => T | undefined) & { target(node: unknown): string[] | undefined };

/** The node a pointer names in the bundled document (pointer.ts), or undefined. */
export function getByPointer(document: OpenApiDocument, pointer: string): unknown {
  return resolvePointer(document, pointer);
}

export function createDeref(document: OpenApiDocument): Deref {
  const deref = (node: any) => {
    let current: any = node;
    for (let hops = 0; hops < 32 && current && typeof current === 'object' && typeof current.$ref === 'string'; hops++) {
      const target = current.$ref.startsWith('#') ? getByPointer(document, current.$ref) : undefined;
      if (target === undefined) return undefined;
      // 3.1 lets a reference carry its own summary/description that override the target's.
      const { $ref: _ref, ...overrides } = current;
      current = Object.keys(overrides).length > 0 && target && typeof target === 'object' ? { ...target, ...overrides } : target;
    }
    return current;
  };
  return Object.assign(deref, { target: (node: unknown) => refTarget(node, document) }) as Deref;
}

/**
 * Where a `$ref` (and the references its target makes in turn) finally leads, as pointer keys;
 * undefined for a node that is no internal reference. Readers of `pointer` fields (types.ts) look there.
 */
export function refTarget(node: unknown, document?: OpenApiDocument): string[] | undefined {
  if (!isObject(node) || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return undefined;
  let ref: string = node.$ref;
  for (let hops = 0; document && hops < 32; hops++) {
    const next = resolvePointer(document, ref);
    if (!isObject(next) || typeof next.$ref !== 'string' || !next.$ref.startsWith('#')) break;
    ref = next.$ref;
  }
  return parsePointer(ref);
}

export function isObject(value: unknown): value is Record<string, any> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `x-*` keys of an object, for renderers that read vendor extensions. */
export function extensionsOf(node: Record<string, any>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) if (key.startsWith('x-')) out[key] = value;
  return out;
}

/** Dates written unquoted in YAML may arrive as Date objects; keep the writer's ISO text. */
export function isoDate(value: unknown): string | undefined {
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return undefined;
}

export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
