// Which operations a reader's query names, and in what order: the rules behind the portal's
// search, pure and bundled into the browser, for any reader of the model to use the same way.
// A full-text index (Pagefind, in the portal) ranks pages by how often and where their words
// occur; it cannot tell "Create a pull request" from "Create a review for a pull request" for
// the query "create a pull request", nor knows a path from its pieces. These rules do, over the
// few fields that name an operation: its summary, path, operationId, and method with path.
import type { Operation } from './types.ts';
import { compact, isParameter, namingWords, parseQuery, segments, words, type SearchQuery } from './search-words.ts';

/** An operation as search knows it. */
export interface SearchEntry {
  /** Upper case. */
  method: string;
  /** The path template, or a webhook's name. */
  path: string;
  operationId?: string;
  /** Trimmed; empty when the operation has none. */
  summary: string;
  /** Where the operation is read: its page's URL in the portal. */
  url: string;
  deprecated: boolean;
  /** A line of plain text to show under it (its description's first sentence); empty when none. */
  excerpt: string;
}

export function searchEntry(op: Pick<Operation, 'method' | 'path' | 'operationId' | 'summary' | 'deprecated'>, url: string, excerpt = ''): SearchEntry {
  return {
    method: op.method.toUpperCase(),
    path: op.path,
    ...(op.operationId ? { operationId: op.operationId } : {}),
    summary: op.summary?.trim() ?? '',
    url,
    deprecated: op.deprecated,
    excerpt,
  };
}

/** An entry as the portal publishes it for its search box (`search-operations.json`): one short row. */
export type SearchRow = [method: string, path: string, operationId: string, summary: string, url: string, deprecated: 0 | 1, excerpt: string];

export function toRows(entries: readonly SearchEntry[]): SearchRow[] {
  return entries.map((e) => [e.method, e.path, e.operationId ?? '', e.summary, e.url, e.deprecated ? 1 : 0, e.excerpt]);
}

/** The rows read back; anything that is not a row of this shape is left out. */
export function fromRows(value: unknown): SearchEntry[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((row): SearchEntry[] => {
    if (!Array.isArray(row) || row.length !== 7) return [];
    const [method, path, operationId, summary, url, deprecated, excerpt] = row as unknown[];
    const strings = [method, path, operationId, summary, url, excerpt];
    if (!strings.every((x) => typeof x === 'string') || (deprecated !== 0 && deprecated !== 1)) return [];
    const entry = { method, path, summary, url, deprecated: deprecated === 1, excerpt } as SearchEntry;
    return [operationId ? { ...entry, operationId: operationId as string } : entry];
  });
}

/** An entry with its words worked out once, not on every keystroke. */
export interface PreparedEntry extends SearchEntry {
  index: number;
  summaryWords: string[];
  summaryNaming: string[];
  /** Words of the operationId and of the path's literal segments: a query word found only there counts less. */
  otherWords: string[];
  segments: string[];
  compactId: string;
}

export function prepareEntries(entries: readonly SearchEntry[]): PreparedEntry[] {
  return entries.map((entry, index) => {
    const summaryWords = words(entry.summary);
    const literal = segments(entry.path).filter((s) => !isParameter(s));
    return {
      ...entry,
      index,
      summaryWords,
      summaryNaming: [...new Set(namingWords(summaryWords))],
      otherWords: [...new Set([...words(entry.operationId ?? ''), ...literal.flatMap(words)])],
      segments: segments(entry.path),
      compactId: compact(entry.operationId ?? ''),
    };
  });
}

/**
 * Scores, highest first. From STRONG up a rule names the operation and it ranks before anything
 * the full text finds: method and path (1,150+), the operationId (1,100), an exact path or
 * summary (900+), a piece of a path, an operationId begun, a summary made mostly of the query's words.
 */
export const STRONG = 600;

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const methodRank = (method: string) => (METHOD_ORDER.includes(method) ? METHOD_ORDER.indexOf(method) : METHOD_ORDER.length);

/** How well one query segment matches one path segment: 0 not at all, up to 2 for the same literal. */
function segmentMatch(q: string, p: string, partial: 'start' | 'end' | 'none'): number {
  if (q === p) return 2;
  const qp = isParameter(q);
  const pp = isParameter(p);
  if (qp && pp) return 1.5;
  // A value where the template has a parameter: a reader pasted a real URL.
  if (pp) return 1;
  if (qp || q.length < 2) return 0;
  // The ends of a piece of a path may be cut: `pulls/comm` is typed on its way to `pulls/comments`.
  if (partial === 'end' && p.startsWith(q)) return 1.25;
  if (partial === 'start' && p.endsWith(q)) return 1.25;
  return 0;
}

/** The best place the query's segments sit, in order and side by side, in the path: its quality, or 0. */
function windowMatch(q: readonly string[], p: readonly string[], at: number): number {
  let quality = 0;
  let literal = false;
  for (let i = 0; i < q.length; i++) {
    const partial = i === q.length - 1 ? 'end' : i === 0 ? 'start' : 'none';
    const m = segmentMatch(q[i]!, p[at + i]!, partial);
    if (m === 0) return 0;
    if (m > 1 && !isParameter(p[at + i]!)) literal = true;
    quality += m;
  }
  // A piece made only of parameters or values matches everywhere: it names nothing.
  return literal ? quality / (2 * q.length) : 0;
}

