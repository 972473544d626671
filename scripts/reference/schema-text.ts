// Short textual descriptions of a schema node: its type label and its constraints.
// Values from the document come back as plain strings; the components print them as text.
import type { SchemaNode } from '../model/contract/types.ts';

/** A printable form of any JSON value from a document (enum members, defaults, examples). */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** The type words of a node, without following references: `string (date-time)`, `integer[]`, `object`. */
export function typeText(node: SchemaNode | undefined): string {
  if (!node) return 'any';
  if (node.ref) return node.ref;
  if (node.circular) return 'recursive';
  const types = node.type && node.type.length > 0 ? node.type : guessTypes(node);
  let text = types.length > 0 ? types.map((t) => (t === 'array' ? arrayText(node) : t)).join(' | ') : composedText(node);
  if (node.format) text += ` (${node.format})`;
  return text;
}

function arrayText(node: SchemaNode): string {
  return node.items ? `array of ${typeText(node.items)}` : 'array';
}

/** Alternatives that are plain types (`string`, `integer`, a reference) read best inline: "string or integer". */
export function simpleVariants(node: SchemaNode): SchemaNode[] | undefined {
  const list = node.oneOf ?? node.anyOf;
  if (!list || list.length === 0 || node.properties || node.discriminator) return undefined;
  const plain = list.every((v) => v.ref !== undefined || (!hasStructure(v) && !v.description && !v.enum && v.const === undefined && (v.type?.length ?? 0) > 0));
  return plain ? list : undefined;
}

function composedText(node: SchemaNode): string {
  const simple = simpleVariants(node);
  if (simple) return simple.map((v) => typeText(v)).join(' or ');
  if (node.oneOf) return 'one of';
  if (node.anyOf) return 'any of';
  if (node.allOf) return 'all of';
  if (node.const !== undefined) return 'constant';
  if (node.enum) return 'enum';
  return 'any';
}

function guessTypes(node: SchemaNode): string[] {
  if (node.properties || node.additionalProperties !== undefined) return ['object'];
  if (node.items) return ['array'];
  return [];
}

/** Constraints worth printing next to the type; each is a short phrase. */
export function constraintTexts(node: SchemaNode | undefined): string[] {
  if (!node || node.ref) return [];
  const out: string[] = [];
  const range = (min: number | boolean | undefined, max: number | boolean | undefined, exclusiveMin: unknown, exclusiveMax: unknown) => {
    // 3.0 puts booleans in exclusiveMinimum/Maximum; 3.1 puts the bound itself there.
    const lo = typeof exclusiveMin === 'number' ? `> ${exclusiveMin}` : min !== undefined ? `${exclusiveMin === true ? '>' : '>='} ${min}` : undefined;
    const hi = typeof exclusiveMax === 'number' ? `< ${exclusiveMax}` : max !== undefined ? `${exclusiveMax === true ? '<' : '<='} ${max}` : undefined;
    if (lo) out.push(lo);
    if (hi) out.push(hi);
  };
  range(node.minimum, node.maximum, node.exclusiveMinimum, node.exclusiveMaximum);
  if (node.multipleOf !== undefined) out.push(`multiple of ${node.multipleOf}`);
  if (node.minLength !== undefined || node.maxLength !== undefined) out.push(`length ${bounds(node.minLength, node.maxLength)}`);
  if (node.pattern) out.push(`pattern ${node.pattern}`);
  if (node.minItems !== undefined || node.maxItems !== undefined) out.push(`items ${bounds(node.minItems, node.maxItems)}`);
  if (node.uniqueItems) out.push('unique items');
  if (node.minProperties !== undefined || node.maxProperties !== undefined) out.push(`properties ${bounds(node.minProperties, node.maxProperties)}`);
  if (node.readOnly) out.push('read-only');
  if (node.writeOnly) out.push('write-only');
  return out;
}

function bounds(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return min === max ? `${min}` : `${min} to ${max}`;
  return min !== undefined ? `>= ${min}` : `<= ${max}`;
}

/** A oneOf/anyOf of single values: an enumeration written long-hand (its values are listed as facts). */
export function constVariants(node: SchemaNode): boolean {
  const list = node.oneOf ?? node.anyOf;
  return Boolean(list?.length && list.every((m) => m.const !== undefined && !m.ref));
}

/** Whether a node has structure worth its own nested view (fields, variants or item structure). */
export function hasStructure(node: SchemaNode | undefined): boolean {
  if (!node || node.ref || node.circular) return false;
  return Boolean(
    (node.properties && node.properties.length > 0) ||
      node.allOf ||
      ((node.oneOf || node.anyOf) && !simpleVariants(node) && !constVariants(node)) ||
      node.not ||
      (typeof node.additionalProperties === 'object' && hasStructure(node.additionalProperties)) ||
      (node.items && (node.items.ref === undefined ? hasStructure(node.items) : false)),
  );
}

/** How many fields a collapsed view hides, for its summary line. */
export function fieldCount(node: SchemaNode): number {
  return (node.properties?.length ?? 0) + (node.items ? fieldCount(node.items) : 0);
}
