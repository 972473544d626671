// A Markdown rendering of an operation page, for llms.txt readers. The description's own
// Markdown is passed through: this is served as text/markdown, never as HTML.
import type { Operation, Parameter, SchemaNode } from '../../../scripts/model/types.ts';
import { exampleText } from './examples.ts';
import { operationLabel, STABILITY_TEXT, humanDate } from './labels.ts';
import { constraintTexts, typeText, valueText } from './schema-text.ts';
import type { PortalDocument } from './site-data.ts';

function typeWithLinks(doc: PortalDocument, node: SchemaNode | undefined, site: URL): string {
  if (node?.ref) {
    const href = doc.urls.schema(node.ref);
    return href ? `[${node.ref}](${new URL(href, site)})` : node.ref;
  }
  if (node?.type?.[0] === 'array' && node.items?.ref) return `array of ${typeWithLinks(doc, node.items, site)}`;
  return typeText(node);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function parameterRow(doc: PortalDocument, p: Parameter, site: URL): string {
  const facts = [
    ...constraintTexts(p.schema),
    ...(p.schema?.enum ? [`one of ${p.schema.enum.map(valueText).join(', ')}`] : []),
    ...(p.schema?.default !== undefined ? [`default ${valueText(p.schema.default)}`] : []),
  ];
  return `| \`${p.name}\` | ${p.in} | ${cell(typeWithLinks(doc, p.schema, site))} | ${p.required ? 'yes' : 'no'} | ${cell([p.description ?? '', facts.join('; ')].filter(Boolean).join(' '))} |`;
}

export function operationMarkdown(doc: PortalDocument, op: Operation, site: URL): string {
  const lines: string[] = [`# ${operationLabel(op)}`, '', `\`${op.method.toUpperCase()} ${op.path}\``, ''];
  if (op.deprecated) {
    const parts = ['**Deprecated.**'];
    if (op.deprecation?.sunset) parts.push(`Sunset: ${humanDate(op.deprecation.sunset)} (${op.deprecation.sunset}).`);
    const replacement = op.deprecation?.replacedBy ? doc.operationBySlug.get(op.deprecation.replacedBy) : undefined;
    if (replacement) parts.push(`Use [${operationLabel(replacement)}](${new URL(doc.urls.operationMarkdown(replacement), site)}) instead.`);
    lines.push(parts.join(' '), '');
  }
  if (op.stability !== 'stable') lines.push(`**${STABILITY_TEXT[op.stability].label}.** ${STABILITY_TEXT[op.stability].promise}`, '');
  if (op.description) lines.push(op.description.trim(), '');
  if (op.kind === 'operation') {
    const auth = op.security
      .filter((r) => r.schemes.length > 0)
      .map((r) => r.schemes.map((s) => s.name + (s.scopes.length ? ` (${s.scopes.join(', ')})` : '')).join(' + '));
    lines.push('## Authorization', '', auth.length ? auth.join(', or ') : 'None.', '');
  }
  if (op.parameters.length > 0) {
    lines.push('## Parameters', '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|');
    for (const p of op.parameters) lines.push(parameterRow(doc, p, site));
    lines.push('');
  }
  if (op.requestBody) {
    lines.push('## Request body', '', op.requestBody.required ? 'Required.' : 'Optional.', '');
    if (op.requestBody.description) lines.push(op.requestBody.description.trim(), '');
    for (const m of op.requestBody.content) {
      lines.push(`- \`${m.mediaType}\`: ${typeWithLinks(doc, m.schema, site)}`);
      const ex = m.examples.find((e) => e.value !== undefined);
      if (ex) lines.push('', '```json', exampleText(ex.value, 2048).text, '```');
    }
    lines.push('');
  }
  lines.push('## Responses', '');
  for (const r of op.responses) {
    const bodies = r.content.map((m) => `\`${m.mediaType}\` ${typeWithLinks(doc, m.schema, site)}`).join(', ');
    lines.push(
      `- **${r.status}**: ${cell(r.description ?? '')}${bodies ? ` Body: ${bodies}.` : ''}${r.headers.length ? ` Headers: ${r.headers.map((h) => `\`${h.name}\``).join(', ')}.` : ''}`,
    );
  }
  lines.push('', `HTML page: ${new URL(doc.urls.operation(op), site)}`, '');
  return lines.join('\n');
}
