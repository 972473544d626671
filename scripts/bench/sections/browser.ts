// 3. Page load in Chromium: time to the load event, to the title on screen, and JS heap once
// settled, for an operation page of ours, starlight-openapi's, and Redoc's one page from
// `redocly build-docs` (its script rewritten from Redocly's CDN, unreachable here, to the same
// file served locally). Then where the request sample and the first response example sit when
// an operation opens, ours beside Scalar, Redoc and Stoplight Elements (positions.ts).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../browser.ts';
import { measureOurs, measureTool, VIEWPORTS, type Edges, type OperationRef, type Viewport } from '../positions.ts';
import { referenceSite } from '../references.ts';
import { median } from '../stats.ts';
import type { Context } from '../context.ts';
import { bundles, REDOC_STANDALONE, redocVersion } from '../bundles.ts';
import { anchorPath, TMP, type DocName } from '../paths.ts';
import { formatValue } from '../results.ts';
import { gzipFile, listFiles } from '../sizes.ts';
import { copySite, ensureSite, pageKind, SUBJECT } from '../sites.ts';
import { serveStatic, type StaticServer } from '../../infra/serve-static.ts';

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
  const middle = pages[(pages.length - 1) >> 1];
  if (!middle) throw new Error(`No operation pages in ${root}`);
  return `/${middle.path.replace(/index\.html$/, '')}`;
}

/**
 * starlight-openapi's page for the same operation as our page: our Markdown copy names the
 * method and path, our /openapi.json the operationId, and the plugin slugs it with
 * github-slugger (operations/<slug>/, or operations/<slug>/<method>/ when the id repeats).
 */
