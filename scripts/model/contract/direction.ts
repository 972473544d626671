// Which fields belong to which direction: a readOnly field is never sent in a request body and
// a writeOnly one never comes back in a response (OpenAPI 3.x). The field lists and the examples
// of a body both read this rule, so a page never lists `id` in a create body while its example
// sends one.
import { mergeSchema, type SchemaLookup } from './schema-merge.ts';
import type { SchemaNode } from './types.ts';

export type Direction = 'request' | 'response';

// Merged views of a node, per lookup: large documents repeat the same schemas in every example.
const mergedCache = new WeakMap<SchemaLookup, WeakMap<SchemaNode, SchemaNode>>();

/** The node with references followed and allOf merged, computed once per node. */
export function merged(schema: SchemaNode, lookup: SchemaLookup): SchemaNode {
  if (!schema.ref && !schema.allOf) return schema;
  let cache = mergedCache.get(lookup);
  if (!cache) mergedCache.set(lookup, (cache = new WeakMap()));
  let hit = cache.get(schema);
  if (!hit) cache.set(schema, (hit = mergeSchema(schema, lookup)));
  return hit;
}

/** Whether a field with this schema belongs in a body going this way (its flags read through references and allOf). */
export function inDirection(schema: SchemaNode | undefined, direction: Direction, lookup: SchemaLookup): boolean {
  if (!schema) return true;
  const flags = merged(schema, lookup);
  return direction === 'request' ? !flags.readOnly : !flags.writeOnly;
}

/** How deep an example is followed: examples are data, but a pathological one must not stall a build. */
const MAX_DEPTH = 12;

/**
 * An example without the fields that do not go this way: readOnly ones out of a request,
 * writeOnly ones out of a response, at every level the schema describes. Values are never
 * changed, only left out; the same object comes back when nothing is removed.
 */
export function exampleInDirection(value: unknown, schema: SchemaNode | undefined, direction: Direction, lookup: SchemaLookup): unknown {
  return prune(value, schema, direction, lookup, 0);
}

function prune(value: unknown, schema: SchemaNode | undefined, direction: Direction, lookup: SchemaLookup, depth: number): unknown {
  if (!schema || depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  const node = merged(schema, lookup);
  if (Array.isArray(value)) {
    if (!node.items) return value;
    let changed = false;
    const items = value.map((item) => {
      const next = prune(item, node.items, direction, lookup, depth + 1);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? items : value;
  }
  const properties = new Map((node.properties ?? []).map((p) => [p.name, p.schema]));
  // A value of a oneOf/anyOf is read by the variant its discriminator names, else by the first object variant.
  const variant = properties.size === 0 ? variantFor(value as Record<string, unknown>, node, lookup) : undefined;
  if (variant) return prune(value, variant, direction, lookup, depth + 1);
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const field = properties.get(key);
    if (field && !inDirection(field, direction, lookup)) {
      changed = true;
      continue;
    }
    const next = field ? prune(item, field, direction, lookup, depth + 1) : item;
    if (next !== item) changed = true;
    out[key] = next;
  }
  return changed ? out : value;
}

function variantFor(value: Record<string, unknown>, node: SchemaNode, lookup: SchemaLookup): SchemaNode | undefined {
  const list = node.oneOf ?? node.anyOf;
  if (!list || list.length === 0) return undefined;
  const discriminator = node.discriminator;
  if (discriminator) {
    const tag = value[discriminator.propertyName];
    const target = typeof tag === 'string' ? discriminator.mapping?.[tag] : undefined;
    const name = target ? target.split('/').pop() : typeof tag === 'string' ? tag : undefined;
    const found = list.find((v) => v.ref !== undefined && v.ref === name);
    if (found) return found;
  }
  return list.find((v) => (merged(v, lookup).properties?.length ?? 0) > 0);
}
