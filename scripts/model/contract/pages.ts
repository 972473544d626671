// Where each page of the portal is, relative to the site's base (types.ts: Operation.page,
// Tag.page, SchemaEntry.page), decided once in the model; and the one helper that puts a page
// under a base, used by the site's links, the mock's `Link` headers and the llms.txt and Markdown
// copies. Pure: the base (a folder, an origin) is the reader's, never written in here.

export const operationPage = (kind: 'operation' | 'webhook', slug: string): string => `${kind === 'webhook' ? 'webhooks' : 'operations'}/${slug}/`;
export const tagPage = (slug: string): string => `tags/${slug}/`;
export const schemaPage = (slug: string): string => `schemas/${slug}/`;

/** A page under a base (`''`, `/docs`, `https://portal.example.com/`): the only place the joining `/` is written. */
export function pageUrl(base: string, page: string): string {
  return `${base.replace(/\/+$/, '')}/${page}`;
}
