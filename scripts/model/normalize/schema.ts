// Schemas normalized across 3.0 and 3.1: `nullable` and `type: [.., 'null']`
// become one flag, component references stay references (so the model is a
// tree even for recursive schemas), inline references are followed once.
import { getByPointer, isObject, optionalString } from '../document/deref.ts';
import { parsePointer } from '../document/pointer.ts';
import type { OpenApiDocument } from '../document/openapi.ts';
import type { SchemaNode, XmlObject } from '../contract/types.ts';
import type { WorkBudget } from './budget.ts';

const COMPONENT_REF = /^#\/components\/schemas\/[^/]+$/;

/** The component a `$ref` names (`#/components/schemas/Pet` → `Pet`), read as every pointer is (pointer.ts). */
export function componentName(ref: string): string | undefined {
  return COMPONENT_REF.test(ref) ? parsePointer(ref)[2] : undefined;
}

const NUMBER_KEYS = [
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
] as const;

/** Keywords holding one schema (3.1), and those holding a schema or a boolean. */
const SCHEMA_KEYS = ['contains', 'propertyNames', 'if', 'then', 'else', 'contentSchema'] as const;
const SCHEMA_OR_BOOLEAN_KEYS = ['unevaluatedItems', 'unevaluatedProperties'] as const;

/**
 * An exclusive bound in 3.1's spelling: 3.0's `minimum: 0, exclusiveMinimum: true` and 3.1's
 * `exclusiveMinimum: 0` are one bound, so that a description moved from 3.0 to 3.1 compares equal.
 */
function exclusiveBounds(raw: Record<string, any>, node: SchemaNode): void {
  for (const [exclusive, inclusive] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = raw[exclusive];
    if (typeof value === 'number') node[exclusive] = value;
    else if (value === true && typeof raw[inclusive] === 'number') {
      node[exclusive] = raw[inclusive];
      delete node[inclusive];
    }
  }
}

/** Normalizes a subschema of the node being made, on the same way in (the references being followed). */
type Child = (raw: unknown) => SchemaNode;

/**
 * Normalizes the schemas of one document. A reference to something other than a component schema is followed where
 * it is named, and what it gives is made once: named again, the same node is taken, and counted against `budget`
 * (the model written out holds it once more), unless it met a reference to a schema it is itself inside, whose
 * marker depends on the way in.
 */
export function createSchemaNormalizer(document: OpenApiDocument, budget?: WorkBudget) {
  const byReference = new Map<string, { node: SchemaNode; size: number }>();
  /** Nodes made or taken again so far, and `circular` markers made. */
  let made = 0;
  let circular = 0;
  function normalize(raw: unknown, visiting: Set<string> = new Set()): SchemaNode {
    made += 1;
    if (raw !== null && typeof raw === 'object') budget?.spend(1, raw);
    if (raw === true || raw === undefined || raw === null) return {};
    if (raw === false) return { not: {} };
    if (!isObject(raw)) return {};
    if (typeof raw.$ref === 'string') return reference(raw, raw.$ref, visiting);
    return schemaObject(raw, (value) => normalize(value, visiting));
  }
  /** A `$ref`: a component's stays a reference, any other is followed and its node made once (as above). */
  function reference(raw: Record<string, any>, ref: string, visiting: Set<string>): SchemaNode {
    const name = componentName(ref);
    if (name !== undefined) return { ref: name };
    if (visiting.has(ref)) {
      circular += 1;
      return { circular: true };
    }
    const known = byReference.get(ref);
    if (known) {
      made += known.size;
      budget?.spend(known.size, raw);
      return known.node;
    }
    const target = ref.startsWith('#') ? getByPointer(document, ref) : undefined;
    const [madeBefore, circularBefore] = [made, circular];
    const node = normalize(target, new Set([...visiting, ref]));
    if (circular === circularBefore) byReference.set(ref, { node, size: made - madeBefore });
    return node;
  }
  return normalize;
}

