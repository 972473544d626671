// What the Markdown writers share: the addresses they link with, and a schema's type and facts
// written as one line of escaped Markdown (markdown-text.ts), a component's name as a link to its page.
import { isDescribedRef } from '../model/contract/schema-merge.ts';
import type { Operation, SchemaEntry, SchemaNode } from '../model/contract/types.ts';
import { inlineText, link } from './markdown-text.ts';
import { shortValue, shownEnum } from './enum-display.ts';
import { constraintTexts, typeText } from './schema-text.ts';

/** What the writers link with: each page's address (the portal's, or any reader's of the same pages) and the model's lookups. */
export interface MarkdownContext {
  urls: {
    operation(op: Pick<Operation, 'page'>): string;
    operationMarkdown(op: Pick<Operation, 'page'>): string;
    /** The page of a component schema by its name, or undefined when the name is not a component. */
    schema(name: string): string | undefined;
    /** The file of every value of a large enumeration, by its key (enum-display.ts), where the reader publishes one. */
    enumValues?(key: string): string;
  };
  operationBySlug: ReadonlyMap<string, Operation>;
  schemaByName: ReadonlyMap<string, SchemaEntry>;
}

/** A node's type words, a component named by a link to its page (an array of one too). */
export function typeWithLinks(doc: MarkdownContext, node: SchemaNode | undefined, site: URL): string {
  // `allOf: [$ref]` beside a description or default: that reference.
  if (node && isDescribedRef(node)) return typeWithLinks(doc, node.allOf?.[0], site);
  if (node?.ref) {
    const href = doc.urls.schema(node.ref);
    return href ? link(node.ref, new URL(href, site)) : inlineText(node.ref);
  }
  if (node?.type?.[0] === 'array' && node.items?.ref) return `array of ${typeWithLinks(doc, node.items, site)}`;
  return inlineText(typeText(node));
}

/**
 * Constraints, allowed values and default of a node, as one line of escaped Markdown: a large
 * enumeration's first values, and a link to the file of all of them where there is one.
 */
export function schemaFacts(doc: MarkdownContext, node: SchemaNode | undefined, site: URL): string {
  const values = shownEnum(node);
  const more = values ? values.total - values.shown.length : 0;
  const facts = [
    ...constraintTexts(node),
    ...(values ? [`one of ${values.shown.map((v) => v.text).join(', ')}${more > 0 ? `, and ${more} more` : ''}`] : []),
    ...(node?.default !== undefined ? [`default ${shortValue(node.default)}`] : []),
  ];
  const all = values?.key === undefined ? undefined : doc.urls.enumValues?.(values.key);
  return [inlineText(facts.join('; ')), all && `(${link(`all ${values!.total} values`, new URL(all, site))})`].filter(Boolean).join(' ');
}
