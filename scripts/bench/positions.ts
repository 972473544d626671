// Where a reader finds the request sample and the first response example when an operation
// opens: the top edge of each, in CSS pixels from the top of the window, at 1440×900,
// 1920×1080 and on a 390 px phone, and how much of the example is inside the window; for our
// pages also how much they move while they load (layout shift). Ours: each operation's own page as loaded. The single-page
// references (Scalar, Redoc, Stoplight Elements) load once per window size and are taken to
// each operation the way their navigation does: Elements by its hash route, Scalar and Redoc
// by scrolling the operation's section to the top of the window.
import type { Browser, Page } from 'playwright-core';

export interface Viewport {
  name: string;
  width: number;
  height: number;
}

export const VIEWPORTS: Viewport[] = [
  { name: '1440×900', width: 1440, height: 900 },
  { name: '1920×1080', width: 1920, height: 1080 },
  { name: '390 px phone', width: 390, height: 844 },
];

export interface OperationRef {
  method: string;
  path: string;
  operationId?: string;
  /** The operation's first tag, for the references that route by it. */
  tag?: string;
  /** Whether any of its responses has a body (else there is no response example to find). */
  answers: boolean;
  /** Our page's path, `/operations/<slug>/`. */
  page: string;
}

export interface Edges {
  sample: number;
  example: number;
  /** How much of the first example is inside the window, and its whole height (scrolled in its box or not). */
  visible?: number;
  full?: number;
  /** Ours only: the page's layout shift while it loads, in all and of the reference's own content (inside `main`). */
  shift?: number;
  contentShift?: number;
}

/**
 * How a tool's page shows an operation's samples: the operation's container, and either labels
 * that come right before the request sample's and the first example's code, or (Redoc) the
 * right-hand panels holding them, the request's first.
 */
interface Finder {
  root: (op: OperationRef) => string | null;
  request: string;
  response: string;
  /** The code blocks are the first `pre` of the first and second of these panels. */
  panels?: string;
}

const FINDERS: Record<'scalar' | 'redoc' | 'elements', Finder> = {
  // Scalar: a card "Request Example for …", then a card headed by the statuses.
  scalar: { root: (op) => `[id$="/${op.method.toUpperCase()}${op.path}"]`, request: '^Request Example', response: '^Status: ' },
  // Redoc 3: a section per operation (its operationId, lower-cased), request and answers in two right-hand panels.
  redoc: {
    root: (op) => (op.operationId ? `[data-section-id$="/${op.operationId.toLowerCase()}"]` : null),
    request: '',
    response: '',
    panels: '[data-testid="right-panel"]',
  },
  // Elements: panels titled "Request Sample: …" and "Response Example".
  elements: { root: () => null, request: '^Request Sample', response: '^Response Example' },
};

/** In the page: the top of the first code block after a label matching each pattern (or in each panel), within `root`. */
function edgesInPage(args: { root: string | null; request: string; response: string; panels?: string }): Edges {
  const scope: ParentNode = (args.root ? document.querySelector(args.root) : document) ?? document;
  const shown = (e: Element) => e.getClientRects().length > 0;
  const top = (e: Element | undefined) => (e ? e.getBoundingClientRect().top : Number.POSITIVE_INFINITY);
  const edges = (sample: Element | undefined, example: Element | undefined) => {
    const box = example?.getBoundingClientRect();
    return {
      sample: top(sample),
      example: top(example),
      ...(box && example ? { visible: Math.max(0, Math.min(box.bottom, innerHeight) - box.top), full: example.scrollHeight } : {}),
    };
  };
  if (args.panels) {
    const panels = [...scope.querySelectorAll(args.panels)].filter(shown);
    const code = (panel: Element | undefined) => [...(panel?.querySelectorAll('pre') ?? [])].find(shown);
    return edges(code(panels[0]), code(panels[1]));
  }
  const after = (pattern: string): HTMLElement | undefined => {
    const re = new RegExp(pattern);
    const label = [...scope.querySelectorAll<HTMLElement>('h2, h3, h4, h5, span, div, p, summary, button')].find(
      (e) => shown(e) && re.test((e.textContent ?? '').trim()) && ![...e.children].some((c) => re.test((c.textContent ?? '').trim())),
    );
    if (!label) return undefined;
    return [...scope.querySelectorAll<HTMLElement>('pre')].find((pre) => shown(pre) && label.compareDocumentPosition(pre) & Node.DOCUMENT_POSITION_FOLLOWING);
  };
  return edges(after(args.request), after(args.response));
}

/** A tag as Redoc and Scalar write it in their routes: lower case, spaces as dashes. */
function slugOf(tag: string): string {
  return tag.toLowerCase().trim().replace(/\s+/g, '-');
}

function route(tool: keyof typeof FINDERS, op: OperationRef): string | undefined {
  if (tool === 'elements') return op.operationId ? `#/operations/${op.operationId}` : undefined;
  if (!op.tag) return undefined;
  if (tool === 'redoc') return op.operationId ? `#/${slugOf(op.tag)}/${op.operationId.toLowerCase()}` : undefined;
  return `#tag/${slugOf(op.tag)}/${op.method.toUpperCase()}${op.path}`;
}