/** A schema object, keyword by keyword; the steps run in this order so the node's keys keep one order. */
function schemaObject(raw: Record<string, any>, child: Child): SchemaNode {
  const node: SchemaNode = {};
  typeAndValues(raw, node);
  annotations(raw, node);
  constraints(raw, node);
  subschemas(raw, node, child);
  for (const key of ['contentMediaType', 'contentEncoding'] as const) if (typeof raw[key] === 'string') node[key] = raw[key];
  laterSubschemas(raw, node, child);
  dependenciesAndDiscriminator(raw, node);
  // An object with properties but no declared type is still an object for readers.
  if (!node.type && node.properties) node.type = ['object'];
  if (!node.type && node.items) node.type = ['array'];
  return node;
}

/** `type`, with `null` as the nullable flag (3.0's `nullable`, 3.1's `type` list or a `null` in `enum`), and the enum. */
function typeAndValues(raw: Record<string, any>, node: SchemaNode): void {
  const types = Array.isArray(raw.type) ? raw.type : typeof raw.type === 'string' ? [raw.type] : [];
  const nonNull = types.filter((t: unknown) => t !== 'null');
  if (nonNull.length > 0) node.type = nonNull;
  if (raw.nullable === true || types.includes('null')) node.nullable = true;
  if (Array.isArray(raw.enum)) {
    if (raw.enum.includes(null)) node.nullable = true;
    node.enum = raw.enum.filter((v: unknown) => v !== null);
    const descriptions = enumDescriptions(raw, node.enum);
    if (descriptions) node.enumDescriptions = descriptions;
  }
  if (Array.isArray(raw['x-extensible-enum'])) node.extensibleEnum = [...raw['x-extensible-enum']];
}

/** What readers are told: xml, format, title, description, values given as examples, and the flags. */
function annotations(raw: Record<string, any>, node: SchemaNode): void {
  const xml = xmlObject(raw.xml);
  if (xml) node.xml = xml;
  const format = optionalString(raw.format);
  if (format) node.format = format;
  const title = optionalString(raw.title);
  if (title) node.title = title;
  const description = optionalString(raw.description);
  if (description) node.description = description;
  if ('const' in raw) node.const = raw.const;
  if ('default' in raw) node.default = raw.default;
  if ('example' in raw) node.example = raw.example;
  else if (Array.isArray(raw.examples) && raw.examples.length > 0) node.example = raw.examples[0];
  if (raw.deprecated === true) node.deprecated = true;
  if (raw.readOnly === true) node.readOnly = true;
  if (raw.writeOnly === true) node.writeOnly = true;
}

/** Bounds, pattern and uniqueness: the keywords a value is checked against without another schema. */
function constraints(raw: Record<string, any>, node: SchemaNode): void {
  for (const key of NUMBER_KEYS) if (typeof raw[key] === 'number') node[key] = raw[key];
  exclusiveBounds(raw, node);
  if (typeof raw.pattern === 'string') node.pattern = raw.pattern;
  if (raw.uniqueItems === true) node.uniqueItems = true;
}

/** The subschemas 3.0 has too: properties, additional properties, items, the combinations and `not`. */
function subschemas(raw: Record<string, any>, node: SchemaNode, child: Child): void {
  if (isObject(raw.properties)) {
    const required = new Set(Array.isArray(raw.required) ? raw.required : []);
    node.properties = Object.entries(raw.properties).map(([name, value]) => ({
      name,
      required: required.has(name),
      schema: child(value),
    }));
  }
  if (raw.additionalProperties === true || raw.additionalProperties === false) node.additionalProperties = raw.additionalProperties;
  else if (isObject(raw.additionalProperties)) node.additionalProperties = child(raw.additionalProperties);
  if (raw.items !== undefined && !Array.isArray(raw.items)) node.items = child(raw.items);
  else if (Array.isArray(raw.prefixItems) && raw.prefixItems.length > 0) node.items = child(raw.prefixItems[0]);
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    if (Array.isArray(raw[key])) node[key] = raw[key].map((s: unknown) => child(s));
  }
  if (raw.not !== undefined) node.not = child(raw.not);
}

