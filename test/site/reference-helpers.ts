// What the reference tests read off an operation page in Chromium.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';

export interface FirstScreen {
  /** Top edge of the visible request sample's code, in CSS pixels from the top of the viewport; Infinity when absent. */
  sample: number;
  /** Top edge of the first response example shown; Infinity when the page has none. */
  example: number;
  /** How much of the first example is inside the window, and how tall it is in all (its scrolled height). */
  exampleVisible: number;
  exampleFull: number;
  /** The document's width: wider than the viewport means a sideways scroll. */
  width: number;
}

/** Where the request sample and the first response example start, as the page first shows them. */
export function firstScreen(page: Page): Promise<FirstScreen> {
  return page.evaluate(() => {
    const shown = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.getClientRects().length > 0);
    const sample = shown('.request-sample pre');
    const example = shown('.response-examples pre');
    const box = example?.getBoundingClientRect();
    return {
      sample: sample ? sample.getBoundingClientRect().top : Number.POSITIVE_INFINITY,
      example: box ? box.top : Number.POSITIVE_INFINITY,
      exampleVisible: box ? Math.max(0, Math.min(box.bottom, innerHeight) - box.top) : 0,
      exampleFull: example ? example.scrollHeight : 0,
      width: document.documentElement.scrollWidth,
    };
  });
}

/** The median of some numbers (the upper one of the two middle ones). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}

/**
 * Records layout shifts of the page's content (any shift moving something inside `main`) from
 * the first moment of every page the context opens; read with `layoutShift`. Starlight's header
 * and navigation are left out: when Chromium paints before it has read them all, they can move
 * by a pixel or two, before the reference is drawn, on pages of any kind.
 */
export async function watchLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const w = window as unknown as { __shift: { value: number; moved: string[] } };
    w.__shift = { value: 0, moved: [] };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        const inContent = (entry.sources ?? []).filter((s) => (s.node instanceof Element ? s.node : s.node?.parentElement)?.closest('main'));
        if (entry.hadRecentInput || inContent.length === 0) continue;
        w.__shift.value += entry.value;
        // What moved, for the failure's message.
        for (const s of inContent) {
          const node = s.node instanceof Element ? s.node : s.node?.parentElement;
          w.__shift.moved.push(`${node?.tagName}.${node?.className} ${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shift of its content so far, once two frames have passed since its load (the last shifts are reported then), and what moved. */
export async function layoutShift(page: Page): Promise<{ value: number; moved: string[] }> {
  await page.waitForLoadState('load');
  return page.evaluate(
    () =>
      new Promise<{ value: number; moved: string[] }>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve((window as unknown as { __shift: { value: number; moved: string[] } }).__shift))),
      ),
  );
}

/** The text of the first element matching `selector` that is shown. */
export async function visibleText(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.getClientRects().length > 0)?.textContent ?? '', selector);
}

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** Each page's first screen in a window of this size, in a fresh context with no choice kept. */
export async function firstScreens(browser: Browser, urls: string[], viewport: { width: number; height: number }): Promise<FirstScreen[]> {
  const context = await browser.newContext({ viewport });
  try {
    const page = await context.newPage();
    const out: FirstScreen[] = [];
    for (const url of urls) {
      await page.goto(url);
      out.push(await firstScreen(page));
    }
    return out;
  } finally {
    await context.close();
  }
}

/**
 * The reader's first screen over a site's operation pages: at 1440×900 the sample starts by
 * 250 px and the first example by 450 px (medians), both inside the window on every page, and
 * at least 400 px of the example shown (all of a shorter one); on a 390 px phone both inside
 * the first screen on at least 90% of the pages, with no sideways scroll.
 */
export async function expectTightFirstScreen(browser: Browser, urls: string[]): Promise<void> {
  const wide = await firstScreens(browser, urls, DESKTOP);
  expect(median(wide.map((s) => s.sample)), 'median request sample top at 1440×900').toBeLessThanOrEqual(250);
  const examples = wide.filter((s) => Number.isFinite(s.example));
  expect(examples.length).toBeGreaterThan(urls.length / 2);
  expect(median(examples.map((s) => s.example)), 'median first example top at 1440×900').toBeLessThanOrEqual(450);
  wide.forEach((s, i) => {
    expect(s.sample, `${urls[i]} sample`).toBeLessThan(DESKTOP.height);
    if (!Number.isFinite(s.example)) return;
    expect(s.example, `${urls[i]} example`).toBeLessThan(DESKTOP.height);
    expect(s.exampleVisible, `${urls[i]} example shown`).toBeGreaterThanOrEqual(Math.min(400, s.exampleFull));
  });
  const phone = await firstScreens(browser, urls, PHONE);
  const onScreen = phone.filter((s) => s.sample < PHONE.height && (s.example < PHONE.height || !Number.isFinite(s.example)));
  expect(onScreen.length / urls.length, "share of pages with both on a phone's first screen").toBeGreaterThanOrEqual(0.9);
  for (const [i, s] of phone.entries()) expect(s.width, `${urls[i]} phone width`).toBeLessThanOrEqual(PHONE.width);
}
