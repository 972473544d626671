// What Pagefind indexes of a page and how it weighs it. The portal's own text around the API's
// (labels, buttons, section names) is left out, so that it neither matches a query nor fills an
// excerpt ("MarkdownCopy page as Markdown"); what names an operation (method, path, operationId,
// title) is kept as metadata, read by the results and weighed by Pagefind. Which operation a query
// names is decided apart, by scripts/model/contract/search-rank.ts.

/** Elements left out of the index (Pagefind's excludeSelectors): their metadata still counts. */
export const SEARCH_EXCLUDED = [
  // The page's title is its `title` metadata; in the text it would open every excerpt.
  'h1',
  // Method, path, the Markdown copy's link and button, the operationId: metadata.
  '.endpoint-row',
  '.operation-id',
  '.op-history',
  // The portal's section names (Authorization, Parameters, Request body, Responses; Fields, Used
  // by; Operations), not those of a description (inside .md), and table captions.
  '.sl-markdown-content > h2',
  '.op-page section > h2',
  'caption',
  // Authorization is the same few schemes on every page: the home page describes them.
  'section.security',
  // Labels beside the API's words.
  '.req',
  '.opt',
  '.body-required',
  '.media-type',
  '.media-switch-label',
  '.schema-type',
  '.variants > p',
  '.variant-type',
  '.expand-all',
  'details.nested > summary',
  '.try-it-off',
  '.tag-count',
] as const;

/**
 * How the search dialog ranks Pagefind's results: a match in the path, the operationId, the title
 * (OperationHeader.astro, the page's h1) or the description's opening words (Head.astro's meta
 * description) counts more than one in the text. With `description` at 4, GitHub's "contents of a
 * file or directory" finds Get repository content first (third without it), and no query of the
 * bench's set ranks its operation lower.
 */
export const SEARCH_RANKING = { ranking: { metaWeights: { path: 10, operation: 8, title: 6, description: 4 } } } as const;

/** Each document's operations for its search box, beside its home page (lib/search-catalogue.ts). */
export const CATALOGUE_FILE = 'search-operations.json';
