// How schema views reach component schemas: a link to the schema's page, and its node
// when a view chooses to show one level of a referenced schema.
import type { SchemaNode } from '../../../scripts/model/types.ts';
import type { PortalDocument } from './site-data.ts';

export interface SchemaRefs {
  href(name: string): string | undefined;
  node(name: string): SchemaNode | undefined;
}

const cache = new WeakMap<PortalDocument, SchemaRefs>();

export function schemaRefs(doc: PortalDocument): SchemaRefs {
  let refs = cache.get(doc);
  if (!refs) {
    refs = { href: (name) => doc.urls.schema(name), node: (name) => doc.schemaByName.get(name)?.schema };
    cache.set(doc, refs);
  }
  return refs;
}

/** Depth from which nested structures start collapsed, and the depth past which they are not rendered. */
export const OPEN_DEPTH = 2;
export const MAX_DEPTH = 6;
