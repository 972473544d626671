// A Markdown rendering of an operation page, for llms.txt readers (served as text/markdown) and the MCP server.
// Every value from the description is written for the place it lands (markdown-text.ts):
// names and summaries as escaped text, paths and media types as code, descriptions as
// Markdown kept inside their section.
import type { NamedExample, Operation, Parameter } from '../model/contract/types.ts';
import { exampleText } from './examples.ts';
import { operationLabel, STABILITY_TEXT, humanDate } from './labels.ts';
import { blockMarkdown, codeSpan, fencedBlock, inlineMarkdown, inlineText, link, tableCell } from './markdown-text.ts';
import { type MarkdownContext, schemaFacts, typeWithLinks } from './markdown-context.ts';

function parameterRow(doc: MarkdownContext, p: Parameter, site: URL): string {
  const about = [inlineMarkdown(p.description), schemaFacts(doc, p.schema, site)].filter(Boolean).join(' ');
  return `| ${tableCell(codeSpan(p.name))} | ${p.in} | ${tableCell(typeWithLinks(doc, p.schema, site))} | ${p.required ? 'yes' : 'no'} | ${tableCell(about)} |`;
}

/** Where a page's headings start: 1 for a page of its own, deeper inside a whole reference (llms-full.ts). */
export interface MarkdownOptions {
  depth?: number;
}

/** The first example with a value, as a fenced block (cut at 2 KB, as a page's first screen would). */
function exampleBlock(examples: NamedExample[]): string | undefined {
  const ex = examples.find((e) => e.value !== undefined);
  return ex ? fencedBlock(exampleText(ex.value, 2048).text, 'json') : undefined;
}

function lifecycleLines(doc: MarkdownContext, op: Operation, site: URL): string[] {
  const lines: string[] = [];
  if (op.deprecated) {
    const parts = ['**Deprecated.**'];
    if (op.deprecation?.sunset) parts.push(inlineText(`Sunset: ${humanDate(op.deprecation.sunset)} (${op.deprecation.sunset}).`));
    const replacement = op.deprecation?.replacedBy ? doc.operationBySlug.get(op.deprecation.replacedBy) : undefined;
    if (replacement) parts.push(`Use ${link(operationLabel(replacement), new URL(doc.urls.operationMarkdown(replacement), site))} instead.`);
    lines.push(parts.join(' '), '');
  }
  if (op.stability !== 'stable') lines.push(`**${STABILITY_TEXT[op.stability].label}.** ${STABILITY_TEXT[op.stability].promise}`, '');
  return lines;
}

function requestLines(doc: MarkdownContext, op: Operation, site: URL, h: string): string[] {
  const lines: string[] = [];
  if (op.kind === 'operation') {
    const auth = op.security
      .filter((r) => r.schemes.length > 0)
      .map((r) => r.schemes.map((s) => s.name + (s.scopes.length ? ` (${s.scopes.join(', ')})` : '')).join(' + '));
    // Scheme names open the paragraph: escaped as its start.
    lines.push(`${h} Authorization`, '', auth.length ? inlineText(auth.join(', or '), true) : 'None.', '');
  }
  if (op.parameters.length > 0) {
    lines.push(`${h} Parameters`, '', '| Name | In | Type | Required | Description |', '|---|---|---|---|---|');
    for (const p of op.parameters) lines.push(parameterRow(doc, p, site));
    lines.push('');
  }
  if (op.requestBody) {
    lines.push(`${h} Request body`, '', op.requestBody.required ? 'Required.' : 'Optional.', '');
    if (op.requestBody.description?.trim()) lines.push(blockMarkdown(op.requestBody.description, h.length + 1), '');
    for (const m of op.requestBody.content) {
      lines.push(`- ${codeSpan(m.mediaType)}: ${typeWithLinks(doc, m.schema, site)}`);
      const example = exampleBlock(m.examples);
      if (example) lines.push('', example);
    }
    lines.push('');
  }
  return lines;
}

function responseLines(doc: MarkdownContext, op: Operation, site: URL, h: string): string[] {
  const lines = [`${h} Responses`, ''];
  for (const r of op.responses) {
    const bodies = r.content.map((m) => `${codeSpan(m.mediaType)} ${typeWithLinks(doc, m.schema, site)}`).join(', ');
    lines.push(
      `- **${inlineText(r.status)}**: ${inlineMarkdown(r.description)}${bodies ? ` Body: ${bodies}.` : ''}${r.headers.length ? ` Headers: ${r.headers.map((h) => codeSpan(h.name)).join(', ')}.` : ''}`,
    );
    // The first example of the first media type that has one, indented into its item.
    const example = r.content.map((m) => exampleBlock(m.examples)).find(Boolean);
    if (example) lines.push('', example.replace(/^/gm, '  '), '');
  }
  return lines;
}

export function operationMarkdown(doc: MarkdownContext, op: Operation, site: URL, options: MarkdownOptions = {}): string {
  const depth = options.depth ?? 1;
  const h = '#'.repeat(depth + 1);
  const lines: string[] = [`${'#'.repeat(depth)} ${inlineText(operationLabel(op))}`, '', codeSpan(`${op.method.toUpperCase()} ${op.path}`), ''];
  lines.push(...lifecycleLines(doc, op, site));
  // Sections are one level below the title: the description's own headings start one below them.
  if (op.description?.trim()) lines.push(blockMarkdown(op.description, depth + 2), '');
  lines.push(...requestLines(doc, op, site, h), ...responseLines(doc, op, site, h));
  if (lines.at(-1) !== '') lines.push('');
  lines.push(`HTML page: ${new URL(doc.urls.operation(op), site)}`, '');
  return lines.join('\n');
}
