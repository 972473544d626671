// A schema node as the wire sees it: component references followed and `allOf`
// members merged into one node. The try-it panel (which fields to show) and the
// change report (what a client may send or read) both need this view.
// Hand-written: the model keeps references by name, which merging libraries for
// raw JSON Schema do not read.
import type { SchemaEntry, SchemaNode, SchemaProperty } from './types.ts';

/** Component schemas by name, as `doc.schemaByName` in the site holds them. */
export type SchemaLookup = ReadonlyMap<string, SchemaEntry>;

/** Flags that hold for the whole when any member sets them. */
const ANY_OF_FLAGS = ['nullable', 'readOnly', 'writeOnly', 'deprecated'] as const;
/** Keys handled on their own rather than "first member that sets it wins". */
const OWN_RULE = new Set<string>(['ref', 'circular', 'allOf', 'type', 'properties', ...ANY_OF_FLAGS]);

/** The component a node names, following reference chains; undefined when the name is unknown or the chain loops. */
export function resolveRef(node: SchemaNode | undefined, schemas: SchemaLookup): SchemaNode | undefined {
  const seen = new Set<string>();
  let current = node;
  while (current?.ref) {
    if (seen.has(current.ref)) return undefined;
    seen.add(current.ref);
    current = schemas.get(current.ref)?.schema;
  }
  return current;
}

/**
 * One node with references followed and `allOf` merged, depth first (the node's own
 * keywords, then each member in order): the first type, format, enum, bound… that a
 * part sets wins; nullable, readOnly, writeOnly and deprecated hold if any part sets
 * them; properties add up by name, required if any part requires them. A reference
 * met a second time (recursion) adds nothing. The result has no `ref` and no `allOf`;
 * `oneOf`/`anyOf` stay as they are, unresolved.
 */
export function mergeSchema(node: SchemaNode, schemas: SchemaLookup): SchemaNode {
  const merged: SchemaNode = {};
  mergeInto(merged, node, schemas, new Set());
  return merged;
}

function mergeInto(merged: SchemaNode, node: SchemaNode, schemas: SchemaLookup, seen: Set<string>): void {
  if (node.ref) {
    if (seen.has(node.ref)) return;
    seen.add(node.ref);
    const target = schemas.get(node.ref)?.schema;
    if (target) mergeInto(merged, target, schemas, seen);
    return;
  }
  const into = merged as Record<string, unknown>;
  for (const [key, value] of Object.entries(node)) {
    if (value !== undefined && !OWN_RULE.has(key) && into[key] === undefined) into[key] = value;
  }
  if (node.type?.length && !merged.type?.length) merged.type = [...node.type];
  for (const flag of ANY_OF_FLAGS) if (node[flag]) merged[flag] = true;
  if (node.properties) {
    merged.properties ??= [];
    for (const property of node.properties) addProperty(merged.properties, property);
  }
  // allOf: every member applies at once, so their fields add up.
  for (const member of node.allOf ?? []) mergeInto(merged, member, schemas, seen);
}

function addProperty(into: SchemaProperty[], property: SchemaProperty): void {
  const index = into.findIndex((p) => p.name === property.name);
  const known = into[index];
  if (!known) into.push({ ...property });
  else if (property.required && !known.required) into[index] = { ...known, required: true };
}
