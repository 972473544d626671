// How search reads text: the words of a summary, an operationId or a query, and the segments of
// a path. Pure, and bundled into the browser: the portal's search dialog and any other reader of
// the model (an assistant's search tool) read queries the same way.

/** Words a reader types between the ones that name something ("get a repository"). */
const FILLER = new Set(['a', 'an', 'the', 'of', 'for', 'to', 'in', 'on', 'by', 'with', 'and', 'or', 'from', 'at', 'as', 'into', 'its', 'is', 'are', 'be']);

/**
 * One form for a word and its plural, so "requests" finds "request", "repositories" finds
 * "repository" and "statuses" finds "status": a plural ending taken off, then a final "e" (so
 * "release" and "releases" meet at "releas"). Both sides of a comparison go through it.
 */
export function stem(word: string): string {
  let w = word;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && /(?:ch|sh|ss|x|z|us)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(?:ss|us|is|ias)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Lower-case words of a text, camelCase and any punctuation as boundaries, each stemmed. */
export function words(text: string): string[] {
  return text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(stem);
}

/** The words that name something: all of them when the text is filler only ("a"). */
export function namingWords(all: readonly string[]): string[] {
  const named = all.filter((w) => !FILLER.has(w));
  return named.length > 0 ? named : [...all];
}

/** An operationId or path compared without case or punctuation: `pulls/create` = `pullsCreate`. */
export function compact(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** A path's segments, lower-cased: `/repos/{owner}/pulls` → `repos`, `{owner}`, `pulls`. */
export function segments(path: string): string[] {
  return path.toLowerCase().split('/').filter(Boolean);
}

/** A template parameter: `{owner}`, or `:owner` as readers write it. */
export function isParameter(segment: string): boolean {
  return /^\{.*\}$/.test(segment) || /^:./.test(segment);
}

export const HTTP_METHOD_WORDS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'] as const;

export interface SearchQuery {
  /** As typed, trimmed. */
  text: string;
  /** Upper-case, when the query starts with one ("POST /pets"). */
  method?: string;
  /** Its path segments, when the query is a path or a piece of one (it has a `/` and no space). */
  path?: string[];
  /** Whether the path was written from its start (`/repos/...`). */
  rooted: boolean;
  /** Every word, filler included, and the words that name something. */
  words: string[];
  naming: string[];
  /** Letters and digits only, for an operationId: undefined when the query has spaces. */
  token?: string;
  /** Whether that token is written as a compound name (`pulls/cre`, `createPl`), not a plain word. */
  compound: boolean;
}

/**
 * What a reader typed, read as a method, a path (a full URL loses its origin, query and
 * fragment: readers paste them), an operationId and words. Undefined for a query with no word.
 */
export function parseQuery(input: string): SearchQuery | undefined {
  let text = input.trim().replace(/\s+/g, ' ');
  if (!/[\p{L}\p{N}]/u.test(text)) return undefined;
  let method: string | undefined;
  const withMethod = new RegExp(`^(${HTTP_METHOD_WORDS.join('|')}) (?=\\S*/)`, 'i').exec(text);
  if (withMethod?.[1]) {
    method = withMethod[1].toUpperCase();
    text = text.slice(withMethod[0].length);
  }
  const url = text.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/\s]*/i, '').replace(/[?#].*$/, '');
  const pathLike = !url.includes(' ') && url.includes('/');
  const all = words(pathLike ? url : text);
  return {
    text: input.trim(),
    method,
    path: pathLike ? segments(url) : undefined,
    rooted: pathLike && url.startsWith('/'),
    words: all,
    naming: namingWords(all),
    token: text.includes(' ') ? undefined : compact(text),
    compound: !text.includes(' ') && /[-_/.]|\p{Ll}\p{Lu}/u.test(text),
  };
}
