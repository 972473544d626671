// What the reference tests read off an operation page in Chromium.
import type { Page } from 'playwright-core';

export interface FirstScreen {
  /** Top edge of the visible request sample's code, in CSS pixels from the top of the viewport; Infinity when absent. */
  sample: number;
  /** Top edge of the first response example shown; Infinity when the page has none. */
  example: number;
  /** The document's width: wider than the viewport means a sideways scroll. */
  width: number;
}

/** Where the request sample and the first response example start, as the page first shows them. */
export function firstScreen(page: Page): Promise<FirstScreen> {
  return page.evaluate(() => {
    const top = (selector: string) => {
      const shown = [...document.querySelectorAll<HTMLElement>(selector)].find((e) => e.getClientRects().length > 0);
      return shown ? shown.getBoundingClientRect().top : Number.POSITIVE_INFINITY;
    };
    return { sample: top('.request-sample pre'), example: top('.response-examples pre'), width: document.documentElement.scrollWidth };
  });
}

/** The text of the first element matching `selector` that is shown. */
export async function visibleText(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.getClientRects().length > 0)?.textContent ?? '', selector);
}
