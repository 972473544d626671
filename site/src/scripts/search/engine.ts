// The search behind the dialog: Pagefind's index of the pages (its public JavaScript API, loaded
// from the built site on first use) and the document's operations (search-operations.json),
// merged by the rules of scripts/model/contract/search-rank.ts. A query's results are read in pages of ten:
// Pagefind loads a result's data (URL, excerpt, metadata) only when the list reaches it.
import { fromRows, mergeResults, prepareEntries, rankOperations, type MergedResult, type PreparedEntry } from '#model/contract/search-rank.ts';
import { SEARCH_RANKING } from '#reference/search-options.ts';
import type { PageData } from '../../lib/search-display.ts';

interface PagefindResult {
  data(): Promise<PageData>;
}

interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  debouncedSearch(term: string, options: Record<string, unknown>, ms: number): Promise<{ results: PagefindResult[] } | null>;
}

export interface SearchSetup {
  /** Where Pagefind's files are (`/pagefind/`, under the site's base). */
  bundlePath: string;
  baseUrl: string;
  /** The document's operations, when the page belongs to one. */
  catalogue?: string;
  /** The Pagefind filter of the reader's document, in a portal of several. */
  scope?: string;
}

export interface Engine {
  /** The results of a query, or null when a newer query came before it was answered. */
  search(term: string): Promise<ResultList | null>;
}

/** How many of Pagefind's results load their data at once. */
const BATCH = 10;

export async function createEngine(setup: SearchSetup): Promise<Engine> {
  const [pagefind, entries] = await Promise.all([loadPagefind(setup), loadCatalogue(setup.catalogue)]);
  const filters = setup.scope ? { filters: { scope: [setup.scope] } } : {};
  return {
    async search(term) {
      const found = await pagefind.debouncedSearch(term, filters, 120);
      if (found === null) return null;
      return new ResultList(mergeResults(rankOperations(term, entries), pageData(found.results), entries));
    },
  };
}

async function loadPagefind(setup: SearchSetup): Promise<Pagefind> {
  const pagefind = (await import(/* @vite-ignore */ `${setup.bundlePath}pagefind.js`)) as Pagefind;
  await pagefind.options({ ...SEARCH_RANKING, baseUrl: setup.baseUrl });
  return pagefind;
}

/** The document's operations; without them (an older build, a failed fetch) search is Pagefind's alone. */
async function loadCatalogue(url: string | undefined): Promise<PreparedEntry[]> {
  if (!url) return [];
  try {
    const response = await fetch(url);
    return response.ok ? prepareEntries(fromRows(await response.json())) : [];
  } catch {
    return [];
  }
}

async function* pageData(results: PagefindResult[]): AsyncGenerator<PageData> {
  for (let at = 0; at < results.length; at += BATCH) yield* await Promise.all(results.slice(at, at + BATCH).map((r) => r.data()));
}

/** A query's results, read a few at a time; one read ahead, so the list knows whether more follow. */
export class ResultList {
  #source: AsyncGenerator<MergedResult<PageData>>;
  #ahead: MergedResult<PageData>[] = [];
  #ended = false;

  constructor(source: AsyncGenerator<MergedResult<PageData>>) {
    this.#source = source;
  }

  /** Whether every result has been read (after a `next`). */
  get ended(): boolean {
    return this.#ended && this.#ahead.length === 0;
  }

  async next(count: number): Promise<MergedResult<PageData>[]> {
    while (this.#ahead.length <= count && !this.#ended) {
      const step = await this.#source.next();
      if (step.done) this.#ended = true;
      else this.#ahead.push(step.value);
    }
    return this.#ahead.splice(0, count);
  }
}
