// A list request against the records: the document's equality filters, then
// its paging (limit/offset, page/size or a cursor), and the answer shaped as
// the list declares it: the array itself, or an object around it whose paging
// fields (total, limit, offset, next…) are filled in. Pure.
import type { ListSpec, Rec } from './types.ts';

export interface Page {
  items: Rec[];
  /** Records matching the filters, before paging. */
  total: number;
  offset: number;
  limit: number | undefined;
  /** Where the next page starts; undefined on the last page. */
  nextOffset: number | undefined;
  /** The page number asked for (page/size paging). */
  page?: number;
}

export function encodeCursor(offset: number): string {
  return Buffer.from(`o${offset}`).toString('base64url');
}

/** A cursor this mock made; anything else starts from the beginning. */
export function decodeCursor(cursor: string): number {
  const m = /^o(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  return m ? Number(m[1]) : 0;
}

function int(query: URLSearchParams | undefined, name: string): number | undefined {
  const raw = query?.get(name);
  if (raw === null || raw === undefined || raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isInteger(n) ? n : undefined;
}

function matches(value: unknown, wanted: string[]): boolean {
  if (Array.isArray(value)) return value.some((v) => matches(v, wanted));
  if (value === null || value === undefined || typeof value === 'object') return false;
  return wanted.includes(String(value));
}

export function queryList(records: Rec[], spec: ListSpec, query: URLSearchParams | undefined): Page {
  let kept = records;
  for (const filter of spec.filters) {
    let wanted = query?.getAll(filter.param) ?? [];
    if (filter.commaSeparated) wanted = wanted.flatMap((v) => v.split(','));
    if (wanted.length === 0) continue;
    kept = kept.filter((r) => matches(r[filter.field], wanted));
  }
  const total = kept.length;
  const paging = spec.paging;
  let offset = 0;
  let limit: number | undefined;
  let page: number | undefined;
  if (paging) {
    const size = paging.mode === 'page' ? paging.size : paging.limit;
    limit = size ? (int(query, size.name) ?? size.default) : undefined;
    if (limit !== undefined && size?.max !== undefined) limit = Math.min(limit, size.max);
    if (limit !== undefined && limit < 0) limit = 0;
    if (paging.mode === 'offset') offset = Math.max(0, int(query, paging.offset) ?? 0);
    else if (paging.mode === 'cursor') {
      const cursor = query?.get(paging.cursor);
      offset = cursor ? decodeCursor(cursor) : 0;
    } else if (paging.mode === 'page') {
      page = Math.max(paging.base, int(query, paging.page) ?? paging.base);
      offset = limit === undefined ? 0 : (page - paging.base) * limit;
    }
  }
  const end = limit === undefined ? total : Math.min(total, offset + limit);
  const items = kept.slice(offset, end);
  const out: Page = { items, total, offset, limit, nextOffset: end < total ? end : undefined };
  if (page !== undefined) out.page = page;
  return out;
}

const norm = (name: string) => name.toLowerCase().replace(/[-_]/g, '');
const TOTAL = new Set(['total', 'totalcount', 'totalitems', 'totalresults', 'totalelements', 'count']);
const LIMIT = new Set(['limit', 'perpage', 'pagesize', 'size']);
const OFFSET = new Set(['offset', 'skip']);
const PAGE = new Set(['page', 'pagenumber']);
const NEXT = new Set(['next', 'nextcursor', 'nextpagetoken', 'nextpage', 'nexttoken', 'cursor', 'nextlink', 'nexturl']);
const HAS_MORE = new Set(['hasmore', 'hasnext', 'hasnextpage', 'more']);

/** The URL of the next page: the request's own, with its paging parameters moved on. */
function nextLink(path: string, query: URLSearchParams | undefined, spec: ListSpec, result: Page): string | null {
  if (result.nextOffset === undefined || !spec.paging) return null;
  const next = new URLSearchParams(query);
  const paging = spec.paging;
  if (paging.mode === 'offset') next.set(paging.offset, String(result.nextOffset));
  else if (paging.mode === 'cursor') next.set(paging.cursor, encodeCursor(result.nextOffset));
  else if (paging.mode === 'page') next.set(paging.page, String((result.page ?? paging.base) + 1));
  else return null;
  const size = paging.mode === 'page' ? paging.size : paging.limit;
  if (size && result.limit !== undefined) next.set(size.name, String(result.limit));
  return `${path}?${next}`;
}

function fill(node: Rec, spec: ListSpec, result: Page, link: string | null, depth: number): void {
  for (const key of Object.keys(node)) {
    const k = norm(key);
    const value = node[key];
    if (TOTAL.has(k) && typeof value === 'number') node[key] = result.total;
    else if (LIMIT.has(k) && typeof value === 'number') node[key] = result.limit ?? result.items.length;
    else if (OFFSET.has(k) && typeof value === 'number') node[key] = result.offset;
    else if (PAGE.has(k) && typeof value === 'number') node[key] = result.page ?? value;
    else if (HAS_MORE.has(k) && typeof value === 'boolean') node[key] = result.nextOffset !== undefined;
    else if (NEXT.has(k) && (typeof value === 'string' || value === null)) {
      if (spec.paging?.mode === 'cursor' && !k.endsWith('link') && !k.endsWith('url') && !(typeof value === 'string' && value.includes('?'))) {
        node[key] = result.nextOffset === undefined ? null : encodeCursor(result.nextOffset);
      } else node[key] = link;
    } else if (depth === 0 && value && typeof value === 'object' && !Array.isArray(value)) fill(value as Rec, spec, result, link, 1);
  }
}

/** The answer's body: the page, where the list declares its records, with its paging fields filled. */
export function listBody(spec: ListSpec, result: Page, path: string, query: URLSearchParams | undefined): unknown {
  if (spec.arrayPath.length === 0 || !spec.template) return result.items;
  const body = structuredClone(spec.template);
  let node: Rec = body;
  for (const key of spec.arrayPath.slice(0, -1)) node = (node[key] ??= {}) as Rec;
  node[spec.arrayPath.at(-1)!] = result.items; // arrayPath is not empty (checked above)
  fill(body, spec, result, nextLink(path, query, spec, result), 0);
  return body;
}
