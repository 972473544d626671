// How much of an enumeration a page shows. Every page that uses a schema shows its allowed
// values, so one list of 20,000 values used by 200 operations wrote 246 MB. A list past 50
// values or 5,000 characters is large: a page shows its first values (about 1,000 characters,
// each value cut at 100) and links the whole list, a JSON file of its own
// (`enums/<key>.json`, pages/[...base]/enums/[key].json.ts) written once however many pages
// use it. The try-it panel asks for a large enumeration's value in a text field, not a select.
import { createHash } from 'node:crypto';
import { type EnumValue, enumValues } from '../model/contract/enum-values.ts';
import type { ApiModel, SchemaNode } from '../model/contract/types.ts';
import { valueText } from './schema-text.ts';

/** A list is shown whole up to this many values and characters (values and meanings, as written). */
export const VALUES_LISTED = 50;
const CHARACTERS_LISTED = 5_000;
/** A large list shows its first values up to about this many characters, each cut at VALUE_CHARACTERS. */
const CHARACTERS_SHOWN = 1_000;
const VALUE_CHARACTERS = 100;
const MEANING_CHARACTERS = 200;

const textLength = (values: readonly EnumValue[]): number => values.reduce((n, v) => n + valueText(v.value).length + (v.description?.length ?? 0), 0);

/** Whether a page shows only the first values of the list and links the rest. */
export function isLarge(values: readonly EnumValue[]): boolean {
  return values.length > VALUES_LISTED || textLength(values) > CHARACTERS_LISTED;
}

/** Whether the try-it panel offers these values as a select: small enough to list on every page. */
export function selectable(values: readonly unknown[]): boolean {
  return !isLarge(values.map((value) => ({ value })));
}

const cut = (text: string, limit: number) => (text.length > limit ? `${text.slice(0, limit)}...` : text);

/** A single value a page shows beside a field (a default, a constant), cut past 200 characters. */
export const shortValue = (value: unknown): string => cut(valueText(value), 200);

export interface ShownValue {
  /** The value as JSON, cut where it is long. */
  text: string;
  description?: string;
}

export interface ShownEnum {
  shown: ShownValue[];
  total: number;
  /** The key of the file holding every value, when some are not shown. */
  key?: string;
}

/** What a page shows of a node's allowed values; undefined when the node is no enumeration. */
export function shownEnum(node: SchemaNode | undefined): ShownEnum | undefined {
  if (!node) return undefined;
  // Of a long `enum`, only the values a page can show are read (its meanings line up with them).
  const long = Array.isArray(node.enum) && node.enum.length > VALUES_LISTED;
  const values = enumValues(long ? { ...node, enum: node.enum!.slice(0, VALUES_LISTED) } : node);
  if (!values) return undefined;
  const total = long ? node.enum!.length : values.length;
  if (!long && !isLarge(values))
    return { shown: values.map((v) => ({ text: valueText(v.value), ...(v.description ? { description: v.description } : {}) })), total };
  const shown: ShownValue[] = [];
  let characters = 0;
  for (const v of values) {
    if (shown.length === VALUES_LISTED || (shown.length > 0 && characters >= CHARACTERS_SHOWN)) break;
    const text = cut(valueText(v.value), VALUE_CHARACTERS);
    const description = v.description === undefined ? undefined : cut(v.description, MEANING_CHARACTERS);
    characters += text.length + (description?.length ?? 0);
    shown.push(description ? { text, description } : { text });
  }
  return { shown, total, key: enumKey(node) };
}

const keys = new WeakMap<SchemaNode, string>();

/**
 * A large list's file name, the same for the same values (and meanings) wherever they are, so
 * every page and operation with them links one file: a hash of the list as written, made in one
 * native step (the list itself, not the file, which takes ten times longer to write).
 */
function enumKey(node: SchemaNode): string {
  let key = keys.get(node);
  if (key === undefined) {
    const list = Array.isArray(node.enum) ? [node.enum, node.enumDescriptions ?? null] : enumValues(node);
    keys.set(node, (key = createHash('sha256').update(JSON.stringify(list)).digest('hex').slice(0, 20)));
  }
  return key;
}

/** The file of a large list: the values as JSON, one a line, each with its meaning where the description gives one. */
export function enumFile(values: readonly EnumValue[]): string {
  const described = values.some((v) => v.description !== undefined);
  return `${JSON.stringify(described ? values : values.map((v) => v.value), null, 2)}\n`;
}

const isObject = (value: unknown) => value !== null && typeof value === 'object';

/** Whether an object of the model can read as an enumeration (enumValues expects a schema node; the model also holds examples). */
function mayEnumerate(node: SchemaNode): boolean {
  if (Array.isArray(node.enum)) return node.enum.length > 0;
  const members: unknown = node.oneOf ?? node.anyOf;
  return Array.isArray(members) && members.length > 0 && members.every(isObject);
}

const walked = new WeakMap<ApiModel, Map<string, string>>();

// Fields of the model that hold a description's data (examples, samples, extensions, values), never a
// schema: not walked (GitHub's examples are most of its model). A new field of data missed here costs time only.
const DATA = new Set(['example', 'examples', 'value', 'sample', 'extensions', 'enum', 'const', 'default', 'encoding', 'source', 'reach', 'usedBy']);

/**
 * Every large list a document's pages can show, by key: a walk of the whole model (any object
 * that reads as an enumeration), one step per object, no recursion (a deep document stays within
 * the stack). A list met again (a shared parameter the model copies into each operation) is
 * known by its key and not written again. GitHub's model: 134,000 objects, 3 large lists, a few
 * tens of milliseconds, once per model.
 */
export function largeEnums(model: ApiModel): ReadonlyMap<string, string> {
  let files = walked.get(model);
  if (files) return files;
  files = new Map<string, string>();
  walked.set(model, files);
  const pending: unknown[] = [model];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      for (const item of value) if (isObject(item)) pending.push(item);
      continue;
    }
    const node = value as SchemaNode;
    if (mayEnumerate(node)) keep(node, files);
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (isObject(child) && !DATA.has(key)) pending.push(child);
    }
  }
  return files;
}

function keep(node: SchemaNode, files: Map<string, string>): void {
  const long = Array.isArray(node.enum) && node.enum.length > VALUES_LISTED;
  const values = long ? undefined : enumValues(node);
  if (!long && (!values || !isLarge(values))) return;
  const key = enumKey(node);
  if (!files.has(key)) files.set(key, enumFile(values ?? enumValues(node) ?? []));
}
