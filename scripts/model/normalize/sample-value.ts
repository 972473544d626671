// A sample value for a parameter or a response header (types.ts, Sample), by one rule for every
// reader (the try-it panel's first values, the code samples, the mock's answer headers, the home
// page's example request): the declared example, else the schema's example, default, first enum
// value or const, else a small value made from its type. Hand-written rather than openapi-sampler:
// a header or a parameter is a scalar or a short list, and a thousand of them must cost nothing.
import { isObject, type Deref } from '../document/deref.ts';
import type { Sample } from '../contract/types.ts';

/** How deep references, allOf members and items are followed. */
const MAX_DEPTH = 6;

/**
 * What each schema object gave at each depth, per document (its deref): a schema named by many members of many
 * `allOf`s (or by every parameter) is looked at once per depth, not once per way to it.
 */
const found = new WeakMap<Deref, WeakMap<object, (Sample | null)[]>>();

/** The schema's own value, or one made from its type; undefined when it says too little. */
function fromSchema(schema: unknown, deref: Deref, depth: number): Sample | undefined {
  if (schema === null || typeof schema !== 'object') return fromNode(schema, deref, depth);
  let byNode = found.get(deref);
  if (!byNode) found.set(deref, (byNode = new WeakMap()));
  let byDepth = byNode.get(schema);
  if (!byDepth) byNode.set(schema, (byDepth = []));
  const known = byDepth[depth];
  if (known !== undefined) return known ?? undefined;
  const sample = fromNode(schema, deref, depth);
  byDepth[depth] = sample ?? null;
  return sample;
}

function fromNode(schema: unknown, deref: Deref, depth: number): Sample | undefined {
  const node = deref(schema);
  if (!isObject(node) || depth > MAX_DEPTH) return undefined;
  if ('example' in node) return { value: node.example, generated: false };
  if (Array.isArray(node.examples) && node.examples.length > 0) return { value: node.examples[0], generated: false };
  if ('default' in node) return { value: node.default, generated: false };
  if (Array.isArray(node.enum) && node.enum.length > 0) return { value: node.enum.find((v: unknown) => v !== null) ?? node.enum[0], generated: false };
  if ('const' in node) return { value: node.const, generated: false };
  const members = [
    ...(Array.isArray(node.allOf) ? node.allOf : []),
    ...[node.oneOf, node.anyOf].flatMap((list) => (Array.isArray(list) ? list.slice(0, 1) : [])),
  ];
  for (const member of members) {
    const found = fromSchema(member, deref, depth + 1);
    if (found) return found;
  }
  const types: unknown[] = Array.isArray(node.type) ? node.type : [node.type];
  const type = types.find((t) => t !== 'null' && t !== undefined) ?? (isObject(node.properties) ? 'object' : node.items ? 'array' : undefined);
  const made = (value: unknown): Sample => ({ value, generated: true });
  switch (type) {
    case 'integer':
    case 'number':
      return made(typeof node.minimum === 'number' ? node.minimum : 0);
    case 'boolean':
      return made(true);
    case 'string':
      return made(stringFor(node.format));
    case 'array': {
      const item = fromSchema(node.items, deref, depth + 1);
      return item === undefined ? undefined : made([item.value]);
    }
    case 'object': {
      if (!isObject(node.properties)) return made({});
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(node.properties).slice(0, 8)) {
        const value = fromSchema(property, deref, depth + 1);
        if (value !== undefined) out[name] = value.value;
      }
      return made(out);
    }
    default:
      return undefined;
  }
}

function stringFor(format: unknown): string {
  if (format === 'date-time') return new Date(0).toISOString();
  if (format === 'date') return '1970-01-01';
  if (format === 'uri' || format === 'uri-reference' || format === 'url') return 'https://example.com/';
  if (format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (format === 'email') return 'user@example.com';
  return 'string';
}

/** The sample of a parameter or header: its declared example first, then its schema's. */
export function sampleOf(declared: unknown, schema: unknown, deref: Deref): Sample | undefined {
  if (declared !== undefined) return { value: declared, generated: false };
  return fromSchema(schema, deref, 0);
}