async function sameOperationPage(oursRoot: string, oursPath: string, sloRoot: string): Promise<string | undefined> {
  try {
    const md = readFileSync(join(oursRoot, `${oursPath.replace(/\/$/, '')}.md`), 'utf8');
    const [, method = '', path = ''] = /^`([A-Z]+) ([^`]+)`$/m.exec(md) ?? [];
    if (!method) return undefined;
    const doc = JSON.parse(readFileSync(join(oursRoot, 'openapi.json'), 'utf8'));
    const id: string | undefined = doc.paths?.[path]?.[method.toLowerCase()]?.operationId;
    if (!id) return undefined;
    const { slug } = (await import(pathToFileURL(anchorPath('github-slugger/index.js')).href)) as { slug(s: string): string };
    for (const candidate of [`/api/operations/${slug(id)}/`, `/api/operations/${slug(id)}/${slug(method.toLowerCase())}/`]) {
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

/** Runs in the page from its first moment: the time of the first frame with a non-empty h1 on screen. */
function watchTitle(): void {
  const w = window as unknown as { __titleAt?: number };
  const check = () => {
    const h1 = document.querySelector('h1');
    const rect = h1?.getBoundingClientRect();
    if (h1?.textContent?.trim() && rect && rect.height > 0 && rect.top < innerHeight) w.__titleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

async function measure(browser: Browser, url: string, blocked: Set<string>): Promise<{ loadMs: number; heap: number; titleMs: number }> {
  const context = await browser.newContext();
  await context.addInitScript(watchTitle);
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
    await page
      .waitForFunction(() => (window as unknown as { __titleAt?: number }).__titleAt !== undefined, undefined, { timeout: 60_000 })
      .catch(() => undefined);
    const titleMs = await page.evaluate(() => (window as unknown as { __titleAt?: number }).__titleAt ?? Number.NaN);
    await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
    await page.waitForTimeout(SETTLE_MS);
    const cdp = await context.newCDPSession(page);
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { loadMs, heap: usedSize, titleMs };
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
      const ours: Subject = { subject: SUBJECT.ours, root: oursRoot, path: oursPath };
      const subjects: Subject[] = [ours, { subject: SUBJECT['starlight-openapi'], root: sloRoot, path: sloPath }];
      subjects.push({ subject: `${SUBJECT.redocly} (${redocVersion()})`, root: localRedoc(doc, await ensureSite('redocly', doc)), path: '/' });
      const urls = new Map<Subject, string>();
      for (const s of subjects) {
        const server = await serveStatic(s.root, { host: '127.0.0.1' });
        servers.push(server);
        urls.set(s, server.url + s.path);
      }
      const load = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
      const heap = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
      const title = new Map<Subject, number[]>(subjects.map((s) => [s, []]));
      const blocked = new Set<string>();
      // One load each first, untimed: the first page a fresh browser opens pays its own start-up.
      for (const s of subjects) await measure(browser, urls.get(s)!, blocked);
      for (let run = 1; run <= ctx.options.runs; run++) {
        for (const s of subjects) {
          ctx.log(`browser ${doc}: ${s.subject} ${s.path}, run ${run}/${ctx.options.runs}`);
          const m = await measure(browser, urls.get(s)!, blocked);
          load.get(s)!.push(m.loadMs);
          heap.get(s)!.push(m.heap);
          if (Number.isFinite(m.titleMs)) title.get(s)!.push(m.titleMs);
          ctx.log(`  load ${formatValue(m.loadMs, 'ms')}, title ${formatValue(m.titleMs, 'ms')}, heap ${formatValue(m.heap, 'bytes')}`);
        }
      }
      for (const s of subjects) results.add(SECTION, doc, s.subject, 'load event', 'ms', load.get(s)!);
      for (const s of subjects) results.add(SECTION, doc, s.subject, 'JS heap once settled', 'bytes', heap.get(s)!);
      for (const s of subjects) if (title.get(s)!.length > 0) results.add(SECTION, doc, s.subject, 'title visible', 'ms', title.get(s)!);
      const oursTitle = results.find(SECTION, doc, SUBJECT.ours, 'title visible');
      results.target(SECTION, `title visible ≤ 0.3 s (${doc})`, oursTitle?.median, 300, {
        better: 'lower',
        format: (n) => formatValue(n, 'ms'),
        goal: '≤ 300 ms',
      });
      await measurePositions(ctx, browser, doc, oursRoot, urls.get(ours)!.replace(oursPath, ''), servers);
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
    `Page load: headless Chromium, a new browser context (empty cache) per load, pages served uncompressed from 127.0.0.1; heap is CDP Runtime.getHeapUsage after garbage collection, ${SETTLE_MS} ms after the network went idle; "title visible" is the first animation frame with a non-empty h1 inside the window.`,
  );
  results.note(
    "Positions: top edge of the request sample's code and of the first response example's code, in CSS pixels from the top of the window, median over the operations measured; an operation that answers with no body has no example to place. Ours: each operation's page as it loads (below the site's header and the page title). \"Shown inside the window\" is how much of the first example's box is inside the window (a longer example scrolls in its box). Layout shift: Chromium's layout-shift entries while a page loads, until two frames after its load event, in all and those that move something inside `main` (Starlight's header and navigation can move by a pixel when Chromium paints before it has read them). Scalar, Redoc and Elements: their page loaded once per window size, then taken to each operation by their own links (Elements `#/operations/<id>`, Redoc `#/<tag>/<id>`, Scalar `#tag/<tag>/<METHOD><path>`), the operation's section at the top of the window. GitHub: ours on 100 operations spread over the document, the single-page references on every fourth of them.",
  );
}

/** GitHub's operations measured: 100 spread evenly over the document for ours, every fourth of them for the single-page references (each takes seconds to reach). */
const GITHUB_SAMPLE = 100;
const GITHUB_REFERENCE_STEP = 4;

