// The addresses of the server's resources: each operation's and schema's Markdown, the whole
// reference, the description. Slugs are the model's (kebab-case, unique), so every address is a valid URI.
import type { Operation, SchemaEntry } from '../model/contract/types.ts';

export const SCHEME = 'reference';
export const FULL_URI = `${SCHEME}://llms-full.txt`;
export const DESCRIPTION_URI = `${SCHEME}://openapi.json`;
export const OPERATION_TEMPLATE = `${SCHEME}://operations/{slug}.md`;
export const SCHEMA_TEMPLATE = `${SCHEME}://schemas/{slug}.md`;

export const operationUri = (op: Pick<Operation, 'slug'>): string => `${SCHEME}://operations/${op.slug}.md`;
export const schemaUri = (schema: Pick<SchemaEntry, 'slug'>): string => `${SCHEME}://schemas/${schema.slug}.md`;

/** What a resource address names: an operation's or a schema's slug, or one of the whole-API resources. */
export function readUri(uri: string): { kind: 'operation' | 'schema'; slug: string } | { kind: 'full' | 'description' } | undefined {
  if (uri === FULL_URI) return { kind: 'full' };
  if (uri === DESCRIPTION_URI) return { kind: 'description' };
  const m = /^reference:\/\/(operations|schemas)\/([a-z0-9][a-z0-9._-]*)\.md$/.exec(uri);
  if (!m) return undefined;
  return { kind: m[1] === 'operations' ? 'operation' : 'schema', slug: m[2] as string };
}
