// Which query parameters of a list page it, by the names APIs use for them:
// limit/offset, page/size, or a cursor (with a limit). Pure.
import { mergeSchema, type SchemaLookup } from '../../model/contract/schema-merge.ts';
import type { Parameter } from '../../model/contract/types.ts';
import type { Paging, SizeParam } from './types.ts';

/** Names compared in lower case without `-` or `_`: `page_size`, `pageSize` and `page-size` are one. */
const SIZE = ['limit', 'perpage', 'pagesize', 'size', 'maxresults', 'max', 'top', 'first', 'count', 'pagelimit'];
const OFFSET = ['offset', 'skip', 'start'];
const PAGE = ['page', 'pagenumber', 'pageno', 'pageindex'];
const CURSOR = ['cursor', 'after', 'pagetoken', 'nexttoken', 'startingafter', 'continuation', 'continuationtoken', 'pagecursor'];

export const PAGING_NAMES = new Set([...SIZE, ...OFFSET, ...PAGE, ...CURSOR]);

const norm = (name: string) => name.toLowerCase().replace(/[-_]/g, '');

function numeric(p: Parameter, lookup: SchemaLookup): boolean {
  if (!p.schema) return true;
  const types = mergeSchema(p.schema, lookup).type ?? [];
  return types.length === 0 || types.includes('integer') || types.includes('number');
}

function find(params: Parameter[], names: string[], lookup: SchemaLookup, isNumber: boolean): Parameter | undefined {
  for (const name of names) {
    const p = params.find((x) => norm(x.name) === name && (!isNumber || numeric(x, lookup)));
    if (p) return p;
  }
  return undefined;
}

function sizeParam(p: Parameter | undefined, lookup: SchemaLookup): SizeParam | undefined {
  if (!p) return undefined;
  const schema = p.schema ? mergeSchema(p.schema, lookup) : {};
  const out: SizeParam = { name: p.name };
  if (typeof schema.default === 'number' && schema.default > 0) out.default = schema.default;
  if (typeof schema.maximum === 'number' && schema.maximum > 0) out.max = schema.maximum;
  return out;
}

/** The list's paging, from its query parameters; undefined when it declares none. */
export function detectPaging(query: Parameter[], lookup: SchemaLookup): Paging | undefined {
  const size = sizeParam(find(query, SIZE, lookup, true), lookup);
  const cursor = find(query, CURSOR, lookup, false);
  if (cursor) return { mode: 'cursor', cursor: cursor.name, limit: size };
  const offset = find(query, OFFSET, lookup, true);
  if (offset) return { mode: 'offset', offset: offset.name, limit: size };
  const page = find(query, PAGE, lookup, true);
  if (page) {
    const schema = page.schema ? mergeSchema(page.schema, lookup) : {};
    const base = schema.minimum === 0 || schema.default === 0 ? 0 : 1;
    return { mode: 'page', page: page.name, base, size };
  }
  return size ? { mode: 'limit', limit: size } : undefined;
}
