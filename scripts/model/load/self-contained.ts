// A description in one file whose `$ref`s all point inside that file needs no bundling as such:
// Redocly's bundler walks the whole document twice (the larger part of loading GitHub's 13 MB
// API) to inline references to other files, of which there are none. What it still does to such
// a document is done here in one walk over the same type tree (Redocly's own): a reference where
// its type is a plain value (an `example`, a `default`) is replaced by its target, and every
// document gets a `components`. Anything else it could change or report sends the document to
// the bundler as before: a reference to another file, to an anchor or that does not resolve, an
// `$id` (which moves the base of the references under it in 3.1), an example's `externalValue`,
// a discriminator mapping other than to the component it names, aliases, decorators, preprocessors.
import { type Config, type Document, detectSpec, getTypes, isMappingRef, isRef, type NormalizedNodeType, normalizeTypes } from '@redocly/openapi-core';
import { parsePointer as splitPointer } from '../document/pointer.ts';
import { mayHaveAliases } from './yaml-aliases.ts';

type Node = Record<string, unknown> | unknown[];
type Type = NormalizedNodeType;

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object';
const isPlain = (value: unknown): value is Record<string, unknown> => isNode(value) && !Array.isArray(value);
const isNamed = (type: unknown): type is Type => isNode(type) && typeof (type as { name?: unknown }).name === 'string';

// As Redocly's resolver (resolve.js) calls the types it has no name for.
const UNKNOWN = { name: 'unknown', properties: {} } as unknown as Type;
const SCALAR = { name: 'scalar', properties: {} } as unknown as Type;

/** Whether the config decorates or preprocesses documents of this version (the bundler would change them). */
function rewrites(config: Config, version: 'oas3_0' | 'oas3_1'): boolean {
  const on = (settings: Record<string, unknown> | undefined) => Object.values(settings ?? {}).some((s) => s !== 'off' && !(isPlain(s) && s.severity === 'off'));
  return (
    on(config.decorators?.[version]) ||
    on(config.preprocessors?.[version]) ||
    config.getDecoratorSettings('remove-unused-components', version).severity !== 'off'
  );
}

