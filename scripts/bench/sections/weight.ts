// 2. Page weight: gzip size of an operation page's own HTML (median and largest) and of
// the CSS and JS it loads, ours against starlight-openapi's pages, Redoc's one page, and
// the bundles the single-page references make a reader download.
import { join } from 'node:path';
import type { Context } from '../context.ts';
import { bundles, REDOC_STANDALONE, redocVersion } from '../bundles.ts';
import { formatValue } from '../results.ts';
import { gzipFile, listFiles, pageAssets } from '../sizes.ts';
import { ensureSite, pageKind, SUBJECT } from '../sites.ts';
import { median } from '../stats.ts';
import type { DocName } from '../paths.ts';

const SECTION = 'weight';
const KiB = 1024;

interface PageWeight {
  pages: number;
  medianHtml: number;
  largestHtml: number;
  medianRaw: number;
  assets: number;
  remote: string[];
}

/** The operation pages of a built site, weighed; the median page's CSS and JS stand for all. */
function weighOperationPages(root: string, tool: 'ours' | 'starlight-openapi'): PageWeight | undefined {
  const pages = listFiles(root)
    .filter((f) => pageKind(tool, f) === 'operation')
    .map((f) => ({ ...f, gzip: gzipFile(join(root, f.path)) }))
    .sort((a, b) => a.gzip - b.gzip);
  if (pages.length === 0) return undefined;
  const middle = pages[(pages.length - 1) >> 1]!; // pages is not empty
  const { local, remote } = pageAssets(root, middle.path);
  return {
    pages: pages.length,
    medianHtml: median(pages.map((p) => p.gzip)),
    largestHtml: pages.at(-1)!.gzip,
    medianRaw: median(pages.map((p) => p.bytes)),
    assets: local.reduce((n, f) => n + gzipFile(f), 0),
    remote,
  };
}

export async function runWeight(ctx: Context): Promise<void> {
  const { results } = ctx;
  const docs = ctx.options.docs;
  for (const doc of docs) {
    for (const tool of ['ours', 'starlight-openapi'] as const) {
      ctx.log(`weight ${doc}: ${SUBJECT[tool]}`);
      const root = await ensureSite(tool, doc);
      const w = weighOperationPages(root, tool);
      if (!w) throw new Error(`No operation pages found in ${root}`);
      record(ctx, doc, SUBJECT[tool], w.medianHtml, w.largestHtml, w.medianRaw, w.assets);
      if (w.remote.length) results.note(`${SUBJECT[tool]} pages (${doc}) also load ${w.remote.join(', ')}.`);
    }
    // Redoc puts every operation on one page; its script comes from a CDN (the same file as its bundle).
    ctx.log(`weight ${doc}: redocly build-docs`);
    const redocRoot = await ensureSite('redocly', doc);
    const page = gzipFile(join(redocRoot, 'index.html'));
    const script = gzipFile(REDOC_STANDALONE);
    record(
      ctx,
      doc,
      `${SUBJECT.redocly} (${redocVersion()}, one page for all)`,
      page,
      page,
      listFiles(redocRoot).find((f) => f.path === 'index.html')!.bytes,
      script,
    );

    const ours = results.find(SECTION, doc, 'ours', 'operation page HTML, median');
    const shared = results.find(SECTION, doc, 'ours', 'CSS + JS the page loads');
    const kib = (n: number) => formatValue(n, 'bytes');
    results.target(SECTION, `median operation page HTML ≤ 12 KiB gzip (${doc})`, ours?.median, 12 * KiB, { better: 'lower', format: kib, goal: '≤ 12.0 KiB' });
    // The reference page's budget: the examples column, tabs and try-it in place, still under 40 KiB.
    results.target(SECTION, `CSS + JS an operation page loads ≤ 40 KiB gzip (${doc})`, shared?.median, 40 * KiB, {
      better: 'lower',
      format: kib,
      goal: '≤ 40.0 KiB',
    });
  }
  // The other single-page references load the same bundle whatever the document; listed once,
  // beside the largest document measured, for the ratio column.
  const doc: DocName | undefined = docs.includes('github') ? 'github' : docs.at(-1);
  if (!doc) return;
  for (const bundle of bundles()) {
    results.add(SECTION, doc, bundle.subject, 'CSS + JS the page loads', 'bytes', [bundle.files.reduce((n, f) => n + gzipFile(f), 0)]);
  }
  results.note(
    "Page weight is gzip at level 6 (what a web server sends); a page's CSS and JS are its stylesheets, scripts and module preloads and the modules they import statically, measured for the median operation page.",
  );
}

function record(ctx: Context, doc: DocName, subject: string, medianHtml: number, largestHtml: number, medianRaw: number, assets: number): void {
  const { results } = ctx;
  results.add(SECTION, doc, subject, 'operation page HTML, median', 'bytes', [medianHtml]);
  results.add(SECTION, doc, subject, 'operation page HTML, largest', 'bytes', [largestHtml]);
  results.add(SECTION, doc, subject, 'operation page HTML, median raw (not gzipped)', 'bytes', [medianRaw]);
  results.add(SECTION, doc, subject, 'CSS + JS the page loads', 'bytes', [assets]);
  results.add(SECTION, doc, subject, 'total for one operation page (median HTML + CSS + JS)', 'bytes', [medianHtml + assets]);
}
