// llms.txt (https://llmstxt.org): the API in a few lines, and every operation with a link to
// its Markdown page, grouped by tag. Each value from the description is one line of escaped
// text (scripts/reference/markdown-text.ts): a title or summary cannot add a heading, link or list item.
import type { APIRoute, GetStaticPaths } from 'astro';
import { DEFAULT_SITE } from '#defaults';
import type { Operation } from '#model/contract/types.ts';
import { operationLabel, operationMark } from '#reference/labels.ts';
import { markdownToText } from '../../lib/markdown.ts';
import { inlineText, link } from '#reference/markdown-text.ts';
import { baseParam, portalDocuments, type PortalDocument } from '../../lib/site-data.ts';

export const getStaticPaths = (() => portalDocuments.map((doc) => ({ params: { base: baseParam(doc) }, props: { doc } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { doc } = props as { doc: PortalDocument };
  const origin = site ?? new URL(DEFAULT_SITE);
  const { model, urls } = doc;
  const line = (op: Operation) => {
    const mark = operationMark(op);
    return `- ${link(operationLabel(op), new URL(urls.operationMarkdown(op), origin))}: ${op.method.toUpperCase()} ${inlineText(op.path)}${mark ? ` (${mark.text.toLowerCase()})` : ''}`;
  };
  const out = [
    `# ${inlineText(model.info.title)}`,
    '',
    `> ${inlineText(model.info.summary || markdownToText(model.info.description, 400) || `Version ${model.info.version}`, true)}`,
    '',
  ];
  out.push(
    `Version ${inlineText(model.info.version)}. OpenAPI description: ${doc.downloads ? new URL(urls.openapiYaml, origin) : 'not published here'}. Reference home: ${new URL(urls.home, origin)}`,
    '',
    `The whole reference in one Markdown file: ${new URL(urls.llmsFull, origin)}`,
    '',
  );
  for (const tag of model.tags) {
    if (tag.operations.length === 0) continue;
    out.push(`## ${inlineText(tag.name)}`, '');
    for (const slug of tag.operations) {
      const op = doc.operationBySlug.get(slug);
      if (op) out.push(line(op));
    }
    out.push('');
  }
  if (model.webhooks.length > 0) out.push('## Webhooks', '', ...model.webhooks.map(line), '');
  return new Response(out.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
