// A Markdown rendering of a schema page, for llms-full.txt and the MCP server's resources (the
// portal writes no file per schema: 969 more routes on GitHub's build): its type, description, fields (nested inline objects as
// `parent.child` rows, as far as a page shows them), variants, allowed values, example and the
// operations that use it. Values from the description are written as operation-markdown.ts writes them.
import { mergeObjects } from '../model/contract/schema-merge.ts';
import type { SchemaEntry, SchemaNode } from '../model/contract/types.ts';
import { exampleText } from './examples.ts';
import { operationLabel } from './labels.ts';
import { shownEnum } from './enum-display.ts';
import { type MarkdownContext, schemaFacts, typeWithLinks } from './markdown-context.ts';
import type { MarkdownOptions } from './operation-markdown.ts';
import { blockMarkdown, codeSpan, fencedBlock, inlineMarkdown, inlineText, link, tableCell } from './markdown-text.ts';

/** As many rows as a schema page renders inline before deeper levels become links. */
const MAX_ROWS = 80;
const MAX_DEPTH = 3;
/** Operations named under "Used by"; the rest are counted. */
const MAX_USED_BY = 20;

interface Row {
  path: string;
  node: SchemaNode;
  required: boolean;
}

/** The object a node stands for, an `allOf` of objects merged as the page shows it. */
function objectOf(doc: MarkdownContext, node: SchemaNode): SchemaNode {
  return (node.allOf && mergeObjects(node, doc.schemaByName)?.node) || node;
}

/** Field rows, depth first; inline objects (not references) open into their own fields. */
function fieldRows(doc: MarkdownContext, node: SchemaNode, prefix: string, depth: number, rows: Row[]): void {
  for (const property of objectOf(doc, node).properties ?? []) {
    if (rows.length >= MAX_ROWS) return;
    const path = `${prefix}${property.name}`;
    rows.push({ path, node: property.schema, required: property.required });
    const inner = property.schema.items && !property.schema.items.ref ? property.schema.items : property.schema;
    if (!inner.ref && depth + 1 < MAX_DEPTH && (inner.properties || inner.allOf)) {
      fieldRows(doc, inner, `${path}${inner === property.schema ? '' : '[]'}.`, depth + 1, rows);
    }
  }
}

function fieldLines(doc: MarkdownContext, node: SchemaNode, site: URL, h: string): string[] {
  const rows: Row[] = [];
  fieldRows(doc, node, '', 0, rows);
  if (rows.length === 0) return [];
  const lines = [`${h} Fields`, '', '| Name | Type | Required | Description |', '|---|---|---|---|'];
  for (const row of rows) {
    const about = [inlineMarkdown(row.node.description), schemaFacts(doc, row.node, site)].filter(Boolean).join(' ');
    lines.push(
      `| ${tableCell(codeSpan(row.path))} | ${tableCell(typeWithLinks(doc, row.node, site))} | ${row.required ? 'yes' : 'no'} | ${tableCell(about)} |`,
    );
  }
  if (rows.length >= MAX_ROWS) lines.push('', 'More fields are on the HTML page.');
  return [...lines, ''];
}

function variantLines(doc: MarkdownContext, node: SchemaNode, site: URL, h: string): string[] {
  const variants = node.oneOf ?? node.anyOf;
  if (!variants?.length) return [];
  const lines = [`${h} ${node.oneOf ? 'One of' : 'Any of'}`, ''];
  for (const v of variants) lines.push(`- ${v.title ? `${inlineText(v.title)}: ` : ''}${typeWithLinks(doc, v, site)}`);
  if (node.discriminator) lines.push('', `Chosen by the field ${codeSpan(node.discriminator.propertyName)}.`);
  return [...lines, ''];
}

/** The values of an enumeration, each with its meaning; a large one's first values and a link to the file of all of them. */
function valueLines(doc: MarkdownContext, node: SchemaNode, site: URL, h: string): string[] {
  const values = node.enum?.length ? shownEnum(node) : undefined;
  if (!values) return [];
  const lines = [`${h} Values`, ''];
  for (const v of values.shown) lines.push(`- ${codeSpan(v.text)}${v.description ? `: ${inlineMarkdown(v.description)}` : ''}`);
  const more = values.total - values.shown.length;
  const all = values.key === undefined ? undefined : doc.urls.enumValues?.(values.key);
  if (more > 0) lines.push('', `And ${more} more${all ? ` (${link(`all ${values.total} values`, new URL(all, site))})` : ''}.`);
  return [...lines, ''];
}

function usedByLines(doc: MarkdownContext, entry: SchemaEntry, site: URL, h: string): string[] {
  const ops = entry.usedBy.flatMap((slug) => doc.operationBySlug.get(slug) ?? []);
  if (ops.length === 0) return [];
  const lines = [`${h} Used by`, ''];
  for (const op of ops.slice(0, MAX_USED_BY)) {
    lines.push(`- ${link(operationLabel(op), new URL(doc.urls.operationMarkdown(op), site))}: ${codeSpan(`${op.method.toUpperCase()} ${op.path}`)}`);
  }
  if (ops.length > MAX_USED_BY) lines.push(`- and ${ops.length - MAX_USED_BY} more`);
  return [...lines, ''];
}

/** An allOf of objects reads as the one object it makes, naming the components it combines. */
function typeLine(doc: MarkdownContext, node: SchemaNode, site: URL): string {
  const merged = node.allOf ? mergeObjects(node, doc.schemaByName) : undefined;
  if (!merged) return typeWithLinks(doc, node, site);
  if (merged.bases.length === 0) return 'object';
  return `object, all fields of ${merged.bases.map((name) => typeWithLinks(doc, { ref: name }, site)).join(', ')}${merged.own ? ' and its own' : ''}`;
}

export function schemaMarkdown(doc: MarkdownContext, entry: SchemaEntry, site: URL, options: MarkdownOptions = {}): string {
  const depth = options.depth ?? 1;
  const h = '#'.repeat(depth + 1);
  const node = entry.schema;
  const facts = schemaFacts(doc, node, site);
  const lines = [`${'#'.repeat(depth)} ${inlineText(entry.name)}`, '', `Type: ${typeLine(doc, node, site)}${facts ? `; ${facts}` : ''}.`, ''];
  if (node.deprecated) lines.push('**Deprecated.**', '');
  if (node.description?.trim()) lines.push(blockMarkdown(node.description, depth + 2), '');
  lines.push(...fieldLines(doc, node, site, h), ...variantLines(doc, node, site, h), ...valueLines(doc, node, site, h));
  if (entry.example !== undefined) lines.push(`${h} Example`, '', fencedBlock(exampleText(entry.example, 2048).text, 'json'), '');
  lines.push(...usedByLines(doc, entry, site, h));
  const page = doc.urls.schema(entry.name);
  if (page) lines.push(`HTML page: ${new URL(page, site)}`, '');
  return lines.join('\n');
}
