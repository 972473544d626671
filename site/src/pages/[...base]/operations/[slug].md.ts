import type { APIRoute, GetStaticPaths } from 'astro';
import { DEFAULT_SITE } from '#defaults';
import type { Operation } from '#model/contract/types.ts';
import { operationMarkdown } from '#reference/operation-markdown.ts';
import { baseParam, portalDocuments, type PortalDocument } from '../../../lib/site-data.ts';

export const getStaticPaths = (() =>
  portalDocuments.flatMap((doc) =>
    doc.model.operations.map((operation) => ({ params: { base: baseParam(doc), slug: operation.slug }, props: { doc, operation } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props, site }) => {
  const { doc, operation } = props as { doc: PortalDocument; operation: Operation };
  return new Response(operationMarkdown(doc, operation, site ?? new URL(DEFAULT_SITE)), { headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
};
