// Resources: each operation's and each schema's Markdown (the portal's own writers, in
// scripts/reference), the whole reference (llms-full.txt) and the description itself as JSON.
// Listed a page at a time; read when asked, never written ahead.
import type { ReadResourceResult, Resource, ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { OpenApiDocument } from '../model/load/load.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { llmsFullText, type ReferenceDocument } from '../reference/llms-full.ts';
import { operationMarkdown } from '../reference/operation-markdown.ts';
import { referenceDocument } from '../reference/reference-document.ts';
import { schemaMarkdown } from '../reference/schema-markdown.ts';
import { cut } from './quote.ts';
import { DESCRIPTION_URI, FULL_URI, OPERATION_TEMPLATE, operationUri, readUri, SCHEMA_TEMPLATE, schemaUri } from './uris.ts';

const MARKDOWN = 'text/markdown';
/** The protocol's error for an address that names no resource. */
const RESOURCE_NOT_FOUND = -32002;

export class ReferenceResources {
  private readonly doc: ReferenceDocument;
  private readonly site: URL;
  private readonly document: OpenApiDocument;
  private listed: Resource[] | undefined;
  private readonly schemaBySlug: Map<string, ApiModel['schemas'][number]>;

  /** `site`: the portal the Markdown links to, as the portal's own twins link to it. */
  constructor(model: ApiModel, document: OpenApiDocument, site: URL) {
    this.doc = referenceDocument(model);
    this.site = site;
    this.document = document;
    this.schemaBySlug = new Map(model.schemas.map((s) => [s.slug, s]));
  }

  /** Every resource, the whole-API ones first; names are slugs, titles method and path or the schema's name. */
  list(): Resource[] {
    this.listed ??= [
      { uri: FULL_URI, name: 'llms-full.txt', title: 'The whole reference', mimeType: MARKDOWN },
      { uri: DESCRIPTION_URI, name: 'openapi.json', title: 'The OpenAPI description', mimeType: 'application/json' },
      ...this.doc.model.operations.map((op) => ({
        uri: operationUri(op),
        name: op.slug,
        title: cut(`${op.method.toUpperCase()} ${op.path}`, 100),
        mimeType: MARKDOWN,
      })),
      ...this.doc.model.schemas.map((s) => ({ uri: schemaUri(s), name: s.slug, title: cut(s.name, 100), mimeType: MARKDOWN })),
    ];
    return this.listed;
  }

  templates(): ResourceTemplate[] {
    return [
      { uriTemplate: OPERATION_TEMPLATE, name: 'operation', title: 'An operation’s reference, by its page’s slug', mimeType: MARKDOWN },
      { uriTemplate: SCHEMA_TEMPLATE, name: 'schema', title: 'A schema’s reference, by its page’s slug', mimeType: MARKDOWN },
    ];
  }

  /** Markdown of an operation by slug, for the prompts too. */
  operation(slug: string): string | undefined {
    const op = this.doc.operationBySlug.get(slug);
    return op ? operationMarkdown(this.doc, op, this.site) : undefined;
  }

  read(uri: string): ReadResourceResult {
    const target = readUri(uri);
    let text: string | undefined;
    let mimeType = MARKDOWN;
    if (target?.kind === 'full') text = llmsFullText(this.doc, this.site);
    else if (target?.kind === 'description') {
      text = JSON.stringify(this.document, null, 2);
      mimeType = 'application/json';
    } else if (target?.kind === 'operation') text = this.operation(target.slug);
    else if (target?.kind === 'schema') {
      const entry = this.schemaBySlug.get(target.slug);
      if (entry) text = schemaMarkdown(this.doc, entry, this.site);
    }
    if (text === undefined) throw new McpError(RESOURCE_NOT_FOUND, `No resource ${cut(uri, 200)}`);
    return { contents: [{ uri, mimeType, text }] };
  }
}
