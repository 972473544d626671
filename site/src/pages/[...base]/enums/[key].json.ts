// Every value of a large enumeration, as JSON: pages show the first values and link this file,
// written once however many pages use the list (scripts/reference/enum-display.ts).
import type { APIRoute, GetStaticPaths } from 'astro';
import { largeEnums } from '#reference/enum-display.ts';
import { baseParam, portalDocuments } from '../../../lib/site-data.ts';

export const getStaticPaths = (() =>
  portalDocuments.flatMap((doc) =>
    [...largeEnums(doc.model)].map(([key, file]) => ({ params: { base: baseParam(doc), key }, props: { file } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response((props as { file: string }).file, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
