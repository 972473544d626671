// The alternatives of a oneOf/anyOf as a reader picks between them: each named (its title,
// the component it references, or the discriminator's values that select it), with the value
// its discriminator property takes, and an example of that variant alone.
import { componentName } from '../normalize/schema.ts';
import { exampleInDirection, type Direction } from './direction.ts';
import type { SchemaLookup } from './schema-merge.ts';
import type { SchemaNode } from './types.ts';

export interface Variant {
  /** What the switch calls it: `Planet`, or the member's title, or `Option 2`. */
  label: string;
  /** The discriminator values that select this variant (`moon`, `asteroid`, `comet`), in document order. */
  mappingValues: string[];
  node: SchemaNode;
}

/** The discriminator values naming each component, from `mapping` (either `#/components/schemas/X` or a bare name). */
function mappingByTarget(node: SchemaNode): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [value, target] of Object.entries(node.discriminator?.mapping ?? {})) {
    const name = componentName(target) ?? target;
    out.set(name, [...(out.get(name) ?? []), value]);
  }
  return out;
}

/** The variants of a oneOf/anyOf, or undefined when the node has none. */
export function variantsOf(node: SchemaNode): Variant[] | undefined {
  const list = node.oneOf ?? node.anyOf;
  if (!list || list.length === 0) return undefined;
  const mapping = mappingByTarget(node);
  const explicit = mapping.size > 0;
  return list.map((member, i) => {
    // Without a mapping, the discriminator's value is the component's name (OpenAPI's implicit mapping).
    const values = member.ref ? (mapping.get(member.ref) ?? (node.discriminator && !explicit ? [member.ref] : [])) : [];
    return { label: member.title ?? member.ref ?? `Option ${i + 1}`, mappingValues: values, node: member };
  });
}

/**
 * An example of one variant, for a body going `direction`: the component's own example (or the
 * one sampled for it) with the fields of the other direction left out, and the discriminator
 * property set to the variant's first value, so the example selects the variant it shows.
 */
export function variantExample(variant: Variant, discriminator: SchemaNode['discriminator'], direction: Direction, lookup: SchemaLookup): unknown {
  const entry = variant.node.ref ? lookup.get(variant.node.ref) : undefined;
  const base = entry?.example ?? variant.node.example;
  if (base === undefined) return undefined;
  const pruned = exampleInDirection(base, variant.node, direction, lookup);
  const tag = variant.mappingValues[0];
  if (discriminator && tag !== undefined && pruned && typeof pruned === 'object' && !Array.isArray(pruned)) {
    return { ...(pruned as Record<string, unknown>), [discriminator.propertyName]: tag };
  }
  return pruned;
}
