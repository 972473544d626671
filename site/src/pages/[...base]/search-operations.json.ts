// Each document's operations for its search box (lib/search-catalogue.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { catalogueJson } from '../../lib/search-catalogue.ts';
import { baseParam, portalDocuments, type PortalDocument } from '../../lib/site-data.ts';

export const getStaticPaths = (() => portalDocuments.map((doc) => ({ params: { base: baseParam(doc) }, props: { doc } }))) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) =>
  new Response(catalogueJson((props as { doc: PortalDocument }).doc), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
