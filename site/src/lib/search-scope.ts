// Search stays within one document (a version, an API) of a portal that holds several: each page
// carries its document's home as a Pagefind filter, and the search box selects that filter.
import { documentAt, portalDocuments } from './site-data.ts';

/** The scope of the page at `pathname`, or undefined when the portal holds one document (or the page none). */
export function searchScope(pathname: string): string | undefined {
  if (portalDocuments.length < 2) return undefined;
  return documentAt(pathname)?.urls.home;
}
