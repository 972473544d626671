// `allOf` as a reader means it. Two idioms are shown as what they stand for rather than as
// "all of": a single reference with a description or default beside it (the usual way to
// describe a `$ref`) reads as that reference, and an `allOf` of objects (inheritance, "a Pet
// is a NewPet plus an id") reads as one object with every member's fields. Anything else
// (alternatives inside, non-object members) is left as it is and shown part by part.
import { isDescribedRef, type MergedObject, mergeObjects } from '#model/contract/schema-merge.ts';
import type { SchemaNode } from '#model/contract/types.ts';
import type { SchemaRefs } from './schema-refs.ts';

const merged = new WeakMap<SchemaNode, MergedObject | null>();

/** A node as it should be read: a described single reference becomes that reference, an `allOf` of objects one object. */
export function readable(node: SchemaNode, refs: SchemaRefs): SchemaNode;
export function readable(node: SchemaNode | undefined, refs: SchemaRefs): SchemaNode | undefined;
export function readable(node: SchemaNode | undefined, refs: SchemaRefs): SchemaNode | undefined {
  if (!node) return node;
  const ref = describedRef(node);
  if (ref) return ref;
  return mergeAllOf(node, refs)?.node ?? node;
}

/** `{ allOf: [ { $ref } ], description, default }` as the reference with the description and default kept. */
function describedRef(node: SchemaNode): SchemaNode | undefined {
  const only = node.allOf?.[0];
  if (!only?.ref || !isDescribedRef(node)) return undefined;
  const { allOf: _parts, ...rest } = node;
  return { ...rest, ref: only.ref };
}

/** The single object an `allOf` of objects stands for (the model's `display` merge policy), remembered per node. */
export function mergeAllOf(node: SchemaNode, refs: SchemaRefs): MergedObject | undefined {
  const known = merged.get(node);
  if (known !== undefined) return known ?? undefined;
  const result = mergeObjects(node, refs.lookup);
  merged.set(node, result ?? null);
  return result;
}
