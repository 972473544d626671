// Page addresses: the model says where each page is (`operations/<slug>/`, `webhooks/<slug>/`,
// `tags/<slug>/`, `schemas/<slug>/`), and model/contract/pages.ts puts it under the site's base (a document
// mounted in a folder gets that folder as a prefix).
import { DEFAULT_MOCK_URL } from '#defaults';
import { pageUrl, schemaPage, tagPage } from '#model/contract/pages.ts';
import type { ApiModel, Operation } from '#model/contract/types.ts';

export interface SiteUrls {
  base: string;
  home: string;
  tag(slug: string): string;
  operation(op: Pick<Operation, 'page'>): string;
  /** The Markdown twin of an operation page (listed in llms.txt). */
  operationMarkdown(op: Pick<Operation, 'page'>): string;
  schemas: string;
  webhooks: string;
  /** The page of a component schema by its name, or undefined when the name is not a component. */
  schema(name: string): string | undefined;
  schemaBySlug(slug: string): string;
  openapiYaml: string;
  openapiJson: string;
  llms: string;
  /** The whole reference as one Markdown file. */
  llmsFull: string;
  /** Every value of a large enumeration (scripts/reference/enum-display.ts), by its key. */
  enumValues(key: string): string;
}

/** Every address under `base`, from the pages the model gives (model/contract/pages.ts). */
export function urlsFor(base: string, model: ApiModel): SiteUrls {
  const schemaPages = new Map(model.schemas.map((s) => [s.name, s.page]));
  const at = (page: string) => pageUrl(base, page);
  return {
    base,
    home: at(''),
    tag: (slug) => at(tagPage(slug)),
    operation: (op) => at(op.page),
    operationMarkdown: (op) => at(`${op.page.replace(/\/$/, '')}.md`),
    schemas: at('schemas/'),
    webhooks: at('webhooks/'),
    schema: (name) => {
      const page = schemaPages.get(name);
      return page === undefined ? undefined : at(page);
    },
    schemaBySlug: (slug) => at(schemaPage(slug)),
    openapiYaml: at('openapi.yaml'),
    openapiJson: at('openapi.json'),
    llms: at('llms.txt'),
    llmsFull: at('llms-full.txt'),
    enumValues: (key) => at(`enums/${key}.json`),
  };
}

/**
 * The mock server the portal points readers at: `npm start` and `npm run dev` pass the
 * address they started it on through PORTAL_MOCK_URL; by default the documented one.
 */
export function mockServerUrl(): string {
  return (process.env.PORTAL_MOCK_URL || DEFAULT_MOCK_URL).replace(/\/$/, '');
}

/**
 * Whether a server the description names is the portal's mock: its address, or the address the
 * mock is documented on (127.0.0.1:4010) when the mock runs elsewhere (`--mock-port`). Such an entry
 * means "the local mock", and sending to 4010 then would reach whatever else listens there.
 */
export function isMockServer(serverUrl: string, mockUrl: string): boolean {
  const url = serverUrl.replace(/\/+$/, '');
  return url === mockUrl.replace(/\/+$/, '') || url === DEFAULT_MOCK_URL;
}