/** Ours: the page's own request sample and first response example as it loads, and how much it moved while loading. */
async function oursEdges(page: Page): Promise<Edges> {
  return page.evaluate(
    () =>
      new Promise<Edges>((resolve) =>
        // Two frames after the load event: the last layout shifts are reported by then.
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const shown = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.getClientRects().length > 0);
            const sample = shown('.request-sample pre');
            const example = shown('.response-examples pre');
            const box = example?.getBoundingClientRect();
            const shifts = (window as unknown as { __shifts: { total: number; content: number } }).__shifts;
            resolve({
              sample: sample ? sample.getBoundingClientRect().top : Number.POSITIVE_INFINITY,
              example: box ? box.top : Number.POSITIVE_INFINITY,
              ...(box && example ? { visible: Math.max(0, Math.min(box.bottom, innerHeight) - box.top), full: example.scrollHeight } : {}),
              shift: shifts.total,
              contentShift: shifts.content,
            });
          }),
        ),
      ),
  );
}

/** In each page from its first moment: the layout shifts while it loads, in all and those that move something inside `main`. */
function watchShifts(): void {
  type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
  const shifts = { total: 0, content: 0 };
  (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as Shift[]) {
      if (entry.hadRecentInput) continue;
      shifts.total += entry.value;
      if ((entry.sources ?? []).some((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)?.closest('main'))) shifts.content += entry.value;
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

export async function measureOurs(browser: Browser, base: string, ops: OperationRef[], viewport: Viewport): Promise<Edges[]> {
  const context = await browser.newContext({ viewport });
  await context.addInitScript(watchShifts);
  try {
    const page = await context.newPage();
    const out: Edges[] = [];
    for (const op of ops) {
      await page.goto(base + op.page, { waitUntil: 'load' });
      out.push(await oursEdges(page));
    }
    return out;
  } finally {
    await context.close();
  }
}

export interface ToolMeasure {
  edges: (Edges | undefined)[];
  /** Operations whose example the tool failed to build and printed its error instead (Elements on a recursive oneOf). */
  broken?: string[];
  /** Why a page could not be measured (a crash), when it could not. */
  failure?: string;
}

/** A single-page reference: loaded once, then taken to each operation; undefined edges where it showed none. */
export async function measureTool(tool: keyof typeof FINDERS, browser: Browser, url: string, ops: OperationRef[], viewport: Viewport): Promise<ToolMeasure> {
  const context = await browser.newContext({ viewport });
  const errors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message.split('\n')[0] ?? ''));
    await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    const finder = FINDERS[tool];
    const edges: (Edges | undefined)[] = [];
    const broken: string[] = [];
    for (const op of ops) {
      // Each tool's own links: Elements `#/operations/<id>`, Redoc `#/<tag>/<id, lower-cased>`, Scalar
      // `#tag/<tag>/<METHOD><path>`; they render the operation (large documents lazily) and scroll to it.
      const hash = route(tool, op);
      if (!hash) {
        edges.push(undefined);
        continue;
      }
      await page.evaluate((h) => (location.hash = h), hash);
      const root = finder.root(op);
      if (root) {
        const found = await page.waitForSelector(root, { state: 'attached', timeout: 5_000 }).catch(() => null);
        if (!found) {
          edges.push(undefined);
          continue;
        }
        // Where the tool's own link lands may be a little off the section's top: the section is put at the top, the same for both.
        await found.evaluate((e) => e.scrollIntoView({ block: 'start' }));
      }
      // The tool renders on its own schedule: wait until both code blocks are there (or give up after 3 s).
      let measured: Edges = { sample: Number.POSITIVE_INFINITY, example: Number.POSITIVE_INFINITY };
      const args = { root: finder.root(op), request: finder.request, response: finder.response, panels: finder.panels };
      for (let waited = 0; waited < 3000; waited += 100) {
        measured = await page.evaluate(edgesInPage, args);
        if (Number.isFinite(measured.sample) && Number.isFinite(measured.example)) break;
        await page.waitForTimeout(100);
      }
      edges.push(Number.isFinite(measured.sample) || Number.isFinite(measured.example) ? measured : undefined);
      const failed = await page.evaluate(() =>
        [...document.querySelectorAll('pre')].some((pre) => pre.getClientRects().length > 0 && /RangeError|cannot be created/.test(pre.textContent ?? '')),
      );
      if (failed) broken.push(op.operationId ?? `${op.method} ${op.path}`);
      // A tool that shows none of the first operations shows none of the rest either: said once, not waited for each.
      if (edges.length === 3 && edges.every((e) => e === undefined)) {
        return { edges, failure: errors[0] ?? `none of the first ${edges.length} operations showed a request sample or a response example` };
      }
    }
    return { edges, broken, failure: errors.length > 0 && edges.every((e) => e === undefined) ? errors[0] : undefined };
  } finally {
    await context.close();
  }
}
