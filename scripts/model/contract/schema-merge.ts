// `allOf` merged, one module with two named policies over the same rules (references followed
// by name with a loop guard; fields adding up by name, required if any part requires them):
// - `wire` (mergeSchema): everything merged into one node as a client sends or reads it, the
//   first keyword a part sets winning. The try-it panel, the mock's inference and error shapes,
//   the XML examples and the change report read this view.
// - `display` (mergeObjects): only an allOf made entirely of objects (inheritance: "a Pet is a
//   NewPet plus an id") becomes one object, keeping the names of the components it combines;
//   anything else is shown part by part, so a reader still sees alternatives and constraints.
// Hand-written: the model keeps references by name, which merging libraries for raw JSON
// Schema do not read.
import type { SchemaEntry, SchemaNode, SchemaProperty } from './types.ts';

/** Which view of an `allOf` a reader wants: the wire's one node, or the reference page's objects. */
export type MergePolicy = 'wire' | 'display';

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
  const into = merged as Record<string, unknown>;
  // Depth first with a stack of its own (a chain of references may be as deep as a description allows), each
  // reference followed once and each node merged once: merging a node again adds nothing to what it added.
  const seen = new Set<string>();
  const done = new Set<SchemaNode>();
  const stack: SchemaNode[] = [node];
  let add: (property: SchemaProperty) => void = () => {};
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.ref) {
      if (seen.has(current.ref)) continue;
      seen.add(current.ref);
      const target = schemas.get(current.ref)?.schema;
      if (target) stack.push(target);
      continue;
    }
    if (done.has(current)) continue;
    done.add(current);
    for (const [key, value] of Object.entries(current)) {
      if (value !== undefined && !OWN_RULE.has(key) && into[key] === undefined) into[key] = value;
    }
    if (current.type?.length && !merged.type?.length) merged.type = [...current.type];
    for (const flag of ANY_OF_FLAGS) if (current[flag]) merged[flag] = true;
    if (current.properties) {
      if (!merged.properties) add = propertyAdder((merged.properties = []));
      for (const property of current.properties) add(property);
    }
    // allOf: every member applies at once, so their fields add up (pushed last first: merged in order).
    const members = current.allOf ?? [];
    for (let i = members.length - 1; i >= 0; i--) stack.push(members[i]!);
  }
  return merged;
}

/**
 * Adds fields by name to `into`; one named twice must satisfy both, so it is required if either part requires it.
 * Indexed by name: an `allOf` of many members with many fields merges in time linear in them.
 */
function propertyAdder(into: SchemaProperty[]): (property: SchemaProperty) => void {
  const at = new Map<string, number>();
  return (property) => {
    const index = at.get(property.name);
    if (index === undefined) {
      at.set(property.name, into.length);
      into.push({ ...property });
    } else if (property.required && !into[index]!.required) into[index] = { ...into[index]!, required: true };
  };
}

/** The `display` policy's result: one object and where its fields come from. */
export interface MergedObject {
  node: SchemaNode;
  /** The component schemas the object combines, by name, in order. */
  bases: string[];
  /** Whether fields of its own (inline members or properties beside `allOf`) are added to them. */
  own: boolean;
}

/** How far references inside references are followed by the `display` policy (each one is a named component). */
const MAX_DISPLAY_DEPTH = 4;

/**
 * The `display` policy: the single object an `allOf` of objects stands for, or undefined when
 * its members are not all objects (alternatives inside, another type, a reference loop or a
 * chain deeper than a reader follows), in which case it is shown part by part.
 */
export function mergeObjects(node: SchemaNode, schemas: SchemaLookup): MergedObject | undefined {
  return mergeObjectsFrom(node, { schemas, steps: 0, paths: new Map(), made: new Map() }, new Set(), 0);
}

/** How many members one `display` merge looks at before it shows the `allOf` part by part instead. */
const MAX_DISPLAY_STEPS = 10_000;

