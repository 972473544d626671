// The allowed values of a schema with what each one means, from the three ways documents
// say it: `enum` with `x-enum-descriptions` (or `x-enumDescriptions`) beside it, or a
// `oneOf` whose every member is one `const` with its own description or title.
import type { SchemaNode } from './types.ts';

export interface EnumValue {
  value: unknown;
  description?: string;
}

/** The values a node allows, described where the document describes them; undefined when it is no enumeration. */
export function enumValues(node: SchemaNode | undefined): EnumValue[] | undefined {
  if (!node) return undefined;
  if (node.enum && node.enum.length > 0) {
    return node.enum.map((value, i) => {
      const description = node.enumDescriptions?.[i];
      return description ? { value, description } : { value };
    });
  }
  const members = node.oneOf ?? node.anyOf;
  if (members && members.length > 0 && members.every((m) => m.const !== undefined && !m.ref)) {
    return members.map((m) => {
      const description = m.description ?? m.title;
      return description ? { value: m.const, description } : { value: m.const };
    });
  }
  return undefined;
}
