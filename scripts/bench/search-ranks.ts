// Search boxes driven in Chromium as a reader uses them: type the query, wait until the box shows
// its answer, read the results in order. Ours (the portal's dialog, more results loaded until
// enough are shown), Scalar's (its search modal over the standalone bundle's page, the options of
// its result list) and Pagefind alone (the same index queried through its own API with the same
// ranking, without the portal's rules: what the default search would show).
import type { Page } from 'playwright-core';

/** Results read per query: Scalar's search lists at most 25. */
export const RESULT_LIMIT = 25;

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Our portal's page with its search dialog open. */
export async function openOurSearch(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('portal-search button.open:not([disabled])').click();
  await page.getByRole('searchbox', { name: 'Search' }).waitFor({ state: 'visible', timeout: 30_000 });
}

/** Our results' paths for a query, in order, up to `limit`. */
export async function ourResults(page: Page, query: string, limit = RESULT_LIMIT): Promise<string[]> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(query);
  const said = new RegExp(`^(No|\\d+\\+?) results? for ${literal(query.trim())}$`);
  await page.locator('portal-search .search-status', { hasText: said }).waitFor({ timeout: 60_000 });
  const links = page.locator('portal-search .search-results a');
  const more = page.locator('portal-search button.search-more');
  while ((await links.count()) < limit && (await more.isVisible())) {
    const before = await links.count();
    await more.click();
    await page.waitForFunction((n) => document.querySelectorAll('portal-search .search-results a').length > n, before, { timeout: 60_000 });
  }
  const paths = await links.evaluateAll((all) => all.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  return paths.slice(0, limit);
}

/** Pagefind's own ranking of the same index, with the portal's ranking options: its results' paths. */
export async function pagefindAlone(page: Page, query: string, options: object, limit = RESULT_LIMIT): Promise<string[]> {
  return page.evaluate(
    async ([q, opts, n]) => {
      const pagefind = await import(/* @vite-ignore */ `${location.origin}/pagefind/pagefind.js`);
      await pagefind.options(opts);
      const found = await pagefind.search(q);
      const data = await Promise.all(found.results.slice(0, n).map((r: { data(): Promise<{ url: string }> }) => r.data()));
      return data.map((d) => new URL(d.url, location.origin).pathname);
    },
    [query, options, limit] as const,
  );
}

/** Scalar's page with its search modal open (a large document keeps the page busy for a while first). */
export async function openScalarSearch(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
  await page.getByRole('button', { name: /Open Search/ }).click({ timeout: 180_000 });
  await page.getByRole('combobox', { name: 'Enter search query' }).waitFor({ state: 'visible', timeout: 60_000 });
}

/**
 * Scalar's results for a query: its options' ids, which end with `/METHOD/path` for an operation.
 * Its list has no "done" state: it is read once it has stayed the same for half a second after
 * the query was typed.
 */
export async function scalarResults(page: Page, query: string): Promise<string[]> {
  await page.getByRole('combobox', { name: 'Enter search query' }).fill(query);
  const read = () => page.evaluate(() => [...document.querySelectorAll('[role="listbox"] [role="option"]')].map((o) => o.id));
  let last = await read();
  for (let same = 0, waited = 0; same < 5 && waited < 30_000; waited += 100) {
    await page.waitForTimeout(100);
    const now = await read();
    same = now.join('\n') === last.join('\n') ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** Where the named operation is in a list of results: its 1-based rank, or undefined when not among them. */
export function rankOf(results: readonly string[], matches: (result: string) => boolean): number | undefined {
  const at = results.findIndex(matches);
  return at < 0 ? undefined : at + 1;
}