/** One `display` merge: what it has made, so a member named many times (at one depth, by one way in) is merged once. */
interface DisplayMerge {
  schemas: SchemaLookup;
  steps: number;
  /** The references followed on the way in, one set per way (so equal ways are one key below). */
  paths: Map<Set<string>, Map<string, Set<string>>>;
  made: Map<Set<string>, Map<SchemaNode, (MergedObject | null)[]>>;
}

function pathWith(merge: DisplayMerge, seen: Set<string>, ref: string): Set<string> {
  let next = merge.paths.get(seen);
  if (!next) merge.paths.set(seen, (next = new Map()));
  let path = next.get(ref);
  if (!path) next.set(ref, (path = new Set([...seen, ref])));
  return path;
}

function mergeObjectsFrom(node: SchemaNode, merge: DisplayMerge, seen: Set<string>, depth: number): MergedObject | undefined {
  let bySeen = merge.made.get(seen);
  if (!bySeen) merge.made.set(seen, (bySeen = new Map()));
  let byDepth = bySeen.get(node);
  if (!byDepth) bySeen.set(node, (byDepth = []));
  const known = byDepth[depth];
  if (known !== undefined) return known ?? undefined;
  const result = merge.steps++ < MAX_DISPLAY_STEPS ? mergeMembers(node, merge, seen, depth) : undefined;
  byDepth[depth] = result ?? null;
  return result;
}

function mergeMembers(node: SchemaNode, merge: DisplayMerge, seen: Set<string>, depth: number): MergedObject | undefined {
  const { schemas } = merge;
  if (!node.allOf || node.allOf.length === 0 || node.oneOf || node.anyOf || node.not || node.items) return undefined;
  if (node.type?.length && !node.type.includes('object')) return undefined;
  if (isDescribedRef(node)) return undefined;
  const properties: SchemaProperty[] = [];
  const addOne = propertyAdder(properties);
  const add = (list: SchemaProperty[] | undefined) => {
    for (const p of list ?? []) addOne(p);
  };
  const bases: string[] = [];
  let own = (node.properties?.length ?? 0) > 0;
  let additionalProperties = node.additionalProperties;
  for (const part of node.allOf) {
    let member = part;
    if (part.ref) {
      if (seen.has(part.ref) || depth >= MAX_DISPLAY_DEPTH) return undefined;
      const target = schemas.get(part.ref)?.schema;
      if (!target || target.circular) return undefined;
      member = target;
      bases.push(part.ref);
    }
    if (!isObjectPart(member)) return undefined;
    if (member.allOf) {
      const inner = mergeObjectsFrom(member, merge, part.ref ? pathWith(merge, seen, part.ref) : seen, depth + 1);
      if (!inner) return undefined;
      add(inner.node.properties);
      if (!part.ref) bases.push(...inner.bases);
      if (!part.ref && inner.own) own = true;
    } else {
      add(member.properties);
      if (!part.ref && (member.properties?.length ?? 0) > 0) own = true;
    }
    if (member.additionalProperties === false) additionalProperties = false;
  }
  add(node.properties);
  const { allOf: _parts, ...rest } = node;
  return { node: { ...rest, type: ['object'], properties, ...(additionalProperties !== undefined ? { additionalProperties } : {}) }, bases, own };
}

/** `{ allOf: [ { $ref } ], description, default }`: the usual way to describe a reference, read as that reference. */
export function isDescribedRef(node: SchemaNode): boolean {
  const only = node.allOf?.length === 1 ? node.allOf[0] : undefined;
  return Boolean(only?.ref) && !node.properties && !node.oneOf && !node.anyOf && !node.not && !node.items && !(node.type?.length ?? 0);
}

/** A member that only adds fields or requirements to an object (no alternatives, no other type). */
function isObjectPart(node: SchemaNode): boolean {
  if (node.oneOf || node.anyOf || node.not || node.items || node.enum || node.const !== undefined) return false;
  return !node.type?.length || node.type.includes('object');
}
