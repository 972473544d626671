// What one search result shows, on one line: an operation's method, path and summary, or a
// page's kind and title; under it a line of text (the full text's excerpt with the matched words
// marked, else the operation's description). Pure: the search dialog (scripts/search/) renders it.
import type { MergedResult } from '#model/contract/search-rank.ts';

/** What Pagefind gives for a page: its URL, an excerpt around the matched words, the page's metadata. */
export interface PageData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

export interface ExcerptPart {
  text: string;
  mark: boolean;
}

export interface ResultView {
  url: string;
  /** Upper-case method and path, for an operation or webhook. */
  method?: string;
  path?: string;
  /** A page's kind (Tag, Schema) when it is not an operation. */
  kind?: string;
  title: string;
  deprecated: boolean;
  excerpt: ExcerptPart[];
}

/**
 * Pagefind's excerpt as text and marked words. It escapes `<` and `>` of the page's text and puts
 * `<mark>` around matches; nothing else in it is markup, so it is read as text, never as HTML.
 */
export function excerptParts(excerpt: string): ExcerptPart[] {
  const parts: ExcerptPart[] = [];
  const pieces = excerpt.split(/<mark>|<\/mark>/);
  pieces.forEach((piece, i) => {
    const text = piece.replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    if (text) parts.push({ text, mark: i % 2 === 1 });
  });
  return parts;
}

const plain = (text: string): ExcerptPart[] => (text ? [{ text, mark: false }] : []);

export function resultView(result: MergedResult<PageData>): ResultView {
  const { entry, page } = result;
  const excerpt = page ? excerptParts(page.excerpt) : plain(entry?.excerpt ?? '');
  if (entry) {
    return { url: result.url, method: entry.method, path: entry.path, title: entry.summary, deprecated: entry.deprecated, excerpt };
  }
  const meta = page?.meta ?? {};
  const view: ResultView = { url: result.url, title: meta.title ?? result.url, deprecated: false, excerpt };
  if (meta.method && meta.path) return { ...view, method: meta.method, path: meta.path };
  return meta.kind ? { ...view, kind: meta.kind } : view;
}