/** Our operations with their pages, from the Markdown copies (which name method and path) and the published description. */
function operationsOf(oursRoot: string, doc: DocName): OperationRef[] {
  const described = JSON.parse(readFileSync(join(oursRoot, 'openapi.json'), 'utf8'));
  const ops = readdirSync(join(oursRoot, 'operations'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .flatMap((file) => {
      const [, method = '', path = ''] = /^`([A-Z]+) ([^`]+)`$/m.exec(readFileSync(join(oursRoot, 'operations', file), 'utf8')) ?? [];
      if (!method) return [];
      const raw = described.paths?.[path]?.[method.toLowerCase()];
      const responses = Object.values((raw?.responses ?? {}) as Record<string, { $ref?: string; content?: unknown }>).map((r) =>
        r.$ref ? described.components?.responses?.[r.$ref.split('/').pop() ?? ''] : r,
      );
      const answers = responses.some((r) => r?.content && Object.keys(r.content).length > 0);
      return [{ method, path, operationId: raw?.operationId, tag: raw?.tags?.[0], answers, page: `/operations/${file.replace(/\.md$/, '')}/` }];
    });
  if (doc !== 'github' || ops.length <= GITHUB_SAMPLE) return ops;
  return Array.from({ length: GITHUB_SAMPLE }, (_, i) => ops[Math.floor((i * ops.length) / GITHUB_SAMPLE)]!); // index < ops.length
}

const POSITION_TOOLS = [
  { key: 'scalar', subject: () => (bundles()[0]?.subject ?? '').replace(' standalone', '') },
  { key: 'redoc', subject: () => redocVersion() },
  { key: 'elements', subject: () => (bundles()[1]?.subject ?? '').replace(' web components + CSS', '') },
] as const;

/** Medians and counts for the progress log. */
function summaryOf(edges: (Edges | undefined)[]): string {
  const shown = edges.filter((e): e is Edges => e !== undefined);
  const med = (values: number[]) => (values.filter(Number.isFinite).length ? Math.round(median(values.filter(Number.isFinite))) : '-');
  return `${shown.length}/${edges.length} shown, sample median ${med(shown.map((e) => e.sample))} px, example median ${med(shown.map((e) => e.example))} px`;
}

/** Both on the first screen: the sample, and the first example where the operation answers with a body at all. */
function onFirstScreen(e: Edges | undefined, op: OperationRef, height: number): boolean {
  return e !== undefined && e.sample < height && (e.example < height || (!op.answers && !Number.isFinite(e.example)));
}

/** Pages whose first example shows less than 400 px inside the window (or less than all of a shorter one). */
function cutExamples(edges: (Edges | undefined)[]): number {
  return edges.filter((e) => e?.visible !== undefined && e.visible < Math.min(400, e.full ?? 0)).length;
}

function recordEdges(
  ctx: Context,
  doc: DocName,
  subject: string,
  viewport: (typeof VIEWPORTS)[number],
  edges: (Edges | undefined)[],
  ops: OperationRef[],
): void {
  const shown = edges.filter((e): e is Edges => e !== undefined);
  const finite = (values: number[]) => values.filter(Number.isFinite);
  const samples = finite(shown.map((e) => e.sample));
  const examples = finite(shown.map((e) => e.example));
  const visible = shown.flatMap((e) => (e.visible === undefined ? [] : [e.visible]));
  const add = (metric: string, unit: 'px' | 'count' | 'score', values: number[], better: 'lower' | 'higher' = 'lower') => {
    if (values.length > 0) ctx.results.add(SECTION, doc, subject, metric, unit, values, better);
  };
  add(`request sample top edge at ${viewport.name} (median)`, 'px', samples.length ? [median(samples)] : []);
  add(`first response example top edge at ${viewport.name} (median)`, 'px', examples.length ? [median(examples)] : []);
  add(`first response example shown inside the window at ${viewport.name} (median)`, 'px', visible.length ? [median(visible)] : [], 'higher');
  const both = edges.filter((e, i) => ops[i] && onFirstScreen(e, ops[i], viewport.height)).length;
  add(`operations with both on the first screen at ${viewport.name} (of ${edges.length})`, 'count', [both], 'higher');
  const shifts = shown.flatMap((e) => (e.shift === undefined ? [] : [e.shift]));
  if (shifts.length > 0) {
    add(`layout shift while a page loads at ${viewport.name}, largest`, 'score', [Math.max(...shifts)]);
    add(`layout shift of the reference's content while a page loads at ${viewport.name}, largest`, 'score', [
      Math.max(...shown.map((e) => e.contentShift ?? 0)),
    ]);
  }
}

