// llms-full.txt: the whole reference as one Markdown file, for readers that take a reference in
// one piece (a coding assistant's context, a search index). The API's own description, its
// servers and authentication, then every operation by tag in the portal's order (the same text
// as its Markdown twin, a level deeper), webhooks, and every component schema. Its size follows
// the description's: each example is cut as the twins cut it.
import type { ApiModel } from '../model/contract/types.ts';
import type { MarkdownContext } from './markdown-context.ts';
import { blockMarkdown, codeSpan, inlineMarkdown, inlineText } from './markdown-text.ts';
import { operationMarkdown } from './operation-markdown.ts';
import { schemaMarkdown } from './schema-markdown.ts';
import { schemeText } from './security-text.ts';

export interface ReferenceDocument extends MarkdownContext {
  model: ApiModel;
}

function headLines(doc: ReferenceDocument): string[] {
  const { info, servers, securitySchemes } = doc.model;
  const lines = [`# ${inlineText(info.title)}`, ''];
  if (info.summary?.trim()) lines.push(`> ${inlineText(info.summary, true)}`, '');
  lines.push(`Version ${inlineText(info.version)}. The whole reference in one file: every operation by tag, then the schemas.`, '');
  if (info.description?.trim()) lines.push('## Overview', '', blockMarkdown(info.description, 3), '');
  if (servers.length > 0) {
    lines.push('## Servers', '');
    for (const s of servers) lines.push(`- ${codeSpan(s.url)}${s.description ? `: ${inlineMarkdown(s.description)}` : ''}`);
    lines.push('');
  }
  if (securitySchemes.length > 0) {
    lines.push('## Authentication', '');
    for (const s of securitySchemes) {
      const sample = s.credential ? ` (${codeSpan(`${s.credential.name}: ${s.credential.sample}`)})` : '';
      lines.push(`- **${inlineText(s.name)}**: ${inlineText(schemeText(s))}${sample}.${s.description ? ` ${inlineMarkdown(s.description)}` : ''}`);
    }
    lines.push('');
  }
  return lines;
}

export function llmsFullText(doc: ReferenceDocument, site: URL): string {
  const { model } = doc;
  const parts = [headLines(doc).join('\n')];
  for (const tag of model.tags) {
    if (tag.operations.length === 0) continue;
    parts.push(`## ${inlineText(tag.name)}\n`);
    if (tag.description?.trim()) parts.push(`${blockMarkdown(tag.description, 4)}\n`);
    for (const slug of tag.operations) {
      const op = doc.operationBySlug.get(slug);
      if (op) parts.push(operationMarkdown(doc, op, site, { depth: 3 }));
    }
  }
  if (model.webhooks.length > 0) {
    parts.push('## Webhooks\n');
    for (const op of model.webhooks) parts.push(operationMarkdown(doc, op, site, { depth: 3 }));
  }
  if (model.schemas.length > 0) {
    parts.push('## Schemas\n');
    for (const entry of model.schemas) parts.push(schemaMarkdown(doc, entry, site, { depth: 3 }));
  }
  return `${parts.join('\n')}\n`;
}