/** The node a local pointer (`#/components/schemas/Pet`) names, or undefined. */
function target(root: unknown, pointer: string): unknown {
  let node = root;
  for (const key of splitPointer(pointer)) {
    if (!isNode(node) || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

class NotAlone extends Error {}

/** The document as its bundle would be, when it refers to nothing outside itself (undefined otherwise). */
export function selfContained(root: Document, config: Config): { document: Record<string, unknown> } | undefined {
  const parsed = root.parsed;
  if (!isPlain(parsed) || typeof parsed.openapi !== 'string' || !/^3\.[01]\./.test(parsed.openapi)) return undefined;
  const version = detectSpec(parsed) as 'oas3_0' | 'oas3_1';
  // Shared nodes (YAML aliases) are walked once per use by the bundler, which knows them; they go to it.
  if (rewrites(config, version) || mayHaveAliases(root.source.body)) return undefined;
  const types = normalizeTypes(config.extendTypes(getTypes(version), version), config) as Record<string, Type>;
  try {
    const inline = walk(parsed, types);
    // As the bundler's replaceRef: a plain value takes the reference's place, an object takes the target's keys under its own.
    for (const { node, holder, key, value } of inline) {
      if (!isPlain(value)) holder[key] = value;
      else {
        delete node.$ref;
        Object.assign(node, { ...value, ...node });
      }
    }
  } catch (error) {
    if (error instanceof NotAlone) return undefined;
    throw error;
  }
  parsed.components ||= {};
  return { document: parsed };
}

interface Step {
  node: unknown;
  type: Type;
  holder?: Record<string, unknown> | unknown[];
  key?: string | number;
  /** Reached through a reference: walked once per type it is referred to as (references may loop). */
  target?: boolean;
}

/** Walks `parsed` as Redocly's resolver walks a document; gives the references the bundler would replace. */
function walk(parsed: Record<string, unknown>, types: Record<string, Type>) {
  const inline: { node: Record<string, unknown>; holder: Record<string, unknown>; key: string; value: unknown }[] = [];
  // The types each reference target was walked as: one, nearly always (a Set only for the few reached as two types).
  const seen = new Map<object, Type | Set<Type>>();
  const root = types.Root;
  if (!root) throw new NotAlone();
  const stack: Step[] = [{ node: parsed, type: root }];
  const extension = types.SpecExtension;
  const resolvable = (pointer: string): unknown => {
    if (pointer !== '#' && !pointer.startsWith('#/')) throw new NotAlone();
    const found = target(parsed, pointer);
    if (found === undefined) throw new NotAlone();
    return found;
  };
  while (stack.length > 0) {
    const { node, type, holder, key, target } = stack.pop()!;
    if (!isNode(node)) continue;
    if (target) {
      const walked = seen.get(node);
      if (walked === type || (walked instanceof Set && walked.has(type))) continue;
      seen.set(node, walked === undefined ? type : walked instanceof Set ? walked.add(type) : new Set([walked, type]));
    }
    if (Array.isArray(node)) {
      const items = type.items as unknown;
      // Redocly stops at arrays of plain values; it goes on in arrays it knows nothing of.
      if (items === undefined && type !== UNKNOWN && type !== extension) continue;
      for (let i = 0; i < node.length; i++) {
        const itemType = (typeof items === 'function' ? items(node[i]) : items) as Type | undefined;
        if (itemType === undefined && type !== UNKNOWN && type !== extension) continue;
        // A string naming a schema (no such arrays in OpenAPI 3.0 and 3.1): the bundler may make it a component.
        if ((itemType as { directResolveAs?: unknown })?.directResolveAs) throw new NotAlone();
        stack.push({ node: node[i], type: isNamed(itemType) ? itemType : UNKNOWN, holder: node, key: i });
      }
      continue;
    }
    if (Object.hasOwn(node, '$id') || typeof node.externalValue === 'string') throw new NotAlone();
    if (type.name === 'Discriminator' && node.defaultMapping !== undefined) throw new NotAlone();
    for (const name of Object.keys(node)) {
      const value = node[name];
      let propType = Object.hasOwn(type.properties, name) ? (type.properties as Record<string, unknown>)[name] : undefined;
      const isExtension = type.extensionsPrefix !== undefined && name.startsWith(type.extensionsPrefix);
      if (propType === undefined && !isExtension) propType = type.additionalProperties;
      if (typeof propType === 'function') propType = propType(value, name);
      if (isExtension && propType === undefined) propType = extension;
      if (propType === undefined) propType = UNKNOWN;
      const direct = isNamed(propType) ? undefined : (propType as { directResolveAs?: Type } | null)?.directResolveAs;
      if (direct) {
        // A discriminator's mapping: kept as it is only when it names the component it points at.
        const mapped = resolvable(String(value));
        const segments = splitPointer(String(value));
        const component = isMappingRef(value as string) && segments.length === 3 && segments[0] === 'components' && segments[1] === 'schemas';
        if (!component || isRef(mapped) || `#/components/schemas/${segments[2]}` !== value) throw new NotAlone();
        stack.push({ node: mapped, type: direct, target: true });
        continue;
      }
      if (isNode(propType) && !isNamed(propType) && (propType as { resolvable?: boolean }).resolvable !== false) propType = SCALAR;
      if (!isNamed(propType) || !isNode(value)) continue;
      stack.push({ node: value, type: propType, holder: node, key: name });
    }
    if (isRef(node)) {
      const found = resolvable(node.$ref as string);
      if (type === SCALAR) {
        // The bundler puts the first target in its place; a reference to a reference goes to it.
        if (isRef(found) || !isPlain(holder) || typeof key !== 'string') throw new NotAlone();
        inline.push({ node, holder, key, value: found });
      } else stack.push({ node: found, type, target: true });
    }
  }
  return inline;
}
