// llms-full.txt: the whole reference as one Markdown file (scripts/reference/llms-full.ts), linked from llms.txt.
import type { APIRoute, GetStaticPaths } from 'astro';
import { DEFAULT_SITE } from '#defaults';
import { llmsFullText } from '#reference/llms-full.ts';
import { baseParam, portalDocuments, type PortalDocument } from '../../lib/site-data.ts';

export const getStaticPaths = (() => portalDocuments.map((doc) => ({ params: { base: baseParam(doc) }, props: { doc } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { doc } = props as { doc: PortalDocument };
  return new Response(llmsFullText(doc, site ?? new URL(DEFAULT_SITE)), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
