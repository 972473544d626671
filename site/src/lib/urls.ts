// Page addresses, fixed for the whole project: `/operations/<slug>/`, `/webhooks/<slug>/`,
// `/tags/<slug>/`, `/schemas/<slug>/`; a document mounted in a folder gets it as a prefix.
import { DEFAULT_MOCK_URL } from '../../../scripts/defaults.ts';
import type { ApiModel, Operation } from '../../../scripts/model/types.ts';

export interface SiteUrls {
  base: string;
  home: string;
  tag(slug: string): string;
  operation(op: Pick<Operation, 'kind' | 'slug'>): string;
  /** The Markdown twin of an operation page (listed in llms.txt). */
  operationMarkdown(op: Pick<Operation, 'kind' | 'slug'>): string;
  schemas: string;
  webhooks: string;
  /** The page of a component schema by its name, or undefined when the name is not a component. */
  schema(name: string): string | undefined;
  schemaBySlug(slug: string): string;
  openapiYaml: string;
  openapiJson: string;
  llms: string;
}

export function urlsFor(base: string, model: ApiModel): SiteUrls {
  const slugByName = new Map(model.schemas.map((s) => [s.name, s.slug]));
  const folder = (kind: Operation['kind']) => (kind === 'webhook' ? 'webhooks' : 'operations');
  return {
    base,
    home: `${base}/`,
    tag: (slug) => `${base}/tags/${slug}/`,
    operation: (op) => `${base}/${folder(op.kind)}/${op.slug}/`,
    operationMarkdown: (op) => `${base}/${folder(op.kind)}/${op.slug}.md`,
    schemas: `${base}/schemas/`,
    webhooks: `${base}/webhooks/`,
    schema: (name) => {
      const slug = slugByName.get(name);
      return slug === undefined ? undefined : `${base}/schemas/${slug}/`;
    },
    schemaBySlug: (slug) => `${base}/schemas/${slug}/`,
    openapiYaml: `${base}/openapi.yaml`,
    openapiJson: `${base}/openapi.json`,
    llms: `${base}/llms.txt`,
  };
}

/**
 * The mock server the portal points readers at: `npm start` and `npm run dev` pass the
 * address they started it on through PORTAL_MOCK_URL; by default the documented one.
 */
export function mockServerUrl(): string {
  return (process.env.PORTAL_MOCK_URL || DEFAULT_MOCK_URL).replace(/\/$/, '');
}