/** The subschemas 3.1 added: prefixItems, the conditionals, the unevaluated and pattern keywords, dependent schemas. */
function laterSubschemas(raw: Record<string, any>, node: SchemaNode, child: Child): void {
  if (Array.isArray(raw.prefixItems)) node.prefixItems = raw.prefixItems.map((s: unknown) => child(s));
  for (const key of SCHEMA_KEYS) if (raw[key] !== undefined) node[key] = child(raw[key]);
  for (const key of SCHEMA_OR_BOOLEAN_KEYS) {
    if (typeof raw[key] === 'boolean') node[key] = raw[key];
    else if (isObject(raw[key])) node[key] = child(raw[key]);
  }
  for (const key of ['patternProperties', 'dependentSchemas'] as const) {
    if (isObject(raw[key])) node[key] = Object.fromEntries(Object.entries(raw[key]).map(([name, value]) => [name, child(value)]));
  }
}

/** `dependentRequired` as lists of names, and the discriminator's property and mapping. */
function dependenciesAndDiscriminator(raw: Record<string, any>, node: SchemaNode): void {
  if (isObject(raw.dependentRequired)) {
    node.dependentRequired = Object.fromEntries(
      Object.entries(raw.dependentRequired).map(([name, list]) => [name, Array.isArray(list) ? list.filter((n): n is string => typeof n === 'string') : []]),
    );
  }
  if (isObject(raw.discriminator) && typeof raw.discriminator.propertyName === 'string') {
    node.discriminator = { propertyName: raw.discriminator.propertyName };
    if (isObject(raw.discriminator.mapping)) node.discriminator.mapping = { ...raw.discriminator.mapping };
  }
}

/**
 * `x-enum-descriptions` (or `x-enumDescriptions`) as one text per enum value, in the enum's order:
 * an object keyed by value, or an array beside `enum`. Undefined when none says anything.
 */
function enumDescriptions(raw: Record<string, any>, values: unknown[]): string[] | undefined {
  const given = raw['x-enum-descriptions'] ?? raw['x-enumDescriptions'];
  let texts: string[] = [];
  if (Array.isArray(given)) {
    // An array runs beside the declared enum, nulls included.
    const declared: unknown[] = raw.enum;
    texts = values.map((v) => {
      const text = given[declared.indexOf(v)];
      return typeof text === 'string' ? text : '';
    });
  } else if (isObject(given)) {
    texts = values.map((v) => {
      const text = given[String(v)];
      return typeof text === 'string' ? text : '';
    });
  }
  return texts.some((t) => t !== '') ? texts : undefined;
}

function xmlObject(raw: unknown): XmlObject | undefined {
  if (!isObject(raw)) return undefined;
  const xml: XmlObject = {};
  for (const key of ['name', 'namespace', 'prefix'] as const) if (typeof raw[key] === 'string') xml[key] = raw[key];
  if (raw.attribute === true) xml.attribute = true;
  if (raw.wrapped === true) xml.wrapped = true;
  return Object.keys(xml).length > 0 ? xml : undefined;
}

/** Component schema names a normalized node refers to directly (not through other components). */
export function collectRefs(node: SchemaNode | undefined, into: Set<string>): Set<string> {
  if (!node) return into;
  if (node.ref !== undefined) {
    into.add(node.ref);
    return into;
  }
  for (const p of node.properties ?? []) collectRefs(p.schema, into);
  if (node.additionalProperties && typeof node.additionalProperties === 'object') collectRefs(node.additionalProperties, into);
  collectRefs(node.items, into);
  for (const list of [node.allOf, node.oneOf, node.anyOf]) for (const s of list ?? []) collectRefs(s, into);
  collectRefs(node.not, into);
  for (const key of ['contains', 'propertyNames', 'if', 'then', 'else', 'contentSchema'] as const) collectRefs(node[key], into);
  for (const key of ['unevaluatedItems', 'unevaluatedProperties'] as const) if (typeof node[key] === 'object') collectRefs(node[key], into);
  for (const s of node.prefixItems ?? []) collectRefs(s, into);
  for (const map of [node.patternProperties, node.dependentSchemas]) for (const s of Object.values(map ?? {})) collectRefs(s, into);
  return into;
}
