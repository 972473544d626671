// The lookups and page addresses the Markdown writers need, for a reader outside the portal's build
// (the MCP server, tests): pages under `base` as model/contract/pages.ts places them, the portal's own way.
import { pageUrl } from '../model/contract/pages.ts';
import type { ApiModel } from '../model/contract/types.ts';
import type { ReferenceDocument } from './llms-full.ts';

export function referenceDocument(model: ApiModel, base = ''): ReferenceDocument {
  const schemaPages = new Map(model.schemas.map((s) => [s.name, s.page]));
  return {
    model,
    urls: {
      operation: (op) => pageUrl(base, op.page),
      operationMarkdown: (op) => pageUrl(base, `${op.page.replace(/\/$/, '')}.md`),
      schema: (name) => {
        const page = schemaPages.get(name);
        return page === undefined ? undefined : pageUrl(base, page);
      },
    },
    operationBySlug: new Map(model.operations.map((op) => [op.slug, op])),
    schemaByName: new Map(model.schemas.map((s) => [s.name, s])),
  };
}
