// The search tool: operations ranked as the portal's search box ranks them. First the operations
// the query names (model/contract/search-rank.ts: its summary, path or a piece of it, operationId, method
// and path), then the rest as the portal's full text finds them (search-options.ts' weights: a
// word of the query in the path weighs 10, the operationId 8, the summary 6, the description's
// opening words 4, a parameter or field name 1). A word matches a word of the field that starts
// with it, as Pagefind matches; words are split at punctuation and at camelCase, and kept whole too
// (`listOrders` is `listorders`, `list` and `orders`). Ties keep the description's order. The index
// is built on the first search, not at start.
import { mergeResults, prepareEntries, rankOperations, searchEntry, type PreparedEntry } from '../model/contract/search-rank.ts';
import { mergeSchema, type SchemaLookup } from '../model/contract/schema-merge.ts';
import type { Operation, SchemaNode } from '../model/contract/types.ts';
import { SEARCH_RANKING } from '../reference/search-options.ts';

const WEIGHTS = { ...SEARCH_RANKING.ranking.metaWeights, names: 1 };
/** The description's opening words, as the portal's page carries them for its search (Head.astro's meta description). */
const OPENING_CHARS = 160;
/** Field names indexed per operation: a page's field lists show about as many before deeper levels become links. */
const NAMES_MAX = 200;

type Field = keyof typeof WEIGHTS;

interface Entry {
  op: Operation;
  words: Record<Field, string[]>;
  path: string;
  operationId: string;
}

/** Words of a text: split at punctuation and camelCase, lower-cased, each compound also whole. */
export function words(text: string): string[] {
  const out = new Set<string>();
  for (const token of text.split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    out.add(token.toLowerCase());
    for (const part of token.split(/(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u)) out.add(part.toLowerCase());
  }
  return [...out];
}

/** Top-level field names of a body schema, references followed and allOf merged (one level, as a field list opens). */
function fieldNames(schema: SchemaNode | undefined, lookup: SchemaLookup, into: string[]): void {
  if (!schema || into.length >= NAMES_MAX) return;
  const node = mergeSchema(schema, lookup);
  const inner = node.items ? mergeSchema(node.items, lookup) : node;
  for (const p of inner.properties ?? []) if (into.length < NAMES_MAX) into.push(p.name);
}

function entryOf(op: Operation, lookup: SchemaLookup): Entry {
  const names = op.parameters.map((p) => p.name);
  for (const m of op.requestBody?.content ?? []) fieldNames(m.schema, lookup, names);
  for (const r of op.responses) for (const m of r.content) fieldNames(m.schema, lookup, names);
  return {
    op,
    words: {
      path: words(op.path),
      operation: words(op.operationId ?? ''),
      title: words(op.summary ?? ''),
      description: words((op.description ?? '').slice(0, OPENING_CHARS)),
      names: words(names.join(' ')),
    },
    path: op.path.toLowerCase(),
    operationId: (op.operationId ?? '').toLowerCase(),
  };
}

export interface Hit {
  op: Operation;
  score: number;
}

export class OperationSearch {
  private entries: Entry[] | undefined;
  private prepared: PreparedEntry[] | undefined;
  private readonly operations: Operation[];
  private readonly lookup: SchemaLookup;

  constructor(operations: Operation[], lookup: SchemaLookup) {
    this.operations = operations;
    this.lookup = lookup;
  }

  async search(query: string, limit: number): Promise<Hit[]> {
    this.entries ??= this.operations.map((op) => entryOf(op, this.lookup));
    // Each operation's place in the list stands for its page: the rules and the text agree on it.
    this.prepared ??= prepareEntries(this.operations.map((op, i) => searchEntry(op, String(i))));
    const text = this.textHits(query);
    const hits: Hit[] = [];
    for await (const result of mergeResults(rankOperations(query, this.prepared), text, this.prepared)) {
      const op = this.operations[Number(result.url)];
      if (op) hits.push({ op, score: result.page?.score ?? 0 });
      if (hits.length >= limit) break;
    }
    return hits;
  }

  /** The operations the query's words are found in, as the portal's full text weighs them, best first. */
  private textHits(query: string): (Hit & { url: string })[] {
    const terms = words(query);
    if (terms.length === 0) return [];
    const whole = query.trim().toLowerCase();
    const hits: (Hit & { url: string })[] = [];
    for (const [index, entry] of (this.entries ?? []).entries()) {
      let score = 0;
      for (const field of Object.keys(WEIGHTS) as Field[]) {
        for (const term of terms) if (entry.words[field].some((w) => w.startsWith(term))) score += WEIGHTS[field];
      }
      if (score === 0) continue;
      if (whole === entry.path) score += WEIGHTS.path;
      if (whole === entry.operationId) score += WEIGHTS.operation;
      hits.push({ op: entry.op, score, url: String(index) });
    }
    // A stable sort: equal scores keep the description's order.
    return hits.sort((a, b) => b.score - a.score);
  }
}