/** Ours against the first screen's targets: positions and the example shown at 1440×900, the phone's share, no layout shift. */
function firstScreenTargets(ctx: Context, doc: DocName, viewport: Viewport, ours: (Edges | undefined)[], ops: OperationRef[]): void {
  const { results } = ctx;
  const shown = ours.filter((e): e is Edges => e !== undefined);
  const med = (values: number[]) => (values.filter(Number.isFinite).length ? median(values.filter(Number.isFinite)) : undefined);
  const px = (n: number) => formatValue(n, 'px');
  const scope = `${doc}, ${ops.length} operations`;
  if (viewport.width === 1440) {
    results.target(SECTION, `request sample top ≤ 250 px at 1440×900, median (${scope})`, med(shown.map((e) => e.sample)), 250, {
      better: 'lower',
      format: px,
      goal: '≤ 250 px',
    });
    results.target(SECTION, `first response example top ≤ 450 px at 1440×900, median (${scope})`, med(shown.map((e) => e.example)), 450, {
      better: 'lower',
      format: px,
      goal: '≤ 450 px',
    });
    results.target(SECTION, `first example shows at least 400 px (or all of it) at 1440×900 (${scope})`, cutExamples(ours), 0, {
      better: 'lower',
      format: (n) => `${n} page${n === 1 ? '' : 's'} not`,
      goal: 'all',
    });
  }
  if (viewport.width < 600 && doc === 'github') {
    const both = ours.filter((e, i) => ops[i] && onFirstScreen(e, ops[i], viewport.height)).length;
    results.target(SECTION, `request sample and first example on a phone's first screen (${scope})`, (100 * both) / ours.length, 90, {
      better: 'higher',
      format: (n) => `${n.toFixed(0)}%`,
      goal: '≥ 90%',
    });
  }
  results.target(
    SECTION,
    `no layout shift of the reference's content while a page loads at ${viewport.name} (${scope})`,
    Math.max(0, ...shown.map((e) => e.contentShift ?? 0)),
    0,
    { better: 'lower', format: (n) => n.toFixed(4), goal: '0' },
  );
}

async function measurePositions(ctx: Context, browser: Browser, doc: DocName, oursRoot: string, oursBase: string, servers: StaticServer[]): Promise<void> {
  const ops = operationsOf(oursRoot, doc);
  const bundled = join(oursRoot, 'openapi.json');
  const urls: Record<string, string> = {};
  for (const tool of ['scalar', 'elements'] as const) {
    const server = await serveStatic(referenceSite(tool, doc, bundled), { host: '127.0.0.1' });
    servers.push(server);
    urls[tool] = `${server.url}/`;
  }
  const redoc = await serveStatic(localRedoc(doc, await ensureSite('redocly', doc)), { host: '127.0.0.1' });
  servers.push(redoc);
  urls.redoc = `${redoc.url}/`;
  for (const viewport of VIEWPORTS) {
    ctx.log(`positions ${doc} at ${viewport.name}: ours, ${ops.length} operations`);
    const ours = await measureOurs(browser, oursBase, ops, viewport);
    recordEdges(ctx, doc, SUBJECT.ours, viewport, ours, ops);
    firstScreenTargets(ctx, doc, viewport, ours, ops);
    ctx.log(`  ours: ${summaryOf(ours)}`);
    const theirs = doc === 'github' ? ops.filter((_, i) => i % GITHUB_REFERENCE_STEP === 0) : ops;
    for (const tool of POSITION_TOOLS) {
      ctx.log(`positions ${doc} at ${viewport.name}: ${tool.key}, ${theirs.length} operations`);
      const measured = await measureTool(tool.key, browser, urls[tool.key] ?? '', theirs, viewport).catch((error: Error) => ({
        edges: [] as (Edges | undefined)[],
        failure: error.message.split('\n')[0],
      }));
      if (measured.failure) ctx.results.note(`Positions (${doc}): ${tool.subject()} showed no operation at ${viewport.name}: ${measured.failure}.`);
      else recordEdges(ctx, doc, tool.subject(), viewport, measured.edges, theirs);
      ctx.log(`  ${tool.key}: ${measured.failure ?? summaryOf(measured.edges)}`);
      const broken = 'broken' in measured ? (measured.broken ?? []) : [];
      if (broken.length > 0) {
        ctx.results.note(
          `Positions (${doc}): ${tool.subject()} crashed building the example of ${broken.length} of ${theirs.length} operations (${broken.slice(0, 3).join(', ')}) and shows its error there instead; its position is measured all the same.`,
        );
      }
    }
  }
}
