// 7. Search: where the operation a reader names lands in the results, for a set of reader queries
// (search-queries.ts: summaries, paths and pieces of them, operationIds, method and path, words
// from descriptions), in our search dialog, in Scalar's search on the same document, and in
// Pagefind alone (the same index ranked by Pagefind without the portal's rules). Ranks are
// counts, the same on every run: measured once whatever --runs says. Also what the search box
// loads: the operations' list and Pagefind's index.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { fromRows } from '../../model/contract/search-rank.ts';
import { serveStatic, type StaticServer } from '../../infra/serve-static.ts';
import { CATALOGUE_FILE, SEARCH_RANKING } from '../../reference/search-options.ts';
import { launchChromium } from '../browser.ts';
import { bundles } from '../bundles.ts';
import type { Context } from '../context.ts';
import type { DocName } from '../paths.ts';
import { referenceSite } from '../references.ts';
import { READER_QUERIES, type ReaderQuery } from '../search-queries.ts';
import { openOurSearch, openScalarSearch, ourResults, pagefindAlone, RESULT_LIMIT, rankOf, scalarResults } from '../search-ranks.ts';
import { gzipFile, listFiles, sum } from '../sizes.ts';
import { ensureSite, SUBJECT } from '../sites.ts';
import { median } from '../stats.ts';

const SECTION = 'search';
const PAGEFIND_ALONE = 'Pagefind alone (same index, no rules)';
/** A named operation not among the results read counts as one rank past them. */
const MISSED = RESULT_LIMIT + 1;

type Ranks = Record<string, (number | undefined)[]>;

export async function runSearch(ctx: Context): Promise<void> {
  const browser = await launchChromium();
  const servers: StaticServer[] = [];
  const scalar = (bundles()[0]?.subject ?? 'Scalar').replace(/ API Reference| standalone/g, '');
  try {
    for (const doc of ctx.options.docs) {
      const queries = READER_QUERIES[doc];
      const root = await ensureSite('ours', doc);
      const ours = await serveStatic(root, { host: '127.0.0.1' });
      const theirs = await serveStatic(referenceSite('scalar', doc, join(root, 'openapi.json')), { host: '127.0.0.1' });
      servers.push(ours, theirs);
      const pages = new Map(fromRows(JSON.parse(readFileSync(join(root, CATALOGUE_FILE), 'utf8'))).map((e) => [`${e.method} ${e.path}`, e.url]));
      const ranks: Ranks = { [SUBJECT.ours]: [], [scalar]: [], [PAGEFIND_ALONE]: [] };
      ctx.log(`search ${doc}: ours and Pagefind alone, ${queries.length} queries`);
      await rankOurs(browser, `${ours.url}/`, queries, pages, ranks);
      ctx.log(`search ${doc}: ${scalar}, ${queries.length} queries`);
      ranks[scalar] = await rankScalar(browser, `${theirs.url}/`, queries);
      record(ctx, doc, queries, ranks);
      ctx.results.add(SECTION, doc, SUBJECT.ours, 'operations list for the search box (search-operations.json, gzip)', 'bytes', [
        gzipFile(join(root, CATALOGUE_FILE)),
      ]);
      ctx.results.add(SECTION, doc, SUBJECT.ours, "Pagefind's index and fragments (files, uncompressed)", 'bytes', [sum(listFiles(join(root, 'pagefind')))]);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  ctx.results.note(
    `Search: each query typed into the search box of a page loaded once per document, the results read once the box shows them, up to ${RESULT_LIMIT} (Scalar lists at most ${RESULT_LIMIT}; ours loads ten more until it has as many); the rank is where the named operation is among them, "—" when it is not (counted as ${MISSED} in the medians and means). Scalar's list is read once it has not changed for half a second. Pagefind alone: the same Pagefind index with the portal's ranking options, queried through Pagefind's API, without the portal's rules.`,
  );
}

async function rankOurs(browser: Browser, home: string, queries: ReaderQuery[], pages: Map<string, string>, ranks: Ranks): Promise<void> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await openOurSearch(page, home);
    for (const q of queries) {
      const target = pages.get(`${q.method} ${q.path}`);
      if (!target) throw new Error(`The query set names ${q.method} ${q.path}, which the document does not have`);
      ranks[SUBJECT.ours]!.push(rankOf(await ourResults(page, q.query), (p) => p === target));
      ranks[PAGEFIND_ALONE]!.push(rankOf(await pagefindAlone(page, q.query, { ...SEARCH_RANKING, baseUrl: '/' }), (p) => p === target));
    }
  } finally {
    await context.close();
  }
}

async function rankScalar(browser: Browser, url: string, queries: ReaderQuery[]): Promise<(number | undefined)[]> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await openScalarSearch(page, url);
    const out: (number | undefined)[] = [];
    for (const q of queries) out.push(rankOf(await scalarResults(page, q.query), (id) => id.endsWith(`/${q.method}${q.path}`)));
    return out;
  } finally {
    await context.close();
  }
}

const cell = (rank: number | undefined) => (rank === undefined ? '—' : String(rank));
const counted = (ranks: (number | undefined)[]) => ranks.map((r) => r ?? MISSED);

function record(ctx: Context, doc: DocName, queries: ReaderQuery[], ranks: Ranks): void {
  const { results } = ctx;
  const subjects = Object.keys(ranks);
  for (const subject of subjects) {
    const values = counted(ranks[subject]!);
    results.add(SECTION, doc, subject, `rank of the named operation, median of ${queries.length} queries`, 'rank', [median(values)]);
    results.add(SECTION, doc, subject, `rank of the named operation, mean of ${queries.length} queries`, 'rank', [
      values.reduce((a, b) => a + b, 0) / values.length,
    ]);
    results.add(SECTION, doc, subject, `queries whose operation ranks first (of ${queries.length})`, 'count', [values.filter((r) => r === 1).length], 'higher');
  }
  results.table(
    SECTION,
    `Rank of the named operation, query by query (${doc})`,
    ['query', 'kind', 'operation', ...subjects],
    queries.map((q, i) => [`\`${q.query}\``, q.kind, `${q.method} ${q.path}`, ...subjects.map((s) => cell(ranks[s]![i]))]),
  );
  const naming = queries.map((q, i) => ({ q, rank: ranks[SUBJECT.ours]![i] })).filter(({ q }) => q.kind !== 'description');
  const missed = naming.filter(({ rank }) => rank !== 1).length;
  results.target(
    SECTION,
    `every summary, path, path piece, operationId and method-and-path query ranks its operation first (${doc}, ${naming.length} queries)`,
    missed,
    0,
    {
      better: 'lower',
      format: (n) => `${n} not first`,
      goal: 'all first',
    },
  );
}
