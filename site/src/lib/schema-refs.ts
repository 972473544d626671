// How schema views reach component schemas: a link to the schema's page, and its node
// when a view chooses to show one level of a referenced schema.
import type { SchemaLookup } from '#model/contract/schema-merge.ts';
import type { SchemaNode } from '#model/contract/types.ts';
import { largeEnums } from '#reference/enum-display.ts';
import type { PortalDocument } from './site-data.ts';

export interface SchemaRefs {
  href(name: string): string | undefined;
  node(name: string): SchemaNode | undefined;
  /** Component schemas by name, for the model's rules (direction, merging). */
  lookup: SchemaLookup;
  /** The file of every value of a large enumeration, by its key (scripts/reference/enum-display.ts). */
  enumHref(key: string): string | undefined;
}

const cache = new WeakMap<PortalDocument, SchemaRefs>();

export function schemaRefs(doc: PortalDocument): SchemaRefs {
  let refs = cache.get(doc);
  if (!refs) {
    refs = {
      href: (name) => doc.urls.schema(name),
      node: (name) => doc.schemaByName.get(name)?.schema,
      lookup: doc.schemaByName,
      enumHref: (key) => (largeEnums(doc.model).has(key) ? doc.urls.enumValues(key) : undefined),
    };
    cache.set(doc, refs);
  }
  return refs;
}

/** Depth from which nested structures start collapsed, and the depth past which they are not rendered. */
export const OPEN_DEPTH = 2;
export const MAX_DEPTH = 6;

/**
 * How many fields one tree renders before deeper structures become links to their schema's
 * page: a large API's schemas nest hundreds of fields, and every page that uses them would
 * carry them all.
 */
export const FIELD_BUDGET = 80;

/** What is left of a tree's field budget, shared by every level of one tree. */
export interface Budget {
  fields: number;
}

/** A field's anchor: its path in the tree, in characters an id and a URL keep as they are. */
export function fieldId(prefix: string, path: string[]): string {
  return `${prefix}.${path.map((name) => name.replace(/[^A-Za-z0-9_-]/g, '_')).join('.')}`;
}
