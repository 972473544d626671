// The operations of a document as its search box reads them (`search-operations.json`): what the
// rules of scripts/model/contract/search-rank.ts rank a query against, and the line each result shows. One
// row per operation and webhook; about 45 KiB gzip for GitHub's 1,223 operations, fetched when
// the search box first opens.
import { pageUrl } from '#model/contract/pages.ts';
import { searchEntry, toRows } from '#model/contract/search-rank.ts';
import { summaryText } from './markdown.ts';
import { CATALOGUE_FILE } from '#reference/search-options.ts';
import type { PortalDocument } from './site-data.ts';

/** Where a document's rows are published. */
export function catalogueUrl(doc: PortalDocument): string {
  return pageUrl(doc.urls.base, CATALOGUE_FILE);
}

export function catalogueJson(doc: PortalDocument): string {
  const { operations, webhooks } = doc.model;
  // 80 characters: the page's own meta description (markdownToText at 160) is read from the same cache.
  const entries = [...operations, ...webhooks].map((op) => searchEntry(op, doc.urls.operation(op), summaryText(op.description, 80)));
  return JSON.stringify(toRows(entries));
}
