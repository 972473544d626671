// `allOf` as a reader means it. Two idioms are shown as what they stand for rather than as
// "all of": a single reference with a description or default beside it (the usual way to
// describe a `$ref`) reads as that reference, and an `allOf` of objects (inheritance, "a Pet
// is a NewPet plus an id") reads as one object with every member's fields. Anything else
// (alternatives inside, non-object members) is left as it is and shown part by part.
import type { SchemaNode, SchemaProperty } from '../../../scripts/model/types.ts';
import type { SchemaRefs } from './schema-refs.ts';

export interface MergedObject {
  node: SchemaNode;
  /** The component schemas the object combines, by name, in order. */
  bases: string[];
  /** Whether fields of its own (inline members or properties beside `allOf`) are added to them. */
  own: boolean;
}

/** How far references inside references are followed when merging (each one is a named component). */
const MAX_REF_DEPTH = 4;

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
  const only = node.allOf?.length === 1 ? node.allOf[0] : undefined;
  if (!only?.ref || node.properties || node.oneOf || node.anyOf || node.not || node.items || (node.type?.length ?? 0) > 0) return undefined;
  const { allOf: _parts, ...rest } = node;
  return { ...rest, ref: only.ref };
}

/** The single object an `allOf` of objects stands for, or undefined when its members are not all objects. */
export function mergeAllOf(node: SchemaNode, refs: SchemaRefs): MergedObject | undefined {
  const known = merged.get(node);
  if (known !== undefined) return known ?? undefined;
  const result = merge(node, refs, new Set(), 0);
  merged.set(node, result ?? null);
  return result;
}

function merge(node: SchemaNode, refs: SchemaRefs, seen: Set<string>, depth: number): MergedObject | undefined {
  if (!node.allOf || node.allOf.length === 0 || node.oneOf || node.anyOf || node.not || node.items) return undefined;
  if (node.type?.length && !node.type.includes('object')) return undefined;
  if (describedRef(node)) return undefined;
  const fields = new Map<string, SchemaProperty>();
  const add = (list: SchemaProperty[] | undefined) => {
    for (const p of list ?? []) {
      const before = fields.get(p.name);
      // A field named twice must satisfy both: it is required if either part requires it.
      fields.set(p.name, before ? { ...before, required: before.required || p.required } : p);
    }
  };
  const bases: string[] = [];
  let own = (node.properties?.length ?? 0) > 0;
  let additionalProperties = node.additionalProperties;
  for (const part of node.allOf) {
    let member = part;
    if (part.ref) {
      // A reference loop (A is all of B, B all of A) or a very deep chain is left unmerged.
      if (seen.has(part.ref) || depth >= MAX_REF_DEPTH) return undefined;
      const target = refs.node(part.ref);
      if (!target || target.circular) return undefined;
      member = target;
      bases.push(part.ref);
    }
    if (!isObjectPart(member)) return undefined;
    if (member.allOf) {
      const inner = merge(member, refs, part.ref ? new Set([...seen, part.ref]) : seen, depth + 1);
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
  return {
    node: { ...rest, type: ['object'], properties: [...fields.values()], ...(additionalProperties !== undefined ? { additionalProperties } : {}) },
    bases,
    own,
  };
}

/** A member that only adds fields or requirements to an object (no alternatives, no other type). */
function isObjectPart(node: SchemaNode): boolean {
  if (node.oneOf || node.anyOf || node.not || node.items || node.enum || node.const !== undefined) return false;
  return !node.type?.length || node.type.includes('object');
}
