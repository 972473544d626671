// 3. Page load in Chromium: time to the load event and JS heap once settled, for an
// operation page of ours, starlight-openapi's, and Redoc's one page from `redocly build-docs`
// (its script rewritten from Redocly's CDN, unreachable here, to the same file served locally).
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser.ts';
import type { Context } from '../context.ts';
import { REDOC_STANDALONE, redocVersion } from '../bundles.ts';
import { anchorPath, TMP, type DocName } from '../paths.ts';
import { formatValue } from '../results.ts';
import { gzipFile, listFiles } from '../sizes.ts';
import { copySite, ensureSite, pageKind, SUBJECT } from '../sites.ts';
import { serveFolder, type StaticServer } from '../static-server.ts';

const SECTION = 'browser';
/** How long a page gets, after the network has gone quiet, before its heap is read. */
const SETTLE_MS = 1500;

interface Subject {
  subject: string;
  root: string;
  path: string;
}

/** The operation page of median gzip size: a typical page, not the smallest or the largest. */
function medianOperationPage(root: string, tool: 'ours' | 'starlight-openapi'): string {
  const pages = listFiles(root)
    .filter((f) => pageKind(tool, f) === 'operation')
    .map((f) => ({ path: f.path, gzip: gzipFile(join(root, f.path)) }))
    .sort((a, b) => a.gzip - b.gzip);
  if (!pages.length) throw new Error(`No operation pages in ${root}`);
  return '/' + pages[(pages.length - 1) >> 1].path.replace(/index\.html$/, '');
}

/**
 * starlight-openapi's page for the same operation as our page: our Markdown copy names the
 * method and path, our /openapi.json the operationId, and the plugin slugs it with
 * github-slugger (operations/<slug>/, or operations/<slug>/<method>/ when the id repeats).
 */
async function sameOperationPage(oursRoot: string, oursPath: string, sloRoot: string): Promise<string | undefined> {
  try {
    const md = readFileSync(join(oursRoot, oursPath.replace(/\/$/, '') + '.md'), 'utf8');
    const m = /^`([A-Z]+) ([^`]+)`$/m.exec(md);
    if (!m) return undefined;
    const doc = JSON.parse(readFileSync(join(oursRoot, 'openapi.json'), 'utf8'));
    const id: string | undefined = doc.paths?.[m[2]]?.[m[1].toLowerCase()]?.operationId;
    if (!id) return undefined;
    const { slug } = (await import(pathToFileURL(anchorPath('github-slugger/index.js')).href)) as { slug(s: string): string };
    for (const candidate of [`/api/operations/${slug(id)}/`, `/api/operations/${slug(id)}/${slug(m[1].toLowerCase())}/`]) {
      if (existsSync(join(sloRoot, candidate, 'index.html'))) return candidate;
    }
  } catch {
    // Any surprise in either layout: the caller falls back to the median page.
  }
  return undefined;
}

/** A copy of Redoc's page whose script is the local file, unchanged (its integrity hash still holds). */
function localRedoc(doc: DocName, built: string): string {
  const dir = join(TMP, 'serve', `redocly-${doc}`);
  copySite(built, dir);
  const page = join(dir, 'index.html');
  const html = readFileSync(page, 'utf8');
  const cdn = /https:\/\/cdn\.redocly\.com\/redoc\/v[^"']+\/bundles\/redoc\.standalone\.js/g;
  if (!cdn.test(html)) throw new Error(`Redoc's page for ${doc} does not load redoc.standalone.js from the CDN as expected`);
  mkdirSync(dir, { recursive: true });
  copyFileSync(REDOC_STANDALONE, join(dir, 'redoc.standalone.js'));
  writeFileSync(page, html.replace(cdn, '/redoc.standalone.js'));
  return dir;
}

async function measure(browser: Browser, url: string, blocked: Set<string>): Promise<{ loadMs: number; heap: number }> {
  const context = await browser.newContext();
  try {
    // Anything not on this machine is cut off at once rather than waited for.
    await context.route('**/*', (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === '127.0.0.1' || u.protocol === 'data:' || u.protocol === 'blob:') return route.continue();
      blocked.add(u.origin);
      return route.abort();
    });
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    const loadMs = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { loadMs, heap: usedSize };
  } finally {
    await context.close();
  }
}

export async function runBrowser(ctx: Context): Promise<void> {
  const { results } = ctx;
  const browser = await launchChromium();
  const servers: StaticServer[] = [];
  try {
    for (const doc of ctx.options.docs) {
      // Our median operation page, and the same operation in starlight-openapi's site.
      const oursRoot = await ensureSite('ours', doc);
      const oursPath = medianOperationPage(oursRoot, 'ours');
      const sloRoot = await ensureSite('starlight-openapi', doc);
      const sloPath = (await sameOperationPage(oursRoot, oursPath, sloRoot)) ?? medianOperationPage(sloRoot, 'starlight-openapi');
      const subjects: Subject[] = [
        { subject: SUBJECT.ours, root: oursRoot, path: oursPath },
        { subject: SUBJECT['starlight-openapi'], root: sloRoot, path: sloPath },
      ];
      subjects.push({ subject: `${SUBJECT.redocly} (${redocVersion()})`, root: localRedoc(doc, await ensureSite('redocly', doc)), path: '/' });
      const urls = new Map<Subject, string>();
      for (const s of subjects) {
        const server = await serveFolder(s.root);
        servers.push(server);
        urls.set(s, server.url + s.path);
      }
      const load = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
      const heap = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
      const blocked = new Set<string>();
      // One load each first, untimed: the first page a fresh browser opens pays its own start-up.
      for (const s of subjects) await measure(browser, urls.get(s)!, blocked);
      for (let run = 1; run <= ctx.options.runs; run++) {
        for (const s of subjects) {
          ctx.log(`browser ${doc}: ${s.subject} ${s.path}, run ${run}/${ctx.options.runs}`);
          const m = await measure(browser, urls.get(s)!, blocked);
          load.get(s)!.push(m.loadMs);
          heap.get(s)!.push(m.heap);
          ctx.log(`  load ${formatValue(m.loadMs, 'ms')}, heap ${formatValue(m.heap, 'bytes')}`);
        }
      }
      for (const s of subjects) results.add(SECTION, doc, s.subject, 'load event', 'ms', load.get(s)!);
      for (const s of subjects) results.add(SECTION, doc, s.subject, 'JS heap once settled', 'bytes', heap.get(s)!);
      results.note(
        `Page load (${doc}): ${subjects.map((s) => `${s.subject} ${s.path}`).join('; ')}` +
          (blocked.size ? `; requests off this machine were cut off: ${[...blocked].join(', ')}` : '') +
          '.',
      );
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  results.note(
    `Page load: headless Chromium, a new browser context (empty cache) per load, pages served uncompressed from 127.0.0.1; heap is CDP Runtime.getHeapUsage after garbage collection, ${SETTLE_MS} ms after the network went idle.`,
  );
}
