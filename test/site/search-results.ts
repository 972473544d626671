// Search on a built portal as a reader uses it: open the search box on a page, type, and read the
// results once the dialog has said what it found for that query (it says so after it has written
// them).
import type { Browser, Page } from 'playwright-core';
import { WAIT_MS } from '../helpers/wait.ts';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Opens the search dialog of the page and waits for its box. */
export async function openSearch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search', exact: true, disabled: false }).click();
  await page.getByRole('searchbox', { name: 'Search' }).waitFor({ state: 'visible', timeout: WAIT_MS });
}

/** Types a query into the open dialog and waits until its results are shown ("3 results for x", "No results for x"). */
export async function typeQuery(page: Page, term: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(term);
  const said = new RegExp(`^(No|\\d+\\+?) results? for ${literal(term.trim())}$`);
  await page.getByRole('dialog', { name: 'Search' }).getByRole('status').filter({ hasText: said }).waitFor({ timeout: WAIT_MS });
}

/** The links of the results shown, as paths. */
export function resultPaths(page: Page): Promise<string[]> {
  return page
    .getByRole('list', { name: 'Search results' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** The pages (paths) the first results link to, on a fresh page at `url`. */
export async function searchResults(browser: Browser, url: string, term: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(url);
    await openSearch(page);
    await typeQuery(page, term);
    return await resultPaths(page);
  } finally {
    await page.close();
  }
}
