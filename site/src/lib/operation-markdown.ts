// A Markdown rendering of an operation page, for llms.txt readers, served as text/markdown.
// Every value from the description is written for the place it lands (lib/markdown-text.ts):
// names and summaries as escaped text, paths and media types as code, descriptions as
// Markdown kept inside their section.
import type { Operation, Parameter, SchemaNode } from '../../../scripts/model/types.ts';
import { exampleText } from './examples.ts';
import { operationLabel, STABILITY_TEXT, humanDate } from './labels.ts';
import { blockMarkdown, codeSpan, fencedBlock, inlineMarkdown, inlineText, link, tableCell } from './markdown-text.ts';
import { constraintTexts, typeText } from './schema-text.ts';
import { shortValue, shownEnum } from './enum-display.ts';
import { schemaRefs } from './schema-refs.ts';
import type { PortalDocument } from './site-data.ts';

function typeWithLinks(doc: PortalDocument, node: SchemaNode | undefined, site: URL): string {
  if (node?.ref) {
    const href = doc.urls.schema(node.ref);
    return href ? link(node.ref, new URL(href, site)) : inlineText(node.ref);
  }
  if (node?.type?.[0] === 'array' && node.items?.ref) return `array of ${typeWithLinks(doc, node.items, site)}`;
  return inlineText(typeText(node));
}

function parameterRow(doc: PortalDocument, p: Parameter, site: URL): string {
  const values = p.schema?.enum ? shownEnum(p.schema) : undefined;
  const more = values ? values.total - values.shown.length : 0;
  const facts = [
    ...constraintTexts(p.schema),
    ...(values ? [`one of ${values.shown.map((v) => v.text).join(', ')}${more > 0 ? `, and ${more} more` : ''}`] : []),
    ...(p.schema?.default !== undefined ? [`default ${shortValue(p.schema.default)}`] : []),
  ];
  // A large enumeration: its first values here, every one in its file (lib/enum-display.ts).
  const all = values?.key === undefined ? undefined : schemaRefs(doc).enumHref(values.key);
  const about = [inlineMarkdown(p.description), inlineText(facts.join('; ')), all && `(${link(`all ${values!.total} values`, new URL(all, site))})`]
    .filter(Boolean)
    .join(' ');
  return `| ${tableCell(codeSpan(p.name))} | ${p.in} | ${tableCell(typeWithLinks(doc, p.schema, site))} | ${p.required ? 'yes' : 'no'} | ${tableCell(about)} |`;
}

export function operationMarkdown(doc: PortalDocument, op: Operation, site: URL): string {
  const lines: string[] = [`# ${inlineText(operationLabel(op))}`, '', codeSpan(`${op.method.toUpperCase()} ${op.path}`), ''];
  if (op.deprecated) {
    const parts = ['**Deprecated.**'];
    if (op.deprecation?.sunset) parts.push(inlineText(`Sunset: ${humanDate(op.deprecation.sunset)} (${op.deprecation.sunset}).`));
    const replacement = op.deprecation?.replacedBy ? doc.operationBySlug.get(op.deprecation.replacedBy) : undefined;
    if (replacement) parts.push(`Use ${link(operationLabel(replacement), new URL(doc.urls.operationMarkdown(replacement), site))} instead.`);
    lines.push(parts.join(' '), '');
  }
  if (op.stability !== 'stable') lines.push(`**${STABILITY_TEXT[op.stability].label}.** ${STABILITY_TEXT[op.stability].promise}`, '');
  // Sections are `##`: the description's own headings start at `###`.
  if (op.description?.trim()) lines.push(blockMarkdown(op.description, 3), '');
  if (op.kind === 'operation') {
    const auth = op.security
      .filter((r) => r.schemes.length > 0)
      .map((r) => r.schemes.map((s) => s.name + (s.scopes.length ? ` (${s.scopes.join(', ')})` : '')).join(' + '));
    // Scheme names open the paragraph: escaped as its start.
    lines.push('## Authorization', '', auth.length ? inlineText(auth.join(', or '), true) : 'None.', '');
  }
  if (op.parameters.length > 0) {
    lines.push('## Parameters', '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|');
    for (const p of op.parameters) lines.push(parameterRow(doc, p, site));
    lines.push('');
  }
  if (op.requestBody) {
    lines.push('## Request body', '', op.requestBody.required ? 'Required.' : 'Optional.', '');
    if (op.requestBody.description?.trim()) lines.push(blockMarkdown(op.requestBody.description, 3), '');
    for (const m of op.requestBody.content) {
      lines.push(`- ${codeSpan(m.mediaType)}: ${typeWithLinks(doc, m.schema, site)}`);
      const ex = m.examples.find((e) => e.value !== undefined);
      if (ex) lines.push('', fencedBlock(exampleText(ex.value, 2048).text, 'json'));
    }
    lines.push('');
  }
  lines.push('## Responses', '');
  for (const r of op.responses) {
    const bodies = r.content.map((m) => `${codeSpan(m.mediaType)} ${typeWithLinks(doc, m.schema, site)}`).join(', ');
    lines.push(
      `- **${inlineText(r.status)}**: ${inlineMarkdown(r.description)}${bodies ? ` Body: ${bodies}.` : ''}${r.headers.length ? ` Headers: ${r.headers.map((h) => codeSpan(h.name)).join(', ')}.` : ''}`,
    );
  }
  lines.push('', `HTML page: ${new URL(doc.urls.operation(op), site)}`, '');
  return lines.join('\n');
}