function pathScore(query: SearchQuery, entry: PreparedEntry): number {
  const q = query.path;
  const p = entry.segments;
  if (!q || q.length === 0 || q.length > p.length) return 0;
  // The operations of one path: GET, POST, PUT, PATCH, DELETE, as lists of operations show them.
  const order = methodRank(entry.method);
  if (q.length === p.length) {
    const quality = windowMatch(q, p, 0);
    if (quality > 0) return 950 + 50 * quality - order;
  }
  let best = 0;
  for (let at = p.length - q.length; at >= 0; at--) {
    const quality = windowMatch(q, p, at);
    if (quality === 0) continue;
    // Literal segments matched as typed count most (`issues/{issue_number}` is not `{owner}/{repo}`);
    // then tighter is better: the piece is most of the path, ends where it ends, starts where it starts.
    const ends = at + q.length === p.length ? 40 : 0;
    const starts = query.rooted && at === 0 ? 30 : 0;
    best = Math.max(best, 600 + 150 * quality + 100 * (q.length / p.length) + ends + starts - order);
  }
  return best;
}

function operationIdScore(query: SearchQuery, entry: PreparedEntry): number {
  const token = query.token;
  if (!token || !entry.compactId) return 0;
  // The very name of one operation: above a path the same text could be read as (`users/get-authenticated`).
  if (token === entry.compactId) return 1100;
  // Begun: only a compound name (`pulls/cre`), since a plain word begins too many (`pull`).
  if (query.compound && token.length >= 4 && entry.compactId.startsWith(token)) return 500 + 300 * (token.length / entry.compactId.length);
  return 0;
}

/** Whether a query word is this word: the same, or (the last one, still being typed) its beginning. */
function sameWord(q: string, w: string, last: boolean): boolean {
  return q === w || (last && q.length >= 2 && w.startsWith(q));
}

/** A query word found among the operationId's and path's words, where names are cut short (`repos`, `org`). */
function inOtherWords(q: string, other: readonly string[], last: boolean): boolean {
  return other.some((w) => sameWord(q, w, last) || (w.length >= 3 && q.length > w.length && q.startsWith(w)));
}

function summaryScore(query: SearchQuery, entry: PreparedEntry): number {
  const s = entry.summaryWords;
  if (s.length === 0) return 0;
  const q = query.words;
  const n = q.length;
  if (n === s.length && q.every((w, i) => sameWord(w, s[i]!, i === n - 1))) return q[n - 1] === s[n - 1] ? 1000 : 960;
  const naming = [...new Set(query.naming)];
  const lastNaming = naming.at(-1);
  let inSummary = 0;
  let elsewhere = 0;
  const positions: number[] = [];
  for (const w of naming) {
    const last = w === lastNaming && w === q.at(-1);
    const at = entry.summaryNaming.findIndex((x) => sameWord(w, x, last));
    if (at >= 0) {
      inSummary++;
      positions.push(at);
    } else if (inOtherWords(w, entry.otherWords, last)) elsewhere++;
    else return 0;
  }
  if (inSummary === 0) return 0;
  const coverage = inSummary / entry.summaryNaming.length;
  if (elsewhere === 0 && coverage === 1) return 940;
  const inOrder = positions.every((p, i) => i === 0 || p > positions[i - 1]!);
  return 400 + 400 * coverage + (inOrder ? 30 : 0) + (positions[0] === 0 ? 20 : 0) - 60 * elsewhere;
}

/** How strongly the query names this operation; 0 when it does not. */
export function scoreEntry(query: SearchQuery, entry: PreparedEntry): number {
  let score = Math.max(pathScore(query, entry), operationIdScore(query, entry), summaryScore(query, entry));
  if (score > 0 && query.method) score += query.method === entry.method ? 200 : -300;
  return score;
}

export interface RankedEntry {
  entry: PreparedEntry;
  score: number;
}

/** The operations a query names, best first; among equals, the current before the deprecated, then in document order. */
export function rankOperations(text: string, entries: readonly PreparedEntry[]): RankedEntry[] {
  const query = parseQuery(text);
  if (!query) return [];
  const ranked: RankedEntry[] = [];
  for (const entry of entries) {
    const score = scoreEntry(query, entry);
    if (score > 0) ranked.push({ entry, score });
  }
  return ranked.sort((a, b) => b.score - a.score || Number(a.entry.deprecated) - Number(b.entry.deprecated) || a.entry.index - b.entry.index);
}

/** One result as the reader sees it: an operation the rules name, a page the full text found, or both. */
export interface MergedResult<P> {
  url: string;
  /** The operation behind the URL, when it is one. */
  entry?: PreparedEntry;
  /** The full text's page, when it found this URL. */
  page?: P;
}

/**
 * The results in the order a reader sees them: the operations the query names (STRONG and up,
 * best first), then the pages the full text found (`pages`, in its order) not already given, then
 * the operations the query names weakly that it did not find. Lazy: the full text's pages may
 * load as they are asked for (the portal loads each page's data as the list grows).
 */
export async function* mergeResults<P extends { url: string }>(
  ranked: readonly RankedEntry[],
  pages: AsyncIterable<P> | Iterable<P>,
  entries: readonly PreparedEntry[] = [],
): AsyncGenerator<MergedResult<P>> {
  const given = new Set<string>();
  const byUrl = new Map(entries.map((e) => [e.url, e]));
  for (const r of ranked) {
    if (r.score < STRONG || given.has(r.entry.url)) continue;
    given.add(r.entry.url);
    yield { url: r.entry.url, entry: r.entry };
  }
  for await (const page of pages) {
    if (given.has(page.url)) continue;
    given.add(page.url);
    const entry = byUrl.get(page.url);
    yield entry ? { url: page.url, entry, page } : { url: page.url, page };
  }
  for (const r of ranked) {
    if (given.has(r.entry.url)) continue;
    given.add(r.entry.url);
    yield { url: r.entry.url, entry: r.entry };
  }
}
